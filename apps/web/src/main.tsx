import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers.tsx';
import { App, preloadPage } from './app/router.tsx';
import { getMe } from './lib/session-api.ts';
import type { MeDto } from '@ops/shared/schemas/profiles';
import { parseWithoutEval } from '@ops/shared/schemas/parse-without-eval';
import './index.css';

// Before any form or answer is checked (the page's Content-Security-Policy forbids eval).
parseWithoutEval();

// Every page needs the session: ask for it now, while React is still starting.
const session = getMe();
// An error here is the auth context's to handle (it retries); not an unhandled rejection meanwhile.
session.catch(() => {});

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

const root = createRoot(container);
const render = (known?: { me: MeDto | null }) =>
  // A transition: React renders in slices and lets the browser breathe between them.
  startTransition(() => {
    root.render(
      <StrictMode>
        <AppProviders session={session} known={known}>
          <App />
        </AppProviders>
      </StrictMode>,
    );
  });

// Home is drawn at once, and its header catches up with the session. Every other page depends on
// who is signed in, so its first render waits for its code and for the session (both already on
// their way) and the page appears in one go, rather than as a spinner replaced a moment later. If
// either fails, the app renders regardless: the session's retries and the page's loader take over.
const page = preloadPage(window.location.pathname);
if (!page) render();
else void Promise.allSettled([page, session]).then(([, me]) => render(me.status === 'fulfilled' ? { me: me.value } : undefined));
