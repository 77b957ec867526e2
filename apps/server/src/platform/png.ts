import { inflateSync } from 'node:zlib';

/**
 * Decodes a PNG far enough to know it is one (issue 22, point 9): every chunk whole with its CRC,
 * IHDR first with a valid bit depth and colour type, PLTE where the colours need it, the IDAT chunks
 * together, IEND last with nothing after it; the image data inflates (zlib) to exactly the bytes
 * `width` x `height` pixels take, scanline by scanline (each pass of an interlaced image), and every
 * scanline's filter byte is one of the five filters. With those, unfiltering cannot fail: the file is
 * a picture of width x height pixels, not HTML or anything else behind a PNG header.
 */

export interface PngInfo {
  width: number;
  height: number;
}

export class PngError extends Error {}

const MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Channels per colour type (0 grey, 2 RGB, 3 palette, 4 grey + alpha, 6 RGBA) and the bit depths each takes. */
const COLOUR: Record<number, { channels: number; depths: number[] }> = {
  0: { channels: 1, depths: [1, 2, 4, 8, 16] },
  2: { channels: 3, depths: [8, 16] },
  3: { channels: 1, depths: [1, 2, 4, 8] },
  4: { channels: 2, depths: [8, 16] },
  6: { channels: 4, depths: [8, 16] },
};

/** Adam7: each pass's first column and row and its steps. */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (let i = 0; i < buf.length; i++) c = CRC_TABLE[(c ^ buf[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/**
 * The PNG's size, or PngError saying what is wrong. `maxSide` bounds width and height, `maxRawBytes`
 * the inflated image data (a small file can inflate to a great deal: refused before inflating).
 */
export function decodePng(bytes: Buffer, maxSide: number, maxRawBytes = 32 * 1024 * 1024): PngInfo {
  if (bytes.length < MAGIC.length || !bytes.subarray(0, MAGIC.length).equals(MAGIC)) throw new PngError('not a PNG');
  const chunks: { type: string; data: Buffer }[] = [];
  let at = MAGIC.length;
  while (at < bytes.length) {
    if (at + 12 > bytes.length) throw new PngError('truncated chunk');
    const length = bytes.readUInt32BE(at);
    const end = at + 12 + length;
    if (length > 0x7fffffff || end > bytes.length) throw new PngError('truncated chunk');
    const typed = bytes.subarray(at + 4, at + 8 + length);
    const type = typed.toString('latin1', 0, 4);
    if (!/^[A-Za-z]{4}$/.test(type)) throw new PngError('bad chunk type');
    if (crc32(typed) !== bytes.readUInt32BE(at + 8 + length)) throw new PngError(`bad CRC in ${type}`);
    chunks.push({ type, data: bytes.subarray(at + 8, at + 8 + length) });
    at = end;
    if (type === 'IEND') break;
  }
  if (at !== bytes.length) throw new PngError('data after IEND');
  const last = chunks[chunks.length - 1];
  if (!last || last.type !== 'IEND' || last.data.length !== 0) throw new PngError('no IEND');

  const ihdr = chunks[0];
  if (!ihdr || ihdr.type !== 'IHDR' || ihdr.data.length !== 13) throw new PngError('no IHDR first');
  const width = ihdr.data.readUInt32BE(0);
  const height = ihdr.data.readUInt32BE(4);
  const [depth, colourType, compression, filter, interlace] = [...ihdr.data.subarray(8, 13)] as [
    number,
    number,
    number,
    number,
    number,
  ];
  if (!width || !height || width > maxSide || height > maxSide) throw new PngError('bad size');
  const colour = COLOUR[colourType];
  if (!colour || !colour.depths.includes(depth)) throw new PngError('bad colour type or bit depth');
  if (compression !== 0 || filter !== 0 || interlace > 1) throw new PngError('bad compression, filter or interlace');

  const types = chunks.map((c) => c.type);
  for (const t of ['IHDR', 'PLTE', 'IEND']) {
    if (types.filter((x) => x === t).length > 1) throw new PngError(`${t} twice`);
  }
  const firstIdat = types.indexOf('IDAT');
  const lastIdat = types.lastIndexOf('IDAT');
  if (firstIdat < 0) throw new PngError('no image data');
  if (types.slice(firstIdat, lastIdat + 1).some((t) => t !== 'IDAT')) throw new PngError('IDAT chunks apart');
  const plte = types.indexOf('PLTE');
  if (colourType === 3 && (plte < 0 || plte > firstIdat)) throw new PngError('no palette');
  if (plte >= 0) {
    const entries = chunks[plte]!.data.length / 3;
    if (!Number.isInteger(entries) || entries < 1 || entries > 256) throw new PngError('bad palette');
  }

  const bitsPerPixel = colour.channels * depth;
  const passes = interlace
    ? ADAM7.map(([x0, y0, dx, dy]) => [Math.ceil((width - x0) / dx), Math.ceil((height - y0) / dy)] as const)
    : [[width, height] as const];
  let expected = 0;
  for (const [w, h] of passes) if (w > 0 && h > 0) expected += h * (1 + Math.ceil((w * bitsPerPixel) / 8));
  if (expected > maxRawBytes) throw new PngError('bad size');

  let raw: Buffer;
  try {
    // One byte more than needed: a stream that inflates to more than the image is refused too.
    raw = inflateSync(Buffer.concat(chunks.filter((c) => c.type === 'IDAT').map((c) => c.data)), {
      maxOutputLength: expected + 1,
    });
  } catch (e) {
    // More than the image takes (maxOutputLength), or not a zlib stream at all.
    if ((e as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE')
      throw new PngError('image data of the wrong size');
    throw new PngError('image data does not decode');
  }
  if (raw.length !== expected) throw new PngError('image data of the wrong size');
  let row = 0;
  for (const [w, h] of passes) {
    if (w <= 0 || h <= 0) continue;
    const stride = 1 + Math.ceil((w * bitsPerPixel) / 8);
    for (let y = 0; y < h; y++, row += stride) if (raw[row]! > 4) throw new PngError('bad scanline filter');
  }
  return { width, height };
}
