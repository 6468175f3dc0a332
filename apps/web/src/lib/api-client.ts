import type { ApiErrorBody } from '@ops/shared/schemas/errors';
import { takeEarly } from './early-data.ts';

/** Every failed call to our API, with the server's code, message and per-field messages. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string>;

  constructor(status: number, code: string, message: string, fields: Record<string, string> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

export const NETWORK_ERROR = 'NETWORK_ERROR';
export const NETWORK_ERROR_MESSAGE = 'Could not reach the server. Check your connection and try again.';

/** What every call to our API says it accepts; the session cookie goes along because calls are same-origin. */
export const API_HEADERS: Readonly<Record<string, string>> = { accept: 'application/json' };

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface RequestOptions {
  body?: unknown;
  signal?: AbortSignal;
}

function fallbackMessage(status: number): string {
  if (status === 429) return 'Too many attempts. Please wait a minute and try again.';
  if (status >= 500) return 'Something went wrong on our side. Please try again.';
  return 'The request could not be completed.';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The ApiError for a failed answer's status and parsed JSON body (uploads read their answer themselves). */
export function toApiError(status: number, body: unknown): ApiError {
  const parsed: Partial<ApiErrorBody> = isRecord(body) ? body : {};
  const code = typeof parsed.code === 'string' && parsed.code ? parsed.code : `HTTP_${status}`;
  const message = typeof parsed.message === 'string' && parsed.message ? parsed.message : fallbackMessage(status);
  const fields = isRecord(parsed.fields) ? parsed.fields : {};
  return new ApiError(status, code, message, fields);
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The one way the web app talks to the API: same origin, the session cookie, JSON both ways.
 * Resolves with the parsed body; rejects with an ApiError (status 0 when the server was not reached).
 */
export async function apiRequest<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { ...API_HEADERS };
  const init: RequestInit = { method, headers, credentials: 'same-origin' };
  if (options.signal) init.signal = options.signal;
  if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await ((method === 'GET' && takeEarly(path)) || fetch(path, init));
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, NETWORK_ERROR, NETWORK_ERROR_MESSAGE);
  }

  const body = await readJson(response);
  if (!response.ok) throw toApiError(response.status, body);
  return body as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => apiRequest<T>('GET', path, options),
  post: <T>(path: string, body?: unknown) => apiRequest<T>('POST', path, { body }),
  put: <T>(path: string, body?: unknown) => apiRequest<T>('PUT', path, { body }),
  patch: <T>(path: string, body?: unknown) => apiRequest<T>('PATCH', path, { body }),
  delete: <T>(path: string) => apiRequest<T>('DELETE', path),
};
