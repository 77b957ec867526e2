import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { AppError } from './errors.js';
import { COMPANY_ID, newKey, type Storage } from './storage.js';

export interface S3Options {
  bucket: string;
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

const missing = (e: unknown) => {
  const err = e as { name?: string; $metadata?: { httpStatusCode?: number } };
  return err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata?.httpStatusCode === 404;
};

/**
 * An S3-compatible bucket (AWS S3, MinIO, Ceph, ...). Uploads stream as
 * multipart parts of 8 MB, at most 2 in memory at once; a failed upload is
 * aborted, so no part stays behind. Downloads stream the object's body.
 */
export function s3Storage(o: S3Options): Storage {
  const cfg: S3ClientConfig = {
    region: o.region,
    forcePathStyle: o.forcePathStyle,
    // Checksums only where the API requires them: S3-compatible servers do not all take the
    // aws-chunked CRC trailers the SDK would otherwise add to every upload.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(o.endpoint ? { endpoint: o.endpoint } : {}),
    ...(o.accessKeyId && o.secretAccessKey
      ? { credentials: { accessKeyId: o.accessKeyId, secretAccessKey: o.secretAccessKey } }
      : {}),
  };
  const client = new S3Client(cfg);
  const Bucket = o.bucket;
  const prefixOf = (aziendaId: string) => {
    if (!COMPANY_ID.test(aziendaId)) throw new Error('not a company id');
    return `${aziendaId.toLowerCase()}/`;
  };

  return {
    kind: 's3',
    async put(aziendaId, body) {
      const Key = newKey(aziendaId);
      let size = 0;
      const counted = new Transform({
        transform(chunk: Buffer, _enc, cb) {
          size += chunk.length;
          cb(null, chunk);
        },
      });
      const piping = pipeline(body, counted);
      piping.catch(() => undefined);
      const upload = new Upload({
        client,
        params: { Bucket, Key, Body: counted, ContentType: 'application/octet-stream' },
        partSize: 8 * 1024 * 1024,
        queueSize: 2,
        leavePartsOnError: false,
      });
      try {
        await Promise.all([upload.done(), piping]);
      } catch (e) {
        counted.destroy();
        await upload.abort().catch(() => undefined);
        // A small body goes as one PutObject, which may have landed before the stream failed.
        await client.send(new DeleteObjectCommand({ Bucket, Key })).catch(() => undefined);
        throw e;
      }
      return { key: Key, size };
    },
    async get(key, range) {
      try {
        const r = await client.send(
          new GetObjectCommand({ Bucket, Key: key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
        );
        return r.Body as Readable;
      } catch (e) {
        if (missing(e)) throw new AppError('NOT_FOUND', 'File non trovato');
        throw e;
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async *list(aziendaId) {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: prefixOf(aziendaId), ContinuationToken }),
        );
        for (const obj of page.Contents ?? []) {
          if (obj.Key) yield { key: obj.Key, size: obj.Size ?? 0, modifiedAt: obj.LastModified ?? new Date(0) };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async size(key) {
      try {
        return (await client.send(new HeadObjectCommand({ Bucket, Key: key }))).ContentLength ?? 0;
      } catch (e) {
        if (missing(e)) return null;
        throw e;
      }
    },
    async removeAll(aziendaId) {
      const Prefix = prefixOf(aziendaId);
      for (;;) {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix, MaxKeys: 1000 }));
        const keys = (page.Contents ?? []).flatMap((c) => (c.Key ? [{ Key: c.Key }] : []));
        if (keys.length === 0) return;
        await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys, Quiet: true } }));
        if (!page.IsTruncated) return;
      }
    },
  };
}
