import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { randomUUID } from 'node:crypto';
import { AppError } from './errors.js';

/** Where files live. Local disk under the data directory; other back ends plug in here. */
export interface Storage {
  /** Streams `body` to a new object of the company; answers its key and size. */
  put(aziendaId: string, body: Readable): Promise<{ key: string; size: number }>;
  get(key: string): Promise<Readable>;
  remove(key: string): Promise<void>;
  /** Removes every object of a company (its whole prefix); nothing there is not an error. */
  removeAll(aziendaId: string): Promise<void>;
}

export function localStorage(root: string): Storage {
  const fileOf = (key: string) => {
    const file = path.resolve(root, key);
    if (!file.startsWith(path.resolve(root) + path.sep)) throw new Error('storage key outside root');
    return file;
  };
  return {
    async put(aziendaId, body) {
      const key = path.posix.join(aziendaId, randomUUID());
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
    async get(key) {
      const file = fileOf(key);
      try {
        await stat(file);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') throw new AppError('NOT_FOUND', 'File non trovato');
        throw e;
      }
      return createReadStream(file);
    },
    async remove(key) {
      await rm(fileOf(key), { force: true });
    },
    async removeAll(aziendaId) {
      if (!/^[0-9a-f-]{36}$/i.test(aziendaId)) throw new Error('not a company id');
      await rm(fileOf(aziendaId), { recursive: true, force: true });
    },
  };
}
