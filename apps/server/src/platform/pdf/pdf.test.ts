import { createElement as h } from 'react';
import { Document, Page, Text } from '@react-pdf/renderer';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { pdfDate, pdfDateOf, pdfDateTime, pdfDecimal, pdfMoney } from './format.js';
import { FONT, FONT_BOLD, renderPdf } from './render.js';

describe('PDF mechanics', () => {
  it('writes money, quantities and dates the document language way', () => {
    const nb = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');
    expect(nb(pdfMoney('2450', 'IT'))).toBe('2.450,00 €');
    expect(nb(pdfMoney('1234567.5', 'IT'))).toBe('1.234.567,50 €');
    expect(pdfMoney('2450', 'EN')).toBe('€2,450.00');
    expect(nb(pdfMoney('0.1', 'IT', 'CHF'))).toBe('0,10 CHF');
    expect(pdfMoney(null, 'IT')).toBe('');
    expect(pdfDecimal('3.5', 'IT')).toBe('3,5');
    expect(pdfDecimal('1500', 'EN')).toBe('1,500');
    expect(pdfDate('2026-11-02')).toBe('02/11/2026');
    // 23:30 UTC on 31 October is already 1 November in Rome (UTC+1 after the clocks went back).
    expect(pdfDateTime('2026-10-31T23:30:00.000Z', 'Europe/Rome')).toBe('01/11/2026 00:30');
    expect(pdfDateOf(new Date('2026-06-30T22:15:00Z'), 'Europe/Rome')).toBe('01/07/2026');
  });

  it('renders Italian accents and the euro sign with the built-in Helvetica', async () => {
    const line = 'Perché è già lì? Più giù, città: à è é ì ò ù À È – 2.450,00 € «ok»';
    const pdf = await renderPdf(
      h(
        Document,
        null,
        h(
          Page,
          { size: 'A4' },
          h(Text, { style: { fontFamily: FONT } }, line),
          h(Text, { style: { fontFamily: FONT_BOLD } }, 'Totale IVA esclusa: 1.160,00 €'),
        ),
      ),
    );
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
    expect(text).toContain(line);
    expect(text).toContain('Totale IVA esclusa: 1.160,00 €');
  });
});
