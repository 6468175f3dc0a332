/**
 * The fuzzing of the app's state-changing routes: what a route's sample says about it, and the
 * wrong bodies made from that sample (wrong types, missing fields, NUL bytes, absurd numbers, deep
 * nesting, non-JSON, the wrong content type, too much).
 */
import fc from 'fast-check';

export type Role = 'visitor' | 'client' | 'guard' | 'admin' | 'partner';
export type Json = Record<string, unknown>;

export interface RouteSpec {
  role: Role;
  /** A body the route would accept (or refuse only for what it refers to): mutations start from it. */
  sample?: () => Json;
  /** Fields that must be there. */
  required?: string[];
  /** Routes whose handler reads no body: any body is as good as none (a 2xx is fine). */
  readsNoBody?: boolean;
  /** Sends its sample as a form, as a browser posts the sandbox page. */
  form?: boolean;
  /** What :id or :ref stands for. */
  param?: () => string;
  /** Counts each request against a per-address limit (auth_throttles): that counter is the only row it may touch. */
  throttled?: boolean;
  /** A check that gives its verdict on any text (a wrong credential is a 200 saying so): a 2xx is fine. */
  verdictOnAnyText?: boolean;
}

// ---------------------------------------------------------------------------------------------
// Bodies. Each is a content type and the bytes sent, and every one of them is wrong.

export interface Body {
  what: string;
  contentType: string | null;
  text: string;
}

/** JSON text of a value, where a number may be written as the raw token (1e400, 30 digits). */
export const raw = (token: string) => ({ rawJson: token });
export function toJson(value: unknown): string {
  const tokens: string[] = [];
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (v === null || typeof v !== 'object' || !('rawJson' in v)) return v;
    tokens.push(String(v.rawJson));
    return `@@raw${tokens.length - 1}@@`;
  });
  return text.replace(/"@@raw(\d+)@@"/g, (_match, i: string) => tokens[Number(i)] ?? '');
}

const ABSURD_NUMBERS = [
  '1e308',
  '-1e308',
  '1e400',
  '-1e400',
  '-1',
  '-0.5',
  '9007199254740993',
  '123456789012345678901234567890',
  '"NaN"',
  '"Infinity"',
  '"-1"',
  '"1e308"',
];

const nested = (depth: number, open: string, close: string, inner = '1') => open.repeat(depth) + inner + close.repeat(depth);
const DEEP = [nested(5000, '[', ']'), nested(3000, '{"a":', '}'), nested(200, '{"a":[', ']}')];

const withNul = fc.tuple(fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 })).map(([a, b]) => `${a}\u0000${b}`);

/** A value of another JSON type than the sample's. */
function wrongType(sampleValue: unknown): fc.Arbitrary<unknown> {
  const text = fc.string({ maxLength: 20 });
  const number = fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }));
  const list = fc.array(fc.integer(), { maxLength: 3 });
  const object = fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 3 });
  if (typeof sampleValue === 'string') return fc.oneof(number, fc.boolean(), list, object);
  if (typeof sampleValue === 'number') return fc.oneof(text, fc.boolean(), list, object);
  if (typeof sampleValue === 'boolean') return fc.oneof(text, number, list, object);
  if (Array.isArray(sampleValue)) return fc.oneof(text, number, fc.boolean(), object);
  return fc.oneof(list, object, fc.boolean());
}

/** A body that fast-check reports by what it is, not by its (maybe megabyte) text. */
export function body(what: string, contentType: string | null, text: string): Body {
  const shown = text.length > 120 ? `${text.slice(0, 120)}… (${text.length} characters)` : text;
  const described: Body & { [fc.toStringMethod]: () => string } = {
    what,
    contentType,
    text,
    [fc.toStringMethod]: () => `${what} as ${contentType ?? 'no type'}: ${shown}`,
  };
  return described;
}
const json = (what: string, value: unknown): Body => body(what, 'application/json', toJson(value));

