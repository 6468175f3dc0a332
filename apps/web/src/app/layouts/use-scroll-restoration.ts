import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';

// Where each address was last scrolled to, for Back and Forward.
const positions = new Map<string, number>();
let shownAddress = '';
let poppedTo: string | null = null;

const here = () => window.location.pathname + window.location.search;

/**
 * A new page starts at the top (or at its #hash); Back and Forward return to where the reader was.
 * Runs when the page for the new address is on screen, not when the address changes. The first
 * page of a visit is left to the browser (a reload keeps its place).
 */
export function useScrollRestoration(): void {
  const [path] = useLocation();
  const search = useSearch();
  const address = search ? `${path}?${search}` : path;
  const first = useRef(true);

  useEffect(() => {
    let frame = 0;
    const remember = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => positions.set(shownAddress, window.scrollY));
    };
    const onPop = () => {
      poppedTo = here();
    };
    window.addEventListener('scroll', remember, { passive: true });
    window.addEventListener('popstate', onPop);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', remember);
      window.removeEventListener('popstate', onPop);
    };
  }, []);

  useLayoutEffect(() => {
    shownAddress = address;
    const backOrForward = poppedTo === address;
    poppedTo = null;
    if (first.current) {
      first.current = false;
      return;
    }
    if (backOrForward) {
      window.scrollTo(0, positions.get(address) ?? 0);
    } else if (window.location.hash) {
      document.getElementById(decodeURIComponent(window.location.hash.slice(1)))?.scrollIntoView();
    } else {
      window.scrollTo(0, 0);
    }
  }, [address]);
}
