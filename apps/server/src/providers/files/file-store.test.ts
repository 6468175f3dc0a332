import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../env.ts';
import { createLogger } from '../../lib/logger.ts';
import { createFileStore } from '../create-providers.ts';
import { createDiskFileStore, type DiskFileStore } from './disk-file-store.ts';
import { assertFileKey, type FileStore } from './file-store.ts';
import { createS3FileStore } from './s3-file-store.ts';

const read = async (store: FileStore, key: string) => {
  const found = await store.get(key);
  return found ? { size: found.size, body: await text(found.stream) } : null;
};

/** What every store promises, whatever keeps the bytes. */
function storeContract(name: string, open: () => FileStore) {
  describe(`${name}: the file store contract`, () => {
    it('keeps bytes given as a buffer and gives them back with their size', async () => {
      const store = open();
      await store.put('guard-documents/a1', Buffer.from('%PDF-1.7 hello'), { contentType: 'application/pdf', size: 14 });
      expect(await read(store, 'guard-documents/a1')).toEqual({ size: 14, body: '%PDF-1.7 hello' });
      expect(await store.exists('guard-documents/a1')).toBe(true);
    });

    it('keeps bytes given as a stream', async () => {
      const store = open();
      const chunks = ['first part, ', 'second part'];
      await store.put('guard-documents/b2', Readable.from(chunks.map((c) => Buffer.from(c))), { contentType: 'text/plain', size: 23 });
      expect(await read(store, 'guard-documents/b2')).toEqual({ size: 23, body: 'first part, second part' });
    });

    it('replaces what was under a key', async () => {
      const store = open();
      await store.put('certificates/c3', Buffer.from('old'), { contentType: 'application/pdf', size: 3 });
      await store.put('certificates/c3', Buffer.from('newer'), { contentType: 'application/pdf', size: 5 });
      expect(await read(store, 'certificates/c3')).toEqual({ size: 5, body: 'newer' });
    });

    it('says there is nothing under an unknown key', async () => {
      const store = open();
      expect(await store.get('guard-documents/never-written')).toBeNull();
      expect(await store.exists('guard-documents/never-written')).toBe(false);
    });

    it('deletes, and deleting again is not an error', async () => {
      const store = open();
      await store.put('guard-documents/d4', Buffer.from('bye'), { contentType: 'text/plain', size: 3 });
      await store.delete('guard-documents/d4');
      await store.delete('guard-documents/d4');
      expect(await store.get('guard-documents/d4')).toBeNull();
    });

    it('refuses a stream that is longer than it said, and keeps nothing', async () => {
      const store = open();
      await expect(
        store.put('guard-documents/e5', Readable.from([Buffer.from('twelve bytes')]), { contentType: 'text/plain', size: 5 }),
      ).rejects.toThrow();
      expect(await store.exists('guard-documents/e5')).toBe(false);
    });

    it('refuses a stream that fails half-way, and keeps nothing', async () => {
      const store = open();
      async function* broken() {
        yield Buffer.from('some bytes');
        await new Promise((resolve) => setTimeout(resolve, 5));
        throw new Error('connection lost');
      }
      await expect(store.put('guard-documents/f6', Readable.from(broken()), { contentType: 'text/plain', size: 100 })).rejects.toThrow();
      expect(await store.exists('guard-documents/f6')).toBe(false);
    });

    it.each([
      '../secret',
      'guard-documents/../../etc/passwd',
      '/etc/passwd',
      'guard-documents/.hidden',
      'guard-documents/a/..',
      'guard-documents\\x',
      'plain',
      'guard-documents/',
      'Guard-Documents/x',
      'guard-documents/%2e%2e',
    ])('refuses the key %j', async (key) => {
      const store = open();
      await expect(store.put(key, Buffer.from('x'), { contentType: 'text/plain', size: 1 })).rejects.toThrow(/Not a file key/);
      await expect(store.get(key)).rejects.toThrow(/Not a file key/);
      await expect(store.delete(key)).rejects.toThrow(/Not a file key/);
    });
  });
}

