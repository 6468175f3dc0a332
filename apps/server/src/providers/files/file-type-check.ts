/**
 * What a file is, from its first bytes (its "magic number"), not from its name or the type the
 * browser claims: a page of HTML or a program renamed `cv.pdf` is still HTML or a program.
 */
import { fileTypeFromBuffer } from 'file-type';

/** How much of the start of a file the check needs (most formats are known within it). */
export const FILE_TYPE_SAMPLE_BYTES = 4100;

/** The file's type when it is one of `allowed` (MIME types), else null. */
export async function checkFileType(head: Uint8Array, allowed: readonly string[]): Promise<string | null> {
  if (head.byteLength === 0) return null;
  const found = await fileTypeFromBuffer(head.subarray(0, FILE_TYPE_SAMPLE_BYTES));
  return found && allowed.includes(found.mime) ? found.mime : null;
}

const EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'application/zip': 'zip',
  'application/msword': 'doc',
  'application/x-cfb': 'doc',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'video/mp4': 'mp4',
};

/** The usual extension of a type, for the name a download is saved under. */
export const extensionOf = (contentType: string): string | null => EXTENSIONS[contentType] ?? null;
