import { describe, expect, it } from 'vitest';
import { fileOf, mockXhr } from '@/test/fake-xhr.ts';
import { ApiError } from './api-client.ts';
import { fileProblem, uploadFile, type UploadProgress } from './upload-file.ts';

const rules = {
  maxBytes: 10 * 1024 * 1024,
  accept: '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png',
  messages: { tooLarge: 'The file is larger than 10 MB.', wrongType: 'Upload a PDF, JPEG or PNG file.', emptyFile: 'The file is empty.' },
};

describe('uploadFile', () => {
  it('posts the fields and the file as multipart, same-origin, asking for JSON, and reports progress', async () => {
    const sent = mockXhr();
    const progress: UploadProgress[] = [];
    const file = fileOf('licence.pdf', 'application/pdf', 2000);
    const answer = uploadFile<{ id: string }>({
      path: '/api/guard/documents',
      file,
      fields: { kind: 'psra_licence' },
      onProgress: (p) => progress.push(p),
    });

    const xhr = sent[0]!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/guard/documents');
    expect(xhr.withCredentials).toBe(false);
    expect(xhr.headers).toEqual({ accept: 'application/json' });
    expect(xhr.body?.get('kind')).toBe('psra_licence');
    expect((xhr.body?.get('file') as File).name).toBe('licence.pdf');

    xhr.progress(500, 2000);
    xhr.progress(2000, 2000);
    xhr.respond(201, { id: 'doc-1' });

    await expect(answer).resolves.toEqual({ id: 'doc-1' });
    expect(progress.map((p) => p.percent)).toEqual([25, 100]);
  });

  it("rejects with the server's message and status", async () => {
    const sent = mockXhr();
    const answer = uploadFile({ path: '/api/guard/documents', file: fileOf('cv.pdf', 'application/pdf', 10) });
    sent[0]!.respond(413, { code: 'PAYLOAD_TOO_LARGE', message: 'The file is larger than 10 MB.' });

    const error = await answer.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 413, message: 'The file is larger than 10 MB.' });
  });

  it('says the server could not be reached when the connection fails', async () => {
    const sent = mockXhr();
    const answer = uploadFile({ path: '/api/guard/documents', file: fileOf('cv.pdf', 'application/pdf', 10) });
    sent[0]!.fail();
    await expect(answer).rejects.toMatchObject({ status: 0, message: 'Could not reach the server. Check your connection and try again.' });
  });

  it('stops sending when cancelled', async () => {
    const sent = mockXhr();
    const controller = new AbortController();
    const answer = uploadFile({ path: '/api/guard/documents', file: fileOf('cv.pdf', 'application/pdf', 10), signal: controller.signal });
    controller.abort();
    await expect(answer).rejects.toMatchObject({ name: 'AbortError' });
    expect(sent[0]!.aborted).toBe(true);
  });
});

describe('fileProblem', () => {
  it.each([
    ['a PDF within the limit', fileOf('cv.pdf', 'application/pdf', 1024), null],
    ['a PNG whose type the browser did not name', fileOf('scan.PNG', '', 1024), null],
    ['a file over the limit', fileOf('cv.pdf', 'application/pdf', 10 * 1024 * 1024 + 1), 'The file is larger than 10 MB.'],
    [
      'a Word document',
      fileOf('cv.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 1024),
      'Upload a PDF, JPEG or PNG file.',
    ],
    ['an empty file', fileOf('cv.pdf', 'application/pdf', 0), 'The file is empty.'],
  ])('%s', (_name, file, problem) => {
    expect(fileProblem(file, rules)).toBe(problem);
  });
});
