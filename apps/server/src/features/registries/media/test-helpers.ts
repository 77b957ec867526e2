import { zlib } from './test-zip.js';
import type { TestApp } from '../../../test/harness.js';

export type Session = { token: string; deviceId: string };

/** A 1x1 PNG. */
export const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6300010000050001a5f645400000000049454e44ae426082',
  'hex',
);
/** A minimal PDF. */
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
/** A Windows executable's head (MZ + PE signature). */
export const EXE = (() => {
  const b = Buffer.alloc(512);
  b.write('MZ', 0, 'latin1');
  b.writeUInt32LE(0x80, 0x3c);
  b.write('PE\0\0', 0x80, 'latin1');
  return b;
})();
export const HTML = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
/** A minimal DOCX: [Content_Types].xml naming the Word document, then word/document.xml. */
export const DOCX = zlib.storedZip([
  [
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  ],
  [
    'word/document.xml',
    '<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"/>',
  ],
]);

/** POST multipart with one part `file`, declared as `contentType`, whatever the bytes are. */
export function upload(
  t: TestApp,
  s: Session,
  url: string,
  data: Buffer,
  filename = 'foto.png',
  contentType = 'image/png',
) {
  const boundary = '----fsb' + Math.random().toString(16).slice(2);
  const head =
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename.replace(/[\\"]/g, (ch) => `\\${ch}`)}"\r\n` +
    `Content-Type: ${contentType}\r\n\r\n`;
  return t.app.inject({
    method: 'POST',
    url,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      authorization: `Bearer ${s.token}`,
      'device-id': s.deviceId,
    },
    payload: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  });
}

export const countRows = async (t: TestApp, aziendaId: string) =>
  (await t.deps.database.executeSql('select count(*)::int as n from media where azienda_id = $1', [aziendaId])).rows[0]
    .n as number;

export const usedBytes = async (t: TestApp, aziendaId: string) =>
  Number(
    (await t.deps.database.executeSql('select used_bytes from storage_usage where azienda_id = $1', [aziendaId]))
      .rows[0]?.used_bytes ?? 0,
  );

export async function storedKeys(t: TestApp, aziendaId: string) {
  const keys: string[] = [];
  for await (const o of t.deps.storage.list(aziendaId)) keys.push(o.key);
  return keys;
}
