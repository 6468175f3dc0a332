/**
 * Routes that read their own multipart body as a stream, with their own size limit and checks
 * (file-upload.ts). The app's general body limit and its whole-body input checks step aside for
 * them: those would refuse a 10 MB document, or hold all of it in memory first.
 */
const STREAMED_UPLOADS: { method: string; path: RegExp }[] = [
  { method: 'POST', path: /^\/api\/guard\/documents\/?$/ },
  { method: 'POST', path: /^\/api\/admin\/settings\/logo\/?$/ },
  { method: 'POST', path: /^\/api\/admin\/training\/courses\/[^/]+\/materials\/?$/ },
  { method: 'POST', path: /^\/api\/student\/assessments\/?$/ },
  { method: 'POST', path: /^\/api\/admin\/training\/cohorts\/[^/]+\/files\/[^/]+\/?$/ },
  { method: 'POST', path: /^\/api\/incidents\/[^/]+\/photos\/?$/ },
  { method: 'POST', path: /^\/api\/shifts\/[^/]+\/incidents\/?$/ },
];

export const isStreamedUpload = (method: string, path: string): boolean =>
  STREAMED_UPLOADS.some((route) => route.method === method && route.path.test(path));
