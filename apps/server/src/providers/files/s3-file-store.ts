/**
 * Files in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Wasabi, …). The bucket stays
 * private: the API reads each object and streams it to the person it has checked. An object is
 * written by one PutObject, which the store makes visible whole or not at all.
 */
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { Logger } from '../../lib/logger.ts';
import { assertFileKey, sizedBody, type FileStore } from './file-store.ts';

export interface S3FileStoreConfig {
  bucket: string;
  /** Unset for AWS itself; the store's address otherwise (https://<account>.r2.cloudflarestorage.com, http://minio:9000). */
  endpoint?: string;
  region: string;
  /** Both or neither; with neither the SDK's usual sources (instance role, AWS_* variables) apply. */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `<endpoint>/<bucket>/<key>` instead of `<bucket>.<endpoint>/<key>` (MinIO and most self-hosted stores). */
  forcePathStyle: boolean;
  /** Where the S3 client's own warnings go (to the console when absent). */
  logger?: Logger;
}

export interface S3FileStore extends FileStore {
  kind: 's3';
  bucket: string;
}

const isMissing = (err: unknown) =>
  err instanceof NoSuchKey || err instanceof NotFound || (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404);

export function createS3FileStore(config: S3FileStoreConfig): S3FileStore {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.accessKeyId && config.secretAccessKey ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } : undefined,
    // Checksums only where S3 demands them: many S3-compatible stores do not understand the
    // streamed trailing checksums the SDK would otherwise send with every upload.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    logger: config.logger && {
      debug: () => {},
      info: () => {},
      warn: (...content: unknown[]) => config.logger?.warn({ s3: content }, 'S3 client warning'),
      error: (...content: unknown[]) => config.logger?.error({ s3: content }, 'S3 client error'),
    },
  });
  const { bucket } = config;

  return {
    kind: 's3',
    bucket,
    async put(key, body, meta) {
      assertFileKey(key);
      const checked = sizedBody(body, meta.size);
      // A body that fails (too long, too short, its source broken) must end the request: otherwise
      // the store would wait for the bytes it was promised.
      const abort = new AbortController();
      let bodyError: unknown;
      if (!(checked instanceof Uint8Array)) {
        checked.once('error', (err) => {
          bodyError = err;
          abort.abort();
        });
      }
      try {
        await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: checked, ContentType: meta.contentType, ContentLength: meta.size }), {
          abortSignal: abort.signal,
        });
      } catch (err) {
        throw bodyError ?? err;
      }
    },
    async get(key) {
      assertFileKey(key);
      try {
        const res = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        if (!(res.Body instanceof Readable)) throw new Error('The S3 client did not return a Node stream');
        return { stream: res.Body, size: res.ContentLength ?? 0 };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async delete(key) {
      assertFileKey(key);
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
    async exists(key) {
      assertFileKey(key);
      try {
        await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return true;
      } catch (err) {
        if (isMissing(err)) return false;
        throw err;
      }
    },
  };
}
