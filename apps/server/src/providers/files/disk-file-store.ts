/**
 * Files under `<data dir>/files/<key>`. A file is written to `.partial/` first and renamed into
 * place once whole (a rename within one file system is atomic), so a crash or a refused upload
 * never leaves half a file where a reader would find it.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertFileKey, exactLength, InvalidFileKeyError, type FileStore } from './file-store.ts';

export interface DiskFileStore extends FileStore {
  kind: 'disk';
  /** The folder holding the files. */
  root: string;
}

const isMissing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';

export function createDiskFileStore(dir: string): DiskFileStore {
  const root = resolve(dir);
  const partialDir = join(root, '.partial');

  function pathOf(key: string): string {
    assertFileKey(key);
    const path = resolve(root, key);
    // The key's pattern already keeps it inside; this says so again in terms of the file system.
    if (!path.startsWith(root + sep)) throw new InvalidFileKeyError(key);
    return path;
  }

  return {
    kind: 'disk',
    root,
    async put(key, body, meta) {
      const path = pathOf(key);
      await mkdir(partialDir, { recursive: true });
      const partial = join(partialDir, randomUUID());
      try {
        const source = body instanceof Uint8Array ? Readable.from([body]) : body;
        await pipeline(source, exactLength(meta.size), createWriteStream(partial, { flags: 'wx' }));
        await mkdir(dirname(path), { recursive: true });
        await rename(partial, path);
      } catch (err) {
        await rm(partial, { force: true });
        throw err;
      }
    },
    async get(key) {
      const path = pathOf(key);
      try {
        // Opened first, so the size and the bytes are of the same file even if it is replaced meanwhile.
        const handle = await open(path, 'r');
        try {
          const { size } = await handle.stat();
          return { stream: handle.createReadStream(), size };
        } catch (err) {
          await handle.close();
          throw err;
        }
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async exists(key) {
      try {
        return (await stat(pathOf(key))).isFile();
      } catch (err) {
        if (isMissing(err)) return false;
        throw err;
      }
    },
  };
}
