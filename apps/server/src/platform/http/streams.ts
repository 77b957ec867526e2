import { pipeline, Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';

/**
 * Every answer the server streams (CSV, XLSX, XML, JSON catalogue, zip) goes through here, so that
 * no stream can fail unheard (an unhandled 'error' event stops the process: issue 22).
 *
 * - `primed` starts a source and waits for its first piece before anything is sent: what fails
 *   at once (a query the database refuses, a record not found) still answers its error status
 *   and JSON body, not a download that breaks off.
 * - `streamOf` chains the pieces with `pipeline`: an error anywhere destroys the whole chain, the
 *   answer ends (Fastify closes the connection once headers are out, so the client sees a broken
 *   download, never a complete-looking file) and the error is logged once.
 */

/** A source whose first piece has been read: failures before the first byte throw here. */
export async function primed<T>(source: AsyncIterable<T>): Promise<AsyncIterable<T>> {
  const it = source[Symbol.asyncIterator]();
  const first = await it.next();
  return (async function* () {
    let done = first.done;
    try {
      if (done) return;
      yield first.value;
      for (;;) {
        const next = await it.next();
        if (next.done) {
          done = true;
          return;
        }
        yield next.value;
      }
    } finally {
      // The consumer stopped early (the client went away, a later stage failed): let the source clean up.
      if (!done) await it.return?.();
    }
  })();
}

/** Errors of a client that went away while reading: not the server's fault, not worth an error line. */
function clientGone(err: NodeJS.ErrnoException): boolean {
  return err.code === 'ERR_STREAM_PREMATURE_CLOSE' || err.code === 'ECONNRESET' || err.code === 'EPIPE';
}

/**
 * The answer's body: the source, through the given transforms (e.g. a CSV stringifier), as one stream
 * whose error, wherever it starts, ends the answer and is logged as `what`.
 */
export function streamOf(
  log: FastifyBaseLogger,
  what: string,
  source: AsyncIterable<unknown> | NodeJS.ReadableStream,
  ...through: NodeJS.ReadWriteStream[]
): Readable {
  // A stream of another library (archiver's) is a stream too: it is used as it is, never re-read through an iterator.
  const isStream = typeof (source as Readable).pipe === 'function' && typeof (source as Readable).on === 'function';
  const head = isStream ? (source as Readable) : Readable.from(source);
  const onEnd = (err: NodeJS.ErrnoException | null) => {
    if (err && !clientGone(err)) log.error({ err }, `${what}: stream broken off`);
  };
  if (through.length === 0) {
    head.on('error', (err: NodeJS.ErrnoException) => onEnd(err));
    return head;
  }
  return pipeline([head, ...through] as unknown as [Readable, NodeJS.ReadWriteStream], onEnd) as unknown as Readable;
}
