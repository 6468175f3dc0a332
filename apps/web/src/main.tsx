import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers.tsx';
import { App } from './app/router.tsx';
import { getMe } from './features/auth/api/get-me.ts';
import './index.css';

// Every page needs the session: ask for it now, while React is still starting.
const session = getMe();
// An error here is the auth context's to handle (it retries); not an unhandled rejection meanwhile.
session.catch(() => {});

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProviders session={session}>
      <App />
    </AppProviders>
  </StrictMode>,
);
