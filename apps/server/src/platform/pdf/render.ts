import type { ReactElement } from 'react';
import { Font, renderToBuffer, type DocumentProps } from '@react-pdf/renderer';

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

/** Renders a document (a react-pdf `<Document>`) to the bytes of a PDF file. */
export async function renderPdf(document: ReactElement<DocumentProps>): Promise<Buffer> {
  return renderToBuffer(document);
}

export { PDF_IMAGE_TYPES } from './images.js';