describe('disk file store', () => {
  let dir: string;
  let store: DiskFileStore;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'ops-disk-store-'));
    store = createDiskFileStore(join(dir, 'files'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  storeContract('disk', () => store);

  it('never reads or writes outside its folder, whatever the key', async () => {
    await writeFile(join(dir, 'outside.txt'), 'not for you');
    await expect(store.get('../outside.txt')).rejects.toThrow(/Not a file key/);
    await expect(store.put('../outside.txt', Buffer.from('overwritten'), { contentType: 'text/plain', size: 11 })).rejects.toThrow(/Not a file key/);
    expect(await readdir(dir)).toEqual(expect.arrayContaining(['outside.txt']));
  });

  it('leaves no partial file behind when a write fails', async () => {
    await expect(store.put('guard-documents/g7', Readable.from([Buffer.from('too long')]), { contentType: 'text/plain', size: 2 })).rejects.toThrow();
    expect(await readdir(join(store.root, '.partial'))).toEqual([]);
  });
});

describe('S3-compatible file store (against a local S3 server)', () => {
  let dir: string;
  let server: S3rver;
  let endpoint: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'ops-s3rver-'));
    server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir });
    const { port } = await server.run();
    endpoint = `http://127.0.0.1:${port}`;
    const admin = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
    await admin.send(new CreateBucketCommand({ Bucket: 'ops-files' }));
    admin.destroy();
  });
  afterAll(async () => {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  });

  storeContract('S3', () =>
    createS3FileStore({
      bucket: 'ops-files',
      endpoint,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
      logger: createLogger('silent'),
    }),
  );
});

describe('choosing the store from the environment', () => {
  const logger = createLogger('silent');
  it('keeps files under DATA_DIR/files when no bucket is set', async () => {
    const store = await createFileStore(parseEnv({}), '/srv/ops-data', logger);
    expect(store).toMatchObject({ kind: 'disk', root: '/srv/ops-data/files' });
  });

  it("warns, on a PostgreSQL server that other copies may share, that files kept on this copy's disk are not shared", async () => {
    const warnings: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) warnings.push((JSON.parse(line) as { msg: string }).msg);
        done();
      },
    });
    const warner = createLogger('warn', sink);
    await createFileStore(parseEnv({}), '/srv/ops-data', warner);
    expect(warnings).toEqual([]);
    const store = await createFileStore(parseEnv({ DATABASE_URL: 'postgres://ops@db/ops' }), '/srv/ops-data', warner);
    expect(store).toMatchObject({ kind: 'disk', root: '/srv/ops-data/files' });
    expect(warnings).toEqual([
      expect.stringMatching(/^files: on this copy's disk .*other copies of the server on this database cannot read them; set FILES_S3_BUCKET/),
    ]);
    await createFileStore(parseEnv({ DATABASE_URL: 'postgres://ops@db/ops', FILES_S3_BUCKET: 'ops-files' }), '/srv/ops-data', warner);
    expect(warnings).toHaveLength(1);
  });

  it('uses the bucket when one is set', async () => {
    const env = parseEnv({
      FILES_S3_BUCKET: 'ops-files',
      FILES_S3_ENDPOINT: 'http://minio:9000',
      FILES_S3_ACCESS_KEY_ID: 'id',
      FILES_S3_SECRET_ACCESS_KEY: 'secret',
      FILES_S3_FORCE_PATH_STYLE: 'true',
    });
    expect(await createFileStore(env, '/srv/ops-data', logger)).toMatchObject({ kind: 's3', bucket: 'ops-files' });
  });

  it('refuses half a configuration at start, naming what is missing', () => {
    expect(() => parseEnv({ FILES_S3_BUCKET: 'ops-files', FILES_S3_ACCESS_KEY_ID: 'id' })).toThrow(/FILES_S3_SECRET_ACCESS_KEY/);
    expect(() => parseEnv({ FILES_S3_ENDPOINT: 'http://minio:9000' })).toThrow(/FILES_S3_BUCKET: required/);
    expect(() => parseEnv({ FILES_S3_BUCKET: 'Ops_Files' })).toThrow(/FILES_S3_BUCKET: must be a bucket name/);
  });
});

describe('assertFileKey', () => {
  it('accepts the keys the product makes', () => {
    expect(() => assertFileKey(`guard-documents/${crypto.randomUUID()}`)).not.toThrow();
    expect(() => assertFileKey('course-materials/cpo/2c1f0e')).not.toThrow();
  });
});
