/**
 * A page's first API read, from its template in the web app's page table ('/api/courses/:courseId')
 * and the address's parameters as they arrived (still percent-encoded). The browser app fetches it
 * as it starts and the server preloads it with the page (a Link header); the two must name the
 * same address to the letter, so both build it here: each parameter decoded (left as it is when it
 * is not valid percent-encoding) and encoded again.
 */
export function firstReadPath(template: string, rawParams: Record<string, string | undefined>): string {
  return template.replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(decodeOrKeep(rawParams[name] ?? '')));
}

function decodeOrKeep(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
