/**
 * The part of pdfkit (the PDF writer under @react-pdf/renderer, no types of its own) that
 * page-numbers.ts uses: a standard font's encoding and advances, kerning included.
 */
declare module 'pdfkit' {
  interface StandardFont {
    encode(text: string): [string[], { xAdvance: number; advanceWidth: number }[]];
  }
  export default class PDFDocument {
    constructor(options?: { autoFirstPage?: boolean });
    font(name: string): this;
    _font: StandardFont;
  }
}