export function bodies(spec: RouteSpec, bodyLimit: number): fc.Arbitrary<Body> {
  const sample = spec.sample?.() ?? {};
  const keys = Object.keys(sample);
  const field = keys.length > 0 ? fc.constantFrom(...keys) : fc.constantFrom('email', 'password', 'token', 'name', 'newPassword', 'callbackURL');
  const generic: fc.Arbitrary<Body>[] = [
    fc.constantFrom('[]', 'null', 'true', '42', '"text"', '[{"a":1}]').map((text) => body('not an object', 'application/json', text)),
    fc
      .constantFrom('{', '{"a":', "{'a': 1}", '{"a":1}}', 'undefined', 'NaN', '\u0000', '{"a":"\\u00"}')
      .map((text) => body('not JSON', 'application/json', text)),
    fc
      .string({ minLength: 1, maxLength: 30 })
      .filter((s) => !isJson(s))
      .map((text) => body('not JSON', 'application/json', text)),
    fc.tuple(field, withNul).map(([key, value]) => json('NUL in a value', { ...sample, [key]: value })),
    withNul.map((key) => json('NUL in a key', { ...sample, [key]: 1 })),
    fc.tuple(field, fc.constantFrom(...DEEP)).map(([key, deep]) => body('deeply nested', 'application/json', toJson({ ...sample, [key]: raw(deep) }))),
    fc.constantFrom(...DEEP).map((text) => body('deeply nested', 'application/json', text)),
    fc.constant(body('over the size limit', 'application/json', toJson({ ...sample, padding: 'x'.repeat(bodyLimit + 10) }))),
  ];
  if (keys.length === 0) return fc.oneof(...generic);
  const numberFields = keys.filter((k) => typeof sample[k] === 'number');
  const typed: fc.Arbitrary<Body>[] = [
    fc.constantFrom(...keys).chain((key) => wrongType(sample[key]).map((value) => json(`wrong type for ${key}`, { ...sample, [key]: value }))),
    fc
      .tuple(fc.constantFrom(...keys), fc.constantFrom(...ABSURD_NUMBERS.filter((n) => !n.startsWith('"'))))
      .map(([key, n]) => json(`absurd number in ${key}`, { ...sample, [key]: raw(n) })),
    fc
      .constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml', '')
      .map((contentType) => body(`sent as ${contentType || 'no content type'}`, contentType || null, toJson(sample))),
  ];
  const textFields = keys.filter((k) => typeof sample[k] === 'string');
  if (textFields.length > 0) {
    typed.push(
      fc
        .tuple(fc.constantFrom(...textFields), fc.integer({ min: 5_000, max: 300_000 }))
        .map(([key, length]) => json(`${length} characters in ${key}`, { ...sample, [key]: 'x'.repeat(length) })),
    );
  }
  if (numberFields.length > 0) {
    typed.push(
      fc
        .tuple(fc.constantFrom(...numberFields), fc.constantFrom(...ABSURD_NUMBERS))
        .map(([key, n]) => json(`absurd ${key}`, { ...sample, [key]: raw(n) })),
    );
  }
  if (spec.required?.length) {
    typed.push(
      fc.constantFrom(...spec.required).map((key) => json(`without ${key}`, Object.fromEntries(Object.entries(sample).filter(([k]) => k !== key)))),
    );
  }
  if (spec.form) {
    typed.push(
      fc
        .tuple(fc.constantFrom(...keys), withNul)
        .map(([key, value]) =>
          body(
            `NUL in form field ${key}`,
            'application/x-www-form-urlencoded',
            new URLSearchParams({ ...(sample as Record<string, string>), [key]: value }).toString(),
          ),
        ),
      fc
        .constantFrom('x', 'action=', '%', '%zz=%zz', 'action=maybe', 'action[]=approve', 'action=approve%00', '&&&=&')
        .map((text) => body('odd form', 'application/x-www-form-urlencoded', text)),
    );
  }
  return fc.oneof(...generic, ...typed);
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
