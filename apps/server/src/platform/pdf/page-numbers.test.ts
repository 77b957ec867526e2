import { createElement as h } from 'react';
import { Document, Page, Text, View } from '@react-pdf/renderer';
import { getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { base, PAGE_NUMBERS, PageFooter } from './components.js';
import { renderPdf } from './render.js';

const words = (n: number, of: number) => `Pagina ${n} di ${of}`;
const LEFT = 'Idraulica Rossi S.r.l. – Rapporto di intervento N. 2026-00042';

/** A document of `lines` paragraphs with the given footer: several pages for a hundred lines. */
const doc = (lines: number, footer: unknown) =>
  h(
    Document,
    null,
    h(
      Page,
      { size: 'A4', style: base.page },
      ...Array.from({ length: lines }, (_, i) => h(Text, { key: i }, `Riga ${i + 1}: sostituita la valvola n. ${i}`)),
      footer as never,
    ),
  );

/** Per page: its text items (string, x, y of the baseline). */
async function itemsOf(pdf: Buffer) {
  const d = await getDocumentProxy(new Uint8Array(pdf));
  const pages = [];
  for (let i = 1; i <= d.numPages; i++) {
    const content = await (await d.getPage(i)).getTextContent();
    pages.push(
      content.items
        .filter((x) => 'str' in x && x.str.trim() !== '')
        .map((x) => {
          const t = x as { str: string; transform: number[] };
          return { str: t.str, x: t.transform[4]!, y: t.transform[5]! };
        }),
    );
  }
  return pages;
}

describe('page numbers written onto the finished PDF', () => {
  it('prints "page n of m" on every page where react-pdf would, the rest of the document unchanged', async () => {
    // What react-pdf prints itself with a `render` text (two layouts), the reference.
    const reference = await renderPdf(
      doc(
        200,
        h(
          View,
          { style: base.footer, fixed: true },
          h(Text, null, LEFT),
          h(Text, {
            render: ({ pageNumber, totalPages }: { pageNumber: number; totalPages: number }) =>
              words(pageNumber, totalPages),
          }),
        ),
      ),
    );
    const stamped = await renderPdf(doc(200, h(PageFooter, { left: LEFT, page: words })), {
      pageNumbers: { text: words, style: PAGE_NUMBERS },
    });
    const want = await itemsOf(reference);
    const got = await itemsOf(stamped);
    expect(want.length).toBe(3);
    expect(got.length).toBe(want.length);
    got.forEach((items, i) => {
      const number = items.filter((x) => /^Pagina \d+ di \d+$/.test(x.str));
      expect(number.map((x) => x.str)).toEqual([`Pagina ${i + 1} di 3`]);
      const same = want[i]!.find((x) => x.str === number[0]!.str)!;
      expect(number[0]!.x).toBeCloseTo(same.x, 2);
      expect(number[0]!.y).toBeCloseTo(same.y, 2);
      // Everything else on the page is where it was.
      const rest = (xs: typeof items) =>
        xs.filter((x) => !x.str.startsWith('Pagina')).map((x) => [x.str, x.x.toFixed(2), x.y.toFixed(2)]);
      expect(rest(items)).toEqual(rest(want[i]!));
    });
  });

  it('numbers a one-page document "1 of 1" and keeps a valid file after the update', async () => {
    const pdf = await renderPdf(doc(3, h(PageFooter, { left: LEFT, page: words })), {
      pageNumbers: { text: (n, of) => `Page ${n} of ${of}`, style: PAGE_NUMBERS },
    });
    expect(pdf.subarray(pdf.length - 6).toString()).toBe('%%EOF\n');
    const [page] = await itemsOf(pdf);
    expect(page!.map((x) => x.str)).toContain('Page 1 of 1');
    expect(page!.map((x) => x.str)).toContain(LEFT);
  });
});
