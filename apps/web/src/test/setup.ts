import '@testing-library/jest-dom/vitest';
import '../../../../vitest.fail-on-console.ts';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach } from 'vitest';
import { resetPublicSettings } from '@/lib/public-settings.ts';

// jsdom lacks a few browser APIs that Radix (popper, pointer capture) and sonner call.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub;

window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }) satisfies MediaQueryList;

Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.setPointerCapture ??= () => {};
Element.prototype.releasePointerCapture ??= () => {};
Element.prototype.scrollIntoView ??= () => {};

// findBy… and waitFor wait up to 5 s rather than 1 s: on two cores shared with the server's suites a
// lazy screen can take longer than a second to appear without anything being wrong.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  // Toasts live in a module-level store; one test's toasts must not appear in the next.
  toast.dismiss();
  // So do the public settings; files share their worker's modules (vitest.config.ts).
  resetPublicSettings();
  localStorage.clear();
});
