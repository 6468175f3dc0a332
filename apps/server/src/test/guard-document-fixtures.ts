/**
 * The guard documents' tests: a small PDF, the upload form a guard's browser sends, reading a
 * guard's documents back, and the files the store holds. The store is the test context's, which
 * each test makes anew.
 */
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { GuardDocumentDto, GuardDocumentsDto } from '@ops/shared/schemas/guard-documents';
import type { TestContext } from './test-app.ts';
import type { TestClient } from './test-client.ts';

export const pdf = (extra = '') => Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n${extra}%%EOF\n`);

export function uploadForm(kind: string | null, bytes: Uint8Array, name: string, type = 'application/pdf') {
  const form = new FormData();
  if (kind !== null) form.append('kind', kind);
  form.append('file', new Blob([bytes], { type }), name);
  return form;
}

export async function upload(client: TestClient, kind: string | null, bytes: Uint8Array, name: string, type?: string) {
  return client.request('/api/guard/documents', { method: 'POST', body: uploadForm(kind, bytes, name, type) });
}

export async function uploaded(client: TestClient, kind: string, bytes: Uint8Array, name: string, type?: string): Promise<GuardDocumentDto> {
  const res = await upload(client, kind, bytes, name, type);
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as GuardDocumentDto;
}

export async function documentsOf(client: TestClient): Promise<GuardDocumentsDto> {
  const res = await client.get('/api/guard/documents');
  expect(res.status).toBe(200);
  return (await res.json()) as GuardDocumentsDto;
}

export function guardDocumentFixtures(current: () => TestContext) {
  /** Every file the store holds, by its path under the store. */
  async function storedFiles(): Promise<string[]> {
    const t = current();
    const entries = await readdir(t.files.root, { recursive: true }).catch(() => [] as string[]);
    const files: string[] = [];
    for (const entry of entries) if ((await stat(join(t.files.root, entry))).isFile()) files.push(entry);
    return files.sort();
  }

  return { storedFiles };
}
