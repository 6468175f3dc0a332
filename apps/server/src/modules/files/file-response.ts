/** Sends a stored file to the person the route has checked: never cached, never sniffed, saved under a safe name. */
import { Readable } from 'node:stream';
import type { Context } from 'hono';
import { extensionOf } from '../../providers/files/file-type-check.ts';
import type { StoredObject } from '../../providers/files/file-store.ts';
import type { StoredFileRow } from './files.repo.ts';

export type Disposition = 'inline' | 'attachment';

/** The name to save under: the label's own name with the extension of what the file really is. */
export function downloadName(originalName: string, contentType: string): string {
  const ext = extensionOf(contentType);
  const stem = originalName.replace(/\.[A-Za-z0-9]{1,5}$/, '') || 'document';
  return ext ? `${stem}.${ext}` : stem;
}

/** RFC 6266: a plain ASCII name for old clients, and the exact name in UTF-8 for the rest. */
export function contentDisposition(disposition: Disposition, name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%;]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

export function fileResponse(c: Context, row: StoredFileRow, object: StoredObject, disposition: Disposition): Response {
  c.header('content-type', row.contentType);
  c.header('content-length', String(object.size));
  c.header('content-disposition', contentDisposition(disposition, downloadName(row.originalName, row.contentType)));
  c.header('cache-control', 'private, no-store');
  c.header('x-content-type-options', 'nosniff');
  return c.body(Readable.toWeb(object.stream) as ReadableStream<Uint8Array>);
}
