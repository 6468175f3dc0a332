/**
 * Where the bytes of uploaded and generated files live: the data directory on disk by default, an
 * S3-compatible store when configured. Keys are ours (`<bucket>/<uuid>`), never a user's file name;
 * nothing is public, every read goes through the API, which checks who is asking.
 */
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export interface StoredObject {
  stream: Readable;
  size: number;
}

export interface FileStore {
  kind: 'disk' | 's3';
  /**
   * Stores the bytes under `key`, whole or not at all: a reader never sees half a file. `size` is
   * what the caller measured; a body of another length is refused and nothing is kept.
   */
  put(key: string, body: Readable | Uint8Array, meta: { contentType: string; size: number }): Promise<void>;
  /** The bytes under `key`, or null when there are none. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes the bytes; removing what is not there is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

/** Lower-case segments of letters, digits, `-` and `_`, each starting with a letter or digit: no `.`, no `..`, no leading `/`. */
const KEY = /^[a-z0-9][a-z0-9_-]*(\/[a-zA-Z0-9][a-zA-Z0-9_-]*)+$/;
export const MAX_KEY_LENGTH = 512;

export class InvalidFileKeyError extends Error {
  constructor(key: string) {
    super(`Not a file key: ${JSON.stringify(key.slice(0, 100))}`);
    this.name = 'InvalidFileKeyError';
  }
}

/** Refuses any key that could name something outside the store (`../`, absolute paths, odd characters). */
export function assertFileKey(key: string): void {
  if (typeof key !== 'string' || key.length > MAX_KEY_LENGTH || !KEY.test(key)) throw new InvalidFileKeyError(key);
}

export class FileSizeMismatchError extends Error {
  constructor(expected: number, actual: number) {
    super(`Expected ${expected} bytes, received ${actual}`);
    this.name = 'FileSizeMismatchError';
  }
}

/**
 * Passes the bytes on, failing as soon as there are more than `size`, or at the end when fewer.
 * The last chunk is held back until the end is known to be right, so a store never receives a
 * complete body of `size` bytes from a source that turns out longer.
 */
export function exactLength(size: number): Transform {
  let seen = 0;
  let held: Buffer | undefined;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      if (seen > size) return done(new FileSizeMismatchError(size, seen));
      const previous = held;
      held = chunk;
      done(null, previous);
    },
    flush(done) {
      done(seen === size ? null : new FileSizeMismatchError(size, seen), held);
    },
  });
}

/** The body, checked to be exactly `size` bytes long (a stream fails as soon as it is not). */
export function sizedBody(body: Readable | Uint8Array, size: number): Readable | Uint8Array {
  if (body instanceof Uint8Array) {
    if (body.byteLength !== size) throw new FileSizeMismatchError(size, body.byteLength);
    return body;
  }
  const checked = exactLength(size);
  // A failing source destroys `checked` with its error, which reaches whoever reads it.
  pipeline(body, checked).catch(() => {});
  return checked;
}
