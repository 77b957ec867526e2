import PDFDocument from 'pdfkit';

/**
 * "Page n of m" written onto a finished PDF (issue 25). react-pdf can print it itself with a
 * `render={({ pageNumber, totalPages }) => …}` text, but any such text makes it lay every page out
 * again once the page count is known, about a third of a report's render. The documents instead
 * print their footer without the number and this adds it afterwards, as an incremental update
 * (PDF 1.7, 7.5.6): per page, a new version of the page object whose content ends with the text,
 * the font added to its resources. The original bytes stay as they were.
 *
 * It reads the file layout of the PDFs react-pdf writes (pdfkit's: one `N 0 obj … endobj` per object,
 * a classic cross-reference table, pages and resources as plain dictionaries). A file it cannot read
 * that way throws, so a change in the writer shows in the tests instead of in a document.
 */
export interface PageNumberStyle {
  /** Distance of the line's box from the page's right edge and bottom edge, in points (the footer's `right`, `bottom`). */
  right: number;
  bottom: number;
  fontSize: number;
  /** `#rrggbb`. */
  color: string;
}

// react-pdf lays a line of a standard font out 1.1 em tall, its baseline 0.9 em below the top
// (@react-pdf/font's ascent of 900 units): the baseline sits 0.2 em above the box's bottom.
const BASELINE_ABOVE_BOTTOM = 0.2;

let helvetica: PDFDocument['_font'] | null = null;

/** The text as a TJ array in Helvetica (WinAnsi), with its kerning, and its width at `size`. */
function shown(text: string, size: number): { tj: string; width: number } {
  if (!helvetica) {
    const doc = new PDFDocument({ autoFirstPage: false });
    doc.font('Helvetica');
    helvetica = doc._font;
  }
  const [codes, positions] = helvetica!.encode(text);
  const parts: string[] = [];
  let run = '';
  let units = 0;
  codes.forEach((code, i) => {
    const p = positions[i]!;
    run += code;
    units += p.xAdvance;
    const kern = p.xAdvance - p.advanceWidth;
    if (kern !== 0) {
      parts.push(`<${run}> ${-kern}`);
      run = '';
    }
  });
  if (run) parts.push(`<${run}>`);
  return { tj: `[${parts.join(' ')}] TJ`, width: (units * size) / 1000 };
}

/** The width of a text in Helvetica at `size` points. */
export const pageNumberWidth = (text: string, size: number) => shown(text, size).width;

const num = (n: number) => String(Math.round(n * 1e4) / 1e4);

function rgb(hex: string): string {
  const v = (i: number) => num(parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255);
  return `${v(0)} ${v(1)} ${v(2)}`;
}

function objectBody(pdf: string, n: number): string {
  const start = pdf.lastIndexOf(`\n${n} 0 obj\n`);
  if (start < 0) throw new Error(`PDF page numbers: object ${n} not found`);
  const from = start + `\n${n} 0 obj\n`.length;
  return pdf.slice(from, pdf.indexOf('\nendobj', from));
}

const refOf = (dict: string, key: string): number => {
  const m = new RegExp(`/${key} (\\d+) 0 R`).exec(dict);
  if (!m) throw new Error(`PDF page numbers: /${key} not found`);
  return Number(m[1]);
};

/**
 * The PDF with `text(n, m)` written at the bottom right of every page, right-aligned at `style.right`
 * from the page's right edge, in Helvetica.
 */
