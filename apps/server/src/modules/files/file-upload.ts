/**
 * Reads one uploaded file from a multipart request as it arrives: its size is counted while it
 * streams (too big stops the reading at once), its type is read from its first bytes (a renamed
 * program is refused before the rest is read), and it is kept in a private temporary folder until
 * the caller has stored it. Nothing reaches the file store unless the whole file passed.
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeWebStream } from 'node:stream/web';
import { Busboy, type BusboyFileStream, type BusboyInstance } from '@fastify/busboy';
import { ERROR_CODES } from '@ops/shared/schemas/errors';
import { AppError } from '../../lib/errors.ts';
import { NOT_FORM_MESSAGE, NUL_MESSAGE } from '../../lib/request-input.ts';
import { checkFileType, FILE_TYPE_SAMPLE_BYTES } from '../../providers/files/file-type-check.ts';

export interface UploadRules {
  maxBytes: number;
  /** MIME types, checked against the file's content. */
  allowedTypes: readonly string[];
  /** The form's other fields (short texts); any other field is ignored. */
  fields: readonly string[];
  messages: { tooLarge: string; wrongType: string; noFile: string; emptyFile: string };
  /** Where the upload is spooled while it is checked: the system's temporary directory unless given. */
  spoolDir?: string;
}

export interface ReceivedUpload {
  fields: Record<string, string>;
  file: {
    /** The temporary copy; gone after discard(). */
    path: string;
    size: number;
    /** From the content, one of the allowed types. */
    contentType: string;
    /** The name on the sender's device, cleaned: a label only, never a path or key. */
    originalName: string;
  };
  discard(): Promise<void>;
}

/** The multipart envelope around a file: boundaries, part headers and a few short fields. */
const ENVELOPE_BYTES = 64 * 1024;
const FILE_FIELD = 'file';

const invalid = (field: string, message: string) => AppError.validation({ [field]: message }, message);
const tooLarge = (message: string) => new AppError(413, ERROR_CODES.tooLarge, message);

/** The name as a label: no folders, no control or direction-changing characters, at most 200 characters. */
export function fileNameLabel(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '').trim();
  return Array.from(clean).slice(0, 200).join('') || 'document';
}

/** Writes the file to `path`, refusing it as soon as its first bytes show a type not allowed. */
async function keepChecked(stream: BusboyFileStream, path: string, rules: UploadRules): Promise<{ size: number; contentType: string }> {
  let size = 0;
  let contentType: string | null = null;
  const head: Buffer[] = [];
  const decide = async () => {
    contentType = await checkFileType(Buffer.concat(head), rules.allowedTypes);
    if (!contentType) throw invalid(FILE_FIELD, rules.messages.wrongType);
    return Buffer.concat(head.splice(0));
  };
  const inspect = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      if (contentType) return done(null, chunk);
      head.push(chunk);
      if (size < FILE_TYPE_SAMPLE_BYTES) return done();
      decide().then((bytes) => done(null, bytes), done);
    },
    flush(done) {
      if (contentType) return done();
      if (size === 0) return done(invalid(FILE_FIELD, rules.messages.emptyFile));
      decide().then((bytes) => done(null, bytes), done);
    },
  });
  await pipeline(stream, inspect, createWriteStream(path, { flags: 'wx', mode: 0o600 }));
  if (!contentType) throw invalid(FILE_FIELD, rules.messages.wrongType);
  return { size, contentType };
}

function parse(source: Readable, contentType: string, path: string, rules: UploadRules): Promise<Omit<ReceivedUpload, 'discard'>> {
  return new Promise((resolve, reject) => {
    let parser: BusboyInstance;
    try {
      parser = Busboy({
        headers: { 'content-type': contentType },
        defCharset: 'utf8',
        limits: { files: 1, fields: rules.fields.length + 5, fieldSize: 1024, parts: rules.fields.length + 6, fileSize: rules.maxBytes, headerPairs: 20 },
      });
    } catch {
      reject(invalid(FILE_FIELD, NOT_FORM_MESSAGE));
      return;
    }
    const fields: Record<string, string> = {};
    let settled = false;
    let fileStream: BusboyFileStream | null = null;
    let saved: Promise<{ size: number; contentType: string; originalName: string }> | null = null;

    const fail = (err: unknown) => {
      if (settled) return;
      settled = true;
      // Stop parsing; the rest of the body is read and dropped (up to a limit), so the answer
      // reaches a sender who is still sending.
      source.unpipe(parser);
      fileStream?.destroy();
      let dropped = 0;
      source.on('data', (chunk: Buffer) => {
        dropped += chunk.length;
        if (dropped > rules.maxBytes + ENVELOPE_BYTES) source.destroy();
      });
      source.resume();
      reject(err instanceof Error ? err : new Error(String(err)));
    };

    parser.on('field', (name, value) => {
      if (name.includes('\u0000') || value.includes('\u0000')) return fail(invalid('_', NUL_MESSAGE));
      if (rules.fields.includes(name)) fields[name] = value;
    });
    parser.on('file', (name, stream, filename) => {
      // A file box left empty arrives as a part with no name and no bytes.
      if (name !== FILE_FIELD || saved || !filename) return void stream.resume();
      if (filename.includes('\u0000')) {
        stream.resume();
        return fail(invalid(FILE_FIELD, NUL_MESSAGE));
      }
      fileStream = stream;
      stream.on('limit', () => fail(tooLarge(rules.messages.tooLarge)));
      saved = keepChecked(stream, path, rules).then((kept) => ({ ...kept, originalName: fileNameLabel(filename) }));
      saved.catch(fail);
    });
    parser.on('filesLimit', () => fail(invalid(FILE_FIELD, 'Send one file at a time.')));
    parser.on('fieldsLimit', () => fail(invalid('_', NOT_FORM_MESSAGE)));
    parser.on('partsLimit', () => fail(invalid('_', NOT_FORM_MESSAGE)));
    parser.on('error', () => fail(invalid(FILE_FIELD, NOT_FORM_MESSAGE)));
    source.on('error', fail);
    parser.on('finish', () => {
      if (!saved) return fail(invalid(FILE_FIELD, rules.messages.noFile));
      saved.then((file) => {
        if (settled) return;
        settled = true;
        resolve({ fields, file: { ...file, path } });
      }, fail);
    });
    source.pipe(parser);
  });
}

/** The upload in `request`, checked against `rules`; call discard() once it has been stored. */
export async function receiveUpload(request: Request, rules: UploadRules): Promise<ReceivedUpload> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\b/i.test(contentType)) throw invalid(FILE_FIELD, 'Send the file as a form upload (multipart/form-data).');
  // A body announced as too big is refused before a byte of it is read.
  const declared = Number(request.headers.get('content-length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > rules.maxBytes + ENVELOPE_BYTES) throw tooLarge(rules.messages.tooLarge);
  if (!request.body) throw invalid(FILE_FIELD, rules.messages.noFile);

  const dir = await mkdtemp(join(rules.spoolDir ?? tmpdir(), 'ops-upload-'));
  const discard = () => rm(dir, { recursive: true, force: true });
  try {
    const source = Readable.fromWeb(request.body as NodeWebStream<Uint8Array>);
    return { ...(await parse(source, contentType, join(dir, 'upload'), rules)), discard };
  } catch (err) {
    await discard();
    throw err;
  }
}
