/**
 * Reads the guard's incident form: its four fields and up to three photos, each at most 5 MB and a
 * JPEG, PNG or WebP image by its bytes (not by its name or the type the phone claims). Every
 * problem is answered together as field errors, before anything is stored.
 */
import { Readable } from 'node:stream';
import type { ReadableStream as NodeWebStream } from 'node:stream/web';
import { Busboy, type BusboyInstance } from '@fastify/busboy';
import { ERROR_CODES } from '@ops/shared/schemas/errors';
import {
  INCIDENT_PHOTO_MAX,
  INCIDENT_PHOTO_MAX_BYTES,
  INCIDENT_PHOTO_MESSAGES,
  INCIDENT_PHOTO_TYPES,
  INCIDENT_PHOTOS_FIELD,
  INCIDENT_TOO_MANY_PHOTOS,
  incidentInput,
  type IncidentInput,
} from '@ops/shared/schemas/shifts';
import { AppError, fieldErrors } from '../../lib/errors.ts';
import { NOT_FORM_MESSAGE, NUL_MESSAGE } from '../../lib/request-input.ts';
import { checkFileType } from '../../providers/files/file-type-check.ts';
import { fileNameLabel } from '../files/file-upload.ts';

export interface IncidentPhoto {
  bytes: Uint8Array;
  /** From the content: one of INCIDENT_PHOTO_TYPES. */
  contentType: string;
  originalName: string;
}

const FIELDS = ['type', 'severity', 'occurredAt', 'description'] as const;
/** The form's text and the multipart envelope around the photos. */
const ENVELOPE_BYTES = 64 * 1024;
/** The most a whole form may be: three photos at the limit and the text. */
export const INCIDENT_FORM_MAX_BYTES = INCIDENT_PHOTO_MAX * INCIDENT_PHOTO_MAX_BYTES + ENVELOPE_BYTES;

const invalid = (field: string, message: string) => AppError.validation({ [field]: message }, message);

interface Parsed {
  fields: Record<string, string>;
  photos: { bytes: Buffer; name: string; tooLarge: boolean }[];
  tooMany: boolean;
}

function parse(source: Readable, contentType: string): Promise<Parsed> {
  return new Promise((resolve, reject) => {
    let parser: BusboyInstance;
    try {
      parser = Busboy({
        headers: { 'content-type': contentType },
        defCharset: 'utf8',
        limits: {
          files: INCIDENT_PHOTO_MAX + 1,
          fields: FIELDS.length + 4,
          fieldSize: 8 * 1024,
          parts: FIELDS.length + INCIDENT_PHOTO_MAX + 5,
          fileSize: INCIDENT_PHOTO_MAX_BYTES,
          headerPairs: 20,
        },
      });
    } catch {
      reject(invalid('_', NOT_FORM_MESSAGE));
      return;
    }
    const parsed: Parsed = { fields: {}, photos: [], tooMany: false };
    const pending: Promise<void>[] = [];
    let settled = false;
    const fail = (err: AppError) => {
      if (settled) return;
      settled = true;
      source.unpipe(parser);
      let dropped = 0;
      source.on('data', (chunk: Buffer) => {
        dropped += chunk.length;
        if (dropped > INCIDENT_FORM_MAX_BYTES) source.destroy();
      });
      source.resume();
      reject(err);
    };
    parser.on('field', (name, value) => {
      if (name.includes('\u0000') || value.includes('\u0000')) return fail(invalid('_', NUL_MESSAGE));
      if ((FIELDS as readonly string[]).includes(name)) parsed.fields[name] = value;
    });
    parser.on('file', (name, stream, filename) => {
      // A file box left empty arrives as a part with no name and no bytes.
      if (name !== INCIDENT_PHOTOS_FIELD || !filename) return void stream.resume();
      if (filename.includes('\u0000')) {
        stream.resume();
        return fail(invalid(INCIDENT_PHOTOS_FIELD, NUL_MESSAGE));
      }
      if (parsed.photos.length >= INCIDENT_PHOTO_MAX) {
        parsed.tooMany = true;
        return void stream.resume();
      }
      const photo = { bytes: Buffer.alloc(0), name: filename, tooLarge: false };
      parsed.photos.push(photo);
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => {
        photo.tooLarge = true;
      });
      pending.push(
        new Promise((done) =>
          stream.on('end', () => {
            photo.bytes = Buffer.concat(chunks);
            done();
          }),
        ),
      );
    });
    parser.on('filesLimit', () => {
      parsed.tooMany = true;
    });
    parser.on('fieldsLimit', () => fail(invalid('_', NOT_FORM_MESSAGE)));
    parser.on('partsLimit', () => fail(invalid('_', NOT_FORM_MESSAGE)));
    parser.on('error', () => fail(invalid('_', NOT_FORM_MESSAGE)));
    source.on('error', () => fail(invalid('_', NOT_FORM_MESSAGE)));
    parser.on('finish', () => {
      void Promise.all(pending).then(() => {
        if (settled) return;
        settled = true;
        resolve(parsed);
      });
    });
    source.pipe(parser);
  });
}

/** The incident's fields and photos from `request`, or a 400 naming every field that is wrong. */
export async function receiveIncidentForm(request: Request): Promise<{ input: IncidentInput; photos: IncidentPhoto[] }> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\b/i.test(contentType)) throw invalid('_', 'Send the report as a form (multipart/form-data).');
  const declared = Number(request.headers.get('content-length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > INCIDENT_FORM_MAX_BYTES) throw new AppError(413, ERROR_CODES.tooLarge, INCIDENT_PHOTO_MESSAGES.tooLarge);
  if (!request.body) throw invalid('_', NOT_FORM_MESSAGE);
  const parsed = await parse(Readable.fromWeb(request.body as NodeWebStream<Uint8Array>), contentType);

  const errors: Record<string, string> = {};
  const checked = incidentInput.safeParse(parsed.fields);
  if (!checked.success) Object.assign(errors, fieldErrors(checked.error));
  const photos: IncidentPhoto[] = [];
  let photoError: string | null = parsed.tooMany ? INCIDENT_TOO_MANY_PHOTOS : null;
  for (const p of parsed.photos) {
    if (photoError) break;
    if (p.tooLarge) photoError = INCIDENT_PHOTO_MESSAGES.tooLarge;
    else if (p.bytes.byteLength === 0) photoError = INCIDENT_PHOTO_MESSAGES.emptyFile;
    else {
      const type = await checkFileType(p.bytes, INCIDENT_PHOTO_TYPES);
      if (!type) photoError = INCIDENT_PHOTO_MESSAGES.wrongType;
      else photos.push({ bytes: p.bytes, contentType: type, originalName: fileNameLabel(p.name) });
    }
  }
  if (photoError) errors[INCIDENT_PHOTOS_FIELD] = photoError;
  if (!checked.success || photoError) throw AppError.validation(errors);
  return { input: checked.data, photos };
}
