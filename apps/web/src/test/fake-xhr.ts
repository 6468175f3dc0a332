import { vi } from 'vitest';

/**
 * A stand-in for XMLHttpRequest (jsdom's sends nothing anywhere useful): records what was sent and
 * lets the test play the upload's progress and the server's answer.
 */
export class FakeXhr extends EventTarget {
  static sent: FakeXhr[] = [];

  readonly upload = new EventTarget();
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  withCredentials = false;
  status = 0;
  responseText = '';
  aborted = false;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }

  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }

  abort() {
    this.aborted = true;
    this.dispatchEvent(new Event('abort'));
  }

  /** The browser has sent `loaded` of `total` bytes. */
  progress(loaded: number, total: number) {
    this.upload.dispatchEvent(new ProgressEvent('progress', { lengthComputable: true, loaded, total }));
  }

  /** The server answers. */
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = body === undefined ? '' : JSON.stringify(body);
    this.dispatchEvent(new Event('load'));
  }

  /** The connection failed before an answer came. */
  fail() {
    this.dispatchEvent(new Event('error'));
  }
}

/** Replaces XMLHttpRequest for one test; returns the list of requests sent, latest last. */
export function mockXhr(): FakeXhr[] {
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return FakeXhr.sent;
}

export function fileOf(name: string, type: string, size: number): File {
  const file = new File(['x'], name, { type });
  // Large files without allocating them: only the size is read before sending.
  Object.defineProperty(file, 'size', { value: size });
  return file;
}
