import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (b: Buffer) => {
  let c = 0xffffffff;
  for (const x of b) c = CRC_TABLE[(c ^ x) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type), data])));
  return Buffer.concat([len, Buffer.from(type), data, crc]);
};

/**
 * A handwritten-looking stroke for the demo's signed reports: a few loops of a sine drawn in dark
 * blue on white, different for each seed (a PNG of 360 x 120 pixels, as the pad would save).
 */
export function demoSignaturePng(seed: number): Buffer {
  const w = 360;
  const h = 120;
  const px = Buffer.alloc(h * (w * 3 + 1), 0xff);
  const f1 = 14 + (seed % 7) * 2;
  const f2 = 5 + (seed % 5);
  const amp = 22 + (seed % 4) * 4;
  const put = (x: number, y: number) => {
    for (let dx = -1; dx <= 1; dx++)
      for (let dy = -1; dy <= 1; dy++) {
        const xx = Math.round(x) + dx;
        const yy = Math.round(y) + dy;
        if (xx < 0 || yy < 0 || xx >= w || yy >= h) continue;
        const o = yy * (w * 3 + 1) + 1 + xx * 3;
        px[o] = 0x1c;
        px[o + 1] = 0x2e;
        px[o + 2] = 0x6e;
      }
  };
  for (let y = 0; y < h; y++) px[y * (w * 3 + 1)] = 0; // filter byte of each row
  for (let t = 0; t < 1; t += 0.0005) {
    const x = 20 + t * (w - 40);
    const y = h / 2 + amp * Math.sin((t * w) / f1) * Math.cos((t * w) / (f2 * 17)) - 10 * t;
    put(x, y);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(px)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