export function stampPageNumbers(
  bytes: Buffer,
  text: (n: number, of: number) => string,
  style: PageNumberStyle,
): Buffer {
  // latin1 maps each byte to one char: offsets in the string are offsets in the file.
  const pdf = bytes.toString('latin1');
  const startxref = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(pdf)?.[1]);
  const trailer = pdf.slice(pdf.lastIndexOf('trailer'), pdf.lastIndexOf('startxref'));
  const size = Number(/\/Size (\d+)/.exec(trailer)?.[1]);
  if (!Number.isFinite(startxref) || !Number.isFinite(size)) throw new Error('PDF page numbers: no trailer');
  const pagesDict = objectBody(pdf, refOf(objectBody(pdf, refOf(trailer, 'Root')), 'Pages'));
  const kids = [.../\/Kids \[([^\]]*)\]/.exec(pagesDict)![1]!.matchAll(/(\d+) 0 R/g)].map((m) => Number(m[1]));
  if (!kids.length || /\/Type \/Pages/.test(kids.map((k) => objectBody(pdf, k)).join('')))
    throw new Error('PDF page numbers: nested page tree');

  let next = size;
  const objects: { n: number; body: string }[] = [];
  const font = next++;
  objects.push({
    n: font,
    body: '<<\n/Type /Font\n/BaseFont /Helvetica\n/Subtype /Type1\n/Encoding /WinAnsiEncoding\n>>',
  });
  const stream = (content: string) => {
    const n = next++;
    objects.push({ n, body: `<<\n/Length ${Buffer.byteLength(content, 'latin1')}\n>>\nstream\n${content}\nendstream` });
    return n;
  };
  // The page's own content leaves its graphics state changed (pdfkit flips the y axis): saved before, restored after.
  const save = stream('q');
  const resourcesDone = new Set<number>();
  kids.forEach((page, i) => {
    const dict = objectBody(pdf, page);
    const resources = refOf(dict, 'Resources');
    if (!resourcesDone.has(resources)) {
      resourcesDone.add(resources);
      const r = objectBody(pdf, resources);
      const withFont = r.includes('/Font <<')
        ? r.replace('/Font <<', `/Font <<\n/FPageNo ${font} 0 R`)
        : r.replace('<<', `<<\n/Font <<\n/FPageNo ${font} 0 R\n>>`);
      objects.push({ n: resources, body: withFont });
    }
    const box = /\/MediaBox \[([^\]]*)\]/.exec(dict)?.[1]?.trim().split(/\s+/).map(Number);
    if (!box || box.length !== 4) throw new Error('PDF page numbers: no MediaBox');
    const { tj, width } = shown(text(i + 1, kids.length), style.fontSize);
    const x = box[2]! - style.right - width;
    const y = box[1]! + style.bottom + BASELINE_ABOVE_BOTTOM * style.fontSize;
    const stamp = stream(
      `Q\nq\n${rgb(style.color)} rg\nBT\n/FPageNo ${num(style.fontSize)} Tf\n1 0 0 1 ${num(x)} ${num(y)} Tm\n${tj}\nET\nQ`,
    );
    const contents = /\/Contents (\d+ 0 R|\[[^\]]*\])/.exec(dict);
    if (!contents) throw new Error('PDF page numbers: page without contents');
    const own = contents[1]!.replace(/^\[|\]$/g, '').trim();
    objects.push({ n: page, body: dict.replace(contents[0], `/Contents [${save} 0 R ${own} ${stamp} 0 R]`) });
  });

  let out = pdf.endsWith('\n') ? '' : '\n';
  let offset = bytes.length + out.length;
  const at = new Map<number, number>();
  for (const o of objects) {
    const chunk = `${o.n} 0 obj\n${o.body}\nendobj\n`;
    at.set(o.n, offset);
    out += chunk;
    offset += Buffer.byteLength(chunk, 'latin1');
  }
  const xref = [...at.keys()]
    .sort((p, q) => p - q)
    .map((n) => `${n} 1\n${String(at.get(n)).padStart(10, '0')} 00000 n \n`);
  const keep = ['Root', 'Info']
    .map((k) => new RegExp(`/${k} \\d+ 0 R`).exec(trailer)?.[0])
    .filter(Boolean)
    .join('\n');
  const id = /\/ID \[[^\]]*\]/.exec(trailer)?.[0] ?? '';
  out +=
    `xref\n${xref.join('')}trailer\n<<\n/Size ${next}\n${keep}\n${id ? `${id}\n` : ''}/Prev ${startxref}\n>>\n` +
    `startxref\n${offset}\n%%EOF\n`;
  return Buffer.concat([bytes, Buffer.from(out, 'latin1')]);
}
