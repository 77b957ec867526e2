import { crc32, deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { decodePng } from './png.js';

const chunk = (type: string, data: Buffer) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
};
const MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

interface Shape {
  w: number;
  h: number;
  colour?: number;
  depth?: number;
  interlace?: 0 | 1;
}
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
];

/** The scanlines of an image of that shape (filter bytes cycling through the five filters, pixels random). */
function scanlines({ w, h, colour = 6, depth = 8, interlace = 0 }: Shape): Buffer {
  const bpp = CHANNELS[colour]! * depth;
  const passes = interlace
    ? ADAM7.map(([x0, y0, dx, dy]) => [Math.ceil((w - x0!) / dx!), Math.ceil((h - y0!) / dy!)])
    : [[w, h]];
  const rows: Buffer[] = [];
  for (const [pw, ph] of passes) {
    if (pw! <= 0 || ph! <= 0) continue;
    for (let y = 0; y < ph!; y++) {
      const row = Buffer.alloc(1 + Math.ceil((pw! * bpp) / 8));
      row[0] = rows.length % 5;
      for (let i = 1; i < row.length; i++) row[i] = (i * 37 + y * 11) & 0xff;
      rows.push(row);
    }
  }
  return Buffer.concat(rows);
}

function png(shape: Shape, o: { idat?: Buffer; before?: Buffer[]; after?: Buffer } = {}): Buffer {
  const { w, h, colour = 6, depth = 8, interlace = 0 } = shape;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = depth;
  ihdr[9] = colour;
  ihdr[12] = interlace;
  return Buffer.concat([
    MAGIC,
    chunk('IHDR', ihdr),
    ...(o.before ?? (colour === 3 ? [chunk('PLTE', Buffer.alloc(3 * 4, 0x80))] : [])),
    chunk('IDAT', o.idat ?? deflateSync(scanlines(shape))),
    chunk('IEND', Buffer.alloc(0)),
    ...(o.after ? [o.after] : []),
  ]);
}

const refused = (bytes: Buffer) => {
  try {
    decodePng(bytes, 4096);
  } catch (e) {
    return (e as Error).message;
  }
  return 'accepted';
};

describe('decodePng', () => {
  it('takes real PNGs of every colour type, bit depths, interlaced or not, the image data in several IDAT chunks', () => {
    const shapes: Shape[] = [
      { w: 4, h: 2, colour: 0, depth: 8 },
      { w: 13, h: 7, colour: 0, depth: 1 },
      { w: 5, h: 3, colour: 2, depth: 16 },
      { w: 9, h: 4, colour: 3, depth: 4 },
      { w: 600, h: 200, colour: 6, depth: 8 },
      { w: 11, h: 9, colour: 4, depth: 8, interlace: 1 },
      { w: 3, h: 2, colour: 6, depth: 8, interlace: 1 },
    ];
    for (const s of shapes) expect(decodePng(png(s), 4096), JSON.stringify(s)).toEqual({ width: s.w, height: s.h });
    // IDAT split in two chunks, one after the other.
    const data = deflateSync(scanlines({ w: 20, h: 20 }));
    const ihdr = png({ w: 20, h: 20 }).subarray(8, 8 + 25);
    const split = Buffer.concat([
      MAGIC,
      ihdr,
      chunk('IDAT', data.subarray(0, 10)),
      chunk('IDAT', data.subarray(10)),
      chunk('IEND', Buffer.alloc(0)),
    ]);
    expect(decodePng(split, 4096)).toEqual({ width: 20, height: 20 });
  });

  it('refuses a PNG header in front of HTML, and image data of the wrong size or with bad filters', () => {
    const html = Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>');
    const shape = { w: 4, h: 2 };
    // The probe's file: header chunks and the end marker right, HTML for the image data.
    expect(refused(png(shape, { idat: html }))).toBe('image data does not decode');
    // HTML compressed: it inflates, but is not 4 x 2 pixels.
    expect(refused(png(shape, { idat: deflateSync(html) }))).toBe('image data of the wrong size');
    // A row short, a byte too many.
    const rows = scanlines(shape);
    expect(refused(png(shape, { idat: deflateSync(rows.subarray(0, rows.length - 1)) }))).toBe(
      'image data of the wrong size',
    );
    expect(refused(png(shape, { idat: deflateSync(Buffer.concat([rows, Buffer.from([0])])) }))).toBe(
      'image data of the wrong size',
    );
    // The right size, but a scanline with filter 7.
    const bad = Buffer.from(rows);
    bad[0] = 7;
    expect(refused(png(shape, { idat: deflateSync(bad) }))).toBe('bad scanline filter');
    // Cut short in the middle of the compressed stream.
    const z = deflateSync(scanlines({ w: 50, h: 50 }));
    expect(refused(png({ w: 50, h: 50 }, { idat: z.subarray(0, z.length - 8) }))).toBe('image data does not decode');
  });

  it('refuses broken structure: CRC, order, palette, anything after IEND, sizes', () => {
    const good = png({ w: 4, h: 2 });
    const crc = Buffer.from(good);
    crc[8 + 8 + 3] ^= 1; // a byte of IHDR's data
    expect(refused(crc)).toBe('bad CRC in IHDR');
    expect(refused(Buffer.concat([good, Buffer.from('<html>')]))).toBe('data after IEND');
    expect(refused(good.subarray(0, good.length - 12))).toBe('no IEND');
    expect(refused(png({ w: 4, h: 2, colour: 3, depth: 8 }, { before: [] }))).toBe('no palette');
    expect(refused(png({ w: 4, h: 2, colour: 2, depth: 4 }))).toBe('bad colour type or bit depth');
    expect(refused(png({ w: 4, h: 2 }, { before: [chunk('tEXt', Buffer.from('a'))], after: undefined }))).toBe(
      'accepted',
    );
    expect(refused(png({ w: 5000, h: 2 }, { idat: deflateSync(Buffer.alloc(1)) }))).toBe('bad size');
    expect(refused(Buffer.from('GIF89a'))).toBe('not a PNG');
    // A small file that would inflate to hundreds of megabytes is refused before inflating.
    expect(() => decodePng(png({ w: 4096, h: 4096, depth: 16 }, { idat: deflateSync(Buffer.alloc(1)) }), 4096)).toThrow(
      'bad size',
    );
  });
});
