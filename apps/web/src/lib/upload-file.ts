import { useCallback, useEffect, useRef, useState } from 'react';
import { API_HEADERS, ApiError, NETWORK_ERROR, NETWORK_ERROR_MESSAGE, toApiError } from './api-client.ts';

/*
 * Files go up with XMLHttpRequest: fetch cannot report how much of a request body has been sent.
 * Same origin, the session cookie and the same headers as the API client, so the server's origin
 * check for writes treats an upload like any other call.
 */

export interface UploadProgress {
  loaded: number;
  total: number;
  /** 0–100, whole numbers. */
  percent: number;
}

export interface UploadRequest {
  /** The API path, e.g. '/api/guard/documents'. */
  path: string;
  file: File;
  /** The multipart field the file goes in. */
  fileField?: string;
  /** Further multipart fields, sent before the file so the server knows what it is receiving. */
  fields?: Record<string, string>;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

const abortError = () => new DOMException('The upload was cancelled.', 'AbortError');

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * POSTs one file as multipart/form-data. Resolves with the parsed answer; rejects with an ApiError
 * carrying the server's message (status 0 when the server was not reached), or with an AbortError
 * when `signal` aborts.
 */
export function uploadFile<T>({ path, file, fileField = 'file', fields = {}, onProgress, signal }: UploadRequest): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) return reject(abortError());
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    body.append(fileField, file, file.name);

    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.withCredentials = false;
    for (const [name, value] of Object.entries(API_HEADERS)) xhr.setRequestHeader(name, value);

    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => signal?.removeEventListener('abort', onAbort);

    xhr.upload.addEventListener('progress', (event) => {
      if (!event.lengthComputable || event.total === 0) return;
      onProgress?.({ loaded: event.loaded, total: event.total, percent: Math.min(100, Math.round((event.loaded / event.total) * 100)) });
    });
    xhr.addEventListener('load', () => {
      done();
      const parsed = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) resolve(parsed as T);
      else reject(toApiError(xhr.status, parsed));
    });
    xhr.addEventListener('error', () => {
      done();
      reject(new ApiError(0, NETWORK_ERROR, NETWORK_ERROR_MESSAGE));
    });
    xhr.addEventListener('abort', () => {
      done();
      reject(abortError());
    });
    xhr.send(body);
  });
}

export interface FileRules {
  maxBytes: number;
  /** As in an input's `accept`: extensions ('.pdf') and content types ('application/pdf', 'image/*'). */
  accept: string;
  messages: { tooLarge: string; wrongType: string; emptyFile: string };
}

function matchesAccept(file: File, accept: string): boolean {
  const name = file.name.toLowerCase();
  const type = file.type.toLowerCase();
  return accept
    .split(',')
    .map((token) => token.trim().toLowerCase())
    .some((token) => (token.startsWith('.') ? name.endsWith(token) : token.endsWith('/*') ? type.startsWith(token.slice(0, -1)) : type === token));
}

/** Why the file would be refused, checked in the browser before sending (the server checks its content again). */
export function fileProblem(file: File, rules: FileRules): string | null {
  if (!matchesAccept(file, rules.accept)) return rules.messages.wrongType;
  if (file.size === 0) return rules.messages.emptyFile;
  if (file.size > rules.maxBytes) return rules.messages.tooLarge;
  return null;
}

export type UploadState<T> =
  | { status: 'idle' }
  | { status: 'uploading'; file: File; progress: UploadProgress | null }
  | { status: 'done'; result: T }
  | { status: 'failed'; message: string };

/**
 * One upload at a time with its progress, a way to cancel it, and the server's message when it
 * fails. `start` resolves with the answer, or null when it was cancelled or failed.
 */
export function useFileUpload<T>(path: string) {
  const [state, setState] = useState<UploadState<T>>({ status: 'idle' });
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(
    async (file: File, fields?: Record<string, string>): Promise<T | null> => {
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      setState({ status: 'uploading', file, progress: null });
      try {
        const result = await uploadFile<T>({
          path,
          file,
          ...(fields ? { fields } : {}),
          signal: current.signal,
          onProgress: (progress) => setState({ status: 'uploading', file, progress }),
        });
        setState({ status: 'done', result });
        return result;
      } catch (error) {
        if (isAbortError(error)) {
          if (controller.current === current) setState({ status: 'idle' });
          return null;
        }
        setState({ status: 'failed', message: error instanceof ApiError ? error.message : 'The upload failed. Please try again.' });
        return null;
      } finally {
        if (controller.current === current) controller.current = null;
      }
    },
    [path],
  );

  const cancel = useCallback(() => controller.current?.abort(), []);
  const fail = useCallback((message: string) => setState({ status: 'failed', message }), []);
  const reset = useCallback(() => setState({ status: 'idle' }), []);

  return { state, start, cancel, fail, reset };
}

/** 1536 → '1.5 KB', 2_411_724 → '2.3 MB'. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const kb = bytes / 1024;
  if (kb < 1024) return `${kb < 10 ? kb.toFixed(1) : Math.round(kb)} KB`;
  const mb = kb / 1024;
  return `${mb < 10 ? mb.toFixed(1) : Math.round(mb)} MB`;
}
