import { lazy, Suspense } from 'react';
import { noteFocusOnReplace, WhatsAppLink } from './whatsapp-link.tsx';

// The link works (and has its title) at once; the styled tooltip follows a moment later.
const WhatsAppTooltipLink = lazy(() =>
  import('./whatsapp-tooltip-link.tsx').then((m) => ({ default: m.WhatsAppTooltipLink })),
);

/** Fixed at the bottom right of every page. */
export function WhatsAppButton() {
  return (
    <Suspense fallback={<WhatsAppLink ref={noteFocusOnReplace} />}>
      <WhatsAppTooltipLink />
    </Suspense>
  );
}
