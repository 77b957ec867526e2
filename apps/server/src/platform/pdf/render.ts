import type { ReactElement } from 'react';
import { Font, renderToBuffer, type DocumentProps } from '@react-pdf/renderer';
import { stampPageNumbers, type PageNumberStyle } from './page-numbers.js';

/**
 * Shared mechanics of the PDF documents (DESIGN: `@react-pdf/renderer` on the server). The fonts are
 * PDF's standard Helvetica family: built into every reader, nothing to download or ship, and their
 * WinAnsi encoding holds what Italian and English documents need (à è é ì ò ù, €, «», –, —). A
 * character outside it (Greek, Cyrillic, CJK, emoji) would print wrong: a document that must carry
 * one needs an embedded TTF registered here with `Font.register`.
 */
export const FONT = 'Helvetica';
export const FONT_BOLD = 'Helvetica-Bold';
export const FONT_ITALIC = 'Helvetica-Oblique';

// Words are never split with a hyphen (react-pdf's default hyphenation is English).
Font.registerHyphenationCallback((word) => [word]);

export interface RenderOptions {
  /**
   * "Page n of m" in the document's words, written at the bottom right of every page after the
   * render (page-numbers.ts: one layout instead of react-pdf's two for a `render` text).
   */
  pageNumbers?: { text: (n: number, of: number) => string; style: PageNumberStyle };
}

/** Renders a document (a react-pdf `<Document>`) to the bytes of a PDF file. */
export async function renderPdf(document: ReactElement<DocumentProps>, options: RenderOptions = {}): Promise<Buffer> {
  const pdf = await renderToBuffer(document);
  return options.pageNumbers ? stampPageNumbers(pdf, options.pageNumbers.text, options.pageNumbers.style) : pdf;
}

export { PDF_IMAGE_TYPES } from './images.js';
