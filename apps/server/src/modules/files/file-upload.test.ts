import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { AppError } from '../../lib/errors.ts';
import { contentDisposition, downloadName } from './file-response.ts';
import { fileNameLabel, receiveUpload, type UploadRules } from './file-upload.ts';

// A spool directory of this file's own: other tests (and other suites) upload at the same time.
const spoolDir = await mkdtemp(join(tmpdir(), 'ops-upload-test-'));
afterAll(() => rm(spoolDir, { recursive: true, force: true }));

const rules: UploadRules = {
  spoolDir,
  maxBytes: 1000,
  allowedTypes: ['application/pdf'],
  fields: ['kind'],
  messages: { tooLarge: 'Too large.', wrongType: 'Wrong type.', noFile: 'No file.', emptyFile: 'Empty.' },
};
const pdf = Buffer.from('%PDF-1.4\nhello\n%%EOF\n');

const requestOf = (form: FormData) => new Request('http://localhost/upload', { method: 'POST', body: form });
const refusal = async (request: Request) => {
  const err = (await receiveUpload(request, rules).then(
    () => null,
    (e: unknown) => e,
  )) as AppError | null;
  return err && { status: err.status, message: err.message, fields: err.fields };
};
const spooled = async () => (await readdir(spoolDir)).filter((n) => n.startsWith('ops-upload-')).length;

describe('receiveUpload', () => {
  it('keeps the file and the listed fields, typed by content', async () => {
    const form = new FormData();
    form.append('kind', 'cv');
    form.append('ignored', 'x');
    form.append('file', new Blob([pdf], { type: 'image/png' }), 'C:\\Users\\amina\\My CV.pdf');
    const upload = await receiveUpload(requestOf(form), rules);
    expect(upload.fields).toEqual({ kind: 'cv' });
    expect(upload.file).toMatchObject({ size: pdf.length, contentType: 'application/pdf', originalName: 'My CV.pdf' });
    await upload.discard();
  });

  it('refuses two files, a NUL in a name, and a body that is not a form, leaving nothing behind', async () => {
    const before = await spooled();
    expect(before).toBe(0);
    const two = new FormData();
    two.append('file', new Blob([pdf]), 'a.pdf');
    two.append('file', new Blob([pdf]), 'b.pdf');
    expect(await refusal(requestOf(two))).toMatchObject({ status: 400, fields: { file: 'Send one file at a time.' } });

    const nul = new FormData();
    nul.append('file', new Blob([pdf]), 'cv\u0000.pdf');
    expect(await refusal(requestOf(nul))).toMatchObject({ status: 400 });

    const broken = new Request('http://localhost/upload', {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      body: 'not a form at all',
    });
    expect(await refusal(broken)).toMatchObject({ status: 400, fields: { file: 'The request body is not valid form data.' } });

    const json = new Request('http://localhost/upload', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(await refusal(json)).toMatchObject({ status: 400 });
    expect(await spooled()).toBe(before);
  });
});

describe('file names', () => {
  it('keeps a name as a label only: no folders, no control or direction characters', () => {
    expect(fileNameLabel('../../etc/passwd')).toBe('passwd');
    expect(fileNameLabel('cv\u202egpj.exe')).toBe('cvgpj.exe');
    expect(fileNameLabel('  \u0007 ')).toBe('document');
    expect(fileNameLabel('é'.repeat(300))).toHaveLength(200);
  });

  it('saves a download under its label with the extension of what it is', () => {
    expect(downloadName('licence.pdf', 'image/png')).toBe('licence.png');
    expect(downloadName('scan', 'image/jpeg')).toBe('scan.jpg');
    expect(contentDisposition('attachment', 'Cheti "cha" polisi; 2026.pdf')).toBe(
      `attachment; filename="Cheti _cha_ polisi_ 2026.pdf"; filename*=UTF-8''Cheti%20%22cha%22%20polisi%3B%202026.pdf`,
    );
  });
});
