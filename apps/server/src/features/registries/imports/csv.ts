import { Transform, type Readable } from 'node:stream';
import { parse, type Parser } from 'csv-parse';
import type { ImportEncoding, ImportSeparator } from '@fs/contract';

/** How much of the file's start is looked at to tell UTF-8 from Windows-1252. */
export const SNIFF_BYTES = 64 * 1024;

/**
 * UTF-8 when the bytes carry its BOM or decode as valid UTF-8 (an incomplete
 * character cut at the end of the sample does not count); otherwise Windows-1252,
 * which decodes any byte. Plain ASCII is UTF-8.
 */
export function detectEncoding(head: Buffer): ImportEncoding {
  if (head.length >= 3 && head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return 'utf-8';
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return 'utf-8';
  } catch {
    return 'windows-1252';
  }
}

/** Bytes in, text out, chunk by chunk (a character split across chunks is kept for the next); counts the bytes seen. */
export class DecodeStream extends Transform {
  private readonly decoder: TextDecoder;
  bytes = 0;
  constructor(encoding: ImportEncoding) {
    super({ decodeStrings: true, readableObjectMode: false });
    // The BOM is dropped by TextDecoder (ignoreBOM false); invalid UTF-8 becomes U+FFFD rather than failing.
    this.decoder = new TextDecoder(encoding);
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, cb: (e?: Error | null, data?: string) => void) {
    this.bytes += chunk.length;
    cb(null, this.decoder.decode(chunk, { stream: true }));
  }
  override _flush(cb: (e?: Error | null, data?: string) => void) {
    cb(null, this.decoder.decode());
  }
}

export interface CsvRecord {
  /** The file line where the record ends (1-based). */
  line: number;
  cells: string[];
}

/** A streaming CSV parser: separator `;`, `,` or tab, quoted fields, any line ending, ragged rows allowed. */
export function csvParser(separator: ImportSeparator): Parser {
  return parse({
    delimiter: separator,
    quote: '"',
    escape: '"',
    record_delimiter: ['\r\n', '\n', '\r'],
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    skip_records_with_empty_values: true,
    bom: true,
    info: true,
    max_record_size: 1024 * 1024,
  });
}

/** The file's records, read as a stream: decoded, parsed, one at a time. `decoder.bytes` tells how far it went. */
export function readRecords(body: Readable, encoding: ImportEncoding, separator: ImportSeparator) {
  const decoder = new DecodeStream(encoding);
  const parser = csvParser(separator);
  body.on('error', (e) => decoder.destroy(e));
  decoder.on('error', (e) => parser.destroy(e));
  body.pipe(decoder).pipe(parser);
  async function* records(): AsyncGenerator<CsvRecord> {
    try {
      for await (const r of parser as AsyncIterable<{ record: string[]; info: { lines: number; raw?: string } }>) {
        yield { line: r.info.lines, cells: r.record };
      }
    } finally {
      body.destroy();
    }
  }
  return { decoder, records: records() };
}

/** The first `count` records, then the stream is closed. */
export async function readHead(body: Readable, encoding: ImportEncoding, separator: ImportSeparator, count: number) {
  const out: CsvRecord[] = [];
  const { records } = readRecords(body, encoding, separator);
  for await (const r of records) {
    out.push(r);
    if (out.length >= count) break;
  }
  return out;
}
