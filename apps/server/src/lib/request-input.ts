/**
 * Input no route should ever see, refused with a 400 before any route reads it: a NUL character in
 * the address or anywhere in the body (PostgreSQL cannot store it in text, so deep in a query it
 * would become a 500), JSON nested deeper than any of our forms, and a body that says it is JSON
 * and is not. And an answer of 413 closes its connection: the rest of that body is never read.
 */
import { createMiddleware } from 'hono/factory';
import { ERROR_CODES } from '@ops/shared/schemas/errors';
import type { AppEnv } from './context.ts';
import { AppError } from './errors.ts';

/** Our deepest body is an object holding a list (skills); anything past this is not a form's. */
export const MAX_JSON_DEPTH = 32;

export const NUL_MESSAGE = 'The request contains a NUL character (\\u0000), which is not allowed.';
export const DEPTH_MESSAGE = 'The request body is nested too deeply.';
export const NOT_JSON_MESSAGE = 'The request body is not valid JSON.';
export const NOT_FORM_MESSAGE = 'The request body is not valid form data.';

const refuse = (message: string) => new AppError(400, ERROR_CODES.validation, message);

/** The first problem in a parsed JSON value, walked without recursion (its depth is the question). */
function problemIn(value: unknown): string | null {
  const stack: [unknown, number][] = [[value, 0]];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const [current, depth] = item;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return NUL_MESSAGE;
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    if (depth >= MAX_JSON_DEPTH) return DEPTH_MESSAGE;
    for (const [key, child] of Object.entries(current)) {
      if (key.includes('\u0000')) return NUL_MESSAGE;
      stack.push([child, depth + 1]);
    }
  }
  return null;
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** Multipart: it must parse, and no field (or file name) may hold a NUL; a file's bytes may. */
async function refuseBadFormData(bytes: ArrayBuffer, contentType: string) {
  let form: FormData;
  try {
    form = await new Response(bytes, { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw refuse(NOT_FORM_MESSAGE);
  }
  for (const [key, value] of form) {
    const text = typeof value === 'string' ? value : value.name;
    if (key.includes('\u0000') || text.includes('\u0000')) throw refuse(NUL_MESSAGE);
  }
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const isJsonType = (type: string) => /^application\/([\w.+-]+\+)?json\b/.test(type);

export const refuseHostileInput = createMiddleware<AppEnv>(async (c, next) => {
  // A NUL can only arrive percent-encoded in the address (Node refuses a raw one).
  if (/%00/.test(c.req.url)) throw refuse(NUL_MESSAGE);
  if (!WRITE_METHODS.has(c.req.method) || !c.req.raw.body) return next();
  const type = (c.req.header('content-type') ?? '').toLowerCase();

  // The body limit has run, so this is at most BODY_LIMIT_BYTES.
  const bytes = await c.req.arrayBuffer();
  if (type.startsWith('multipart/form-data')) {
    await refuseBadFormData(bytes, c.req.header('content-type') ?? '');
    c.req.raw = new Request(c.req.raw, { body: bytes });
    return next();
  }
  const text = new TextDecoder().decode(bytes);
  if (text.includes('\u0000')) throw refuse(NUL_MESSAGE);
  if (type.includes('application/x-www-form-urlencoded')) {
    for (const [key, value] of new URLSearchParams(text)) if (key.includes('\u0000') || value.includes('\u0000')) throw refuse(NUL_MESSAGE);
  } else {
    const parsed = parseJson(text);
    // Webhooks read their body as JSON whatever its type says, so any body that parses is looked at.
    if (!parsed.ok && isJsonType(type)) throw refuse(NOT_JSON_MESSAGE);
    const problem = parsed.ok ? problemIn(parsed.value) : null;
    if (problem) throw refuse(problem);
  }
  // Read once here; the routes read the same bytes again (Better Auth from the raw request).
  c.req.raw = new Request(c.req.raw, { body: bytes });
  return next();
});

/**
 * A 413 is answered before the body is read; keeping the connection would mean reading (or
 * misreading) the rest of it as the next request. 'Connection: close' makes Node end the socket.
 */
export const closeAfterTooLarge = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  if (c.res.status === 413) c.res.headers.set('connection', 'close');
});
