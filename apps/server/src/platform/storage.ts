import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, opendir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { randomUUID } from 'node:crypto';
import { AppError } from './errors.js';

/** Inclusive byte range of an object (HTTP Range semantics). */
export interface ByteRange {
  start: number;
  end: number;
}

export interface StoredObject {
  key: string;
  size: number;
  modifiedAt: Date;
}

/**
 * Where files live: local disk under the data directory (default) or an
 * S3-compatible bucket (storage-s3.ts). Keys are `<company id>/<uuid>`.
 */
export interface Storage {
  readonly kind: 'local' | 's3';
  /** Streams `body` to a new object of the company; answers its key and size. A failed stream leaves nothing. */
  put(aziendaId: string, body: Readable): Promise<{ key: string; size: number }>;
  /** The object's bytes, or only `range`; NOT_FOUND when it is missing. */
  get(key: string, range?: ByteRange): Promise<Readable>;
  remove(key: string): Promise<void>;
  /** Every object of a company, page by page (the recalculation job). */
  list(aziendaId: string): AsyncIterable<StoredObject>;
  /** Size of one object, or null when it is missing. */
  size(key: string): Promise<number | null>;
  /** Removes every object of a company (its whole prefix); nothing there is not an error. */
  removeAll(aziendaId: string): Promise<void>;
}

export const COMPANY_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function newKey(aziendaId: string): string {
  if (!COMPANY_ID.test(aziendaId)) throw new Error('not a company id');
  return `${aziendaId.toLowerCase()}/${randomUUID()}`;
}

export function localStorage(root: string): Storage {
  const base = path.resolve(root);
  const fileOf = (key: string) => {
    const file = path.resolve(base, key);
    if (!file.startsWith(base + path.sep)) throw new Error('storage key outside root');
    return file;
  };
  return {
    kind: 'local',
    async put(aziendaId, body) {
      const key = newKey(aziendaId);
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      try {
        await pipeline(body, createWriteStream(file, { flags: 'wx' }));
      } catch (e) {
        await rm(file, { force: true });
        throw e;
      }
      return { key, size: (await stat(file)).size };
    },
    async get(key, range) {
      const file = fileOf(key);
      try {
        await stat(file);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') throw new AppError('NOT_FOUND', 'File non trovato');
        throw e;
      }
      return createReadStream(file, range ? { start: range.start, end: range.end } : {});
    },
    async remove(key) {
      await rm(fileOf(key), { force: true });
    },
    async *list(aziendaId) {
      if (!COMPANY_ID.test(aziendaId)) throw new Error('not a company id');
      let dir;
      try {
        dir = await opendir(fileOf(aziendaId.toLowerCase()));
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw e;
      }
      for await (const entry of dir) {
        if (!entry.isFile()) continue;
        const key = `${aziendaId.toLowerCase()}/${entry.name}`;
        const s = await stat(fileOf(key)).catch(() => null);
        if (s) yield { key, size: s.size, modifiedAt: s.mtime };
      }
    },
    async size(key) {
      const s = await stat(fileOf(key)).catch((e: NodeJS.ErrnoException) => {
        if (e.code === 'ENOENT') return null;
        throw e;
      });
      return s ? s.size : null;
    },
    async removeAll(aziendaId) {
      if (!COMPANY_ID.test(aziendaId)) throw new Error('not a company id');
      await rm(fileOf(aziendaId.toLowerCase()), { recursive: true, force: true });
    },
  };
}
