import { createContext, use, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { MeDto, ProfileDto } from '@ops/shared/schemas/profiles';
import { isApiError } from './api-client.ts';
import { getMe, signOut as endSession } from './session-api.ts';

export interface AuthContextValue {
  user: MeDto['user'] | null;
  session: MeDto['session'] | null;
  profile: ProfileDto | null;
  /** True until the first answer of /api/me: nothing may be decided about access before that. */
  loading: boolean;
  refreshProfile: () => Promise<void>;
  signOut: () => Promise<void>;
}

/*
 * The session is read with plain fetch rather than the query cache: every first page needs it, and
 * a visitor's home page should not download the query library just for this one call.
 */
const STALE_AFTER_MS = 60_000;

/** Called with the id of the user who was signed in, when they sign out or another user signs in. */
type UserChangeListener = (previousUserId: string) => void;
const userChangeListeners = new Set<UserChangeListener>();
const sessionLostListeners = new Set<() => void>();

/** Data cached for one user must be forgotten when another (or nobody) is signed in. */
export function onSignedInUserChange(listener: UserChangeListener): () => void {
  userChangeListeners.add(listener);
  return () => userChangeListeners.delete(listener);
}

/** Another call answered 401: the session may have ended on the server (expired or revoked). */
export function reportSessionLost(): void {
  for (const listener of sessionLostListeners) listener();
}

interface Snapshot {
  me: MeDto | null;
  loading: boolean;
}

const retryable = (error: unknown) => !(isApiError(error) && error.status > 0 && error.status < 500);
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function createSessionStore(retries: number, firstAnswer?: Promise<MeDto | null>, known?: { me: MeDto | null }) {
  let snapshot: Snapshot = known ? { me: known.me, loading: false } : { me: null, loading: true };
  let readAt = known ? Date.now() : 0;
  let latestRead = 0;
  const listeners = new Set<() => void>();

  function publish(me: MeDto | null) {
    const previous = snapshot.me?.user.id;
    if (previous && previous !== me?.user.id) for (const listener of userChangeListeners) listener(previous);
    snapshot = { me, loading: false };
    for (const listener of listeners) listener();
  }

  /** Reads /api/me again; only the latest read counts. Network and server errors are retried. */
  async function read(): Promise<void> {
    const id = ++latestRead;
    for (let attempt = 0; ; attempt++) {
      try {
        // The answer asked before React started serves the first read only, and only when it was not
        // already known at the start (then the first read is a later refresh, e.g. after signing in).
        const early = id === 1 && attempt === 0 && !known ? firstAnswer : undefined;
        const me = await (early ?? getMe());
        if (id !== latestRead) return;
        readAt = Date.now();
        return publish(me);
      } catch (error) {
        if (id !== latestRead) return;
        if (!retryable(error) || attempt >= retries) {
          readAt = Date.now();
          // Keep what we knew; a first read that failed leaves the visitor signed out.
          return publish(snapshot.me);
        }
        await wait(1000 * 2 ** attempt);
      }
    }
  }

  // Known already: nothing to read at the start.
  let started = Boolean(known);
  return {
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
    start: () => {
      if (started) return;
      started = true;
      void read();
    },
    refresh: read,
    refreshIfStale: () => {
      if (!snapshot.loading && Date.now() - readAt > STALE_AFTER_MS) void read();
    },
    signOut: async () => {
      await endSession();
      latestRead++;
      publish(null);
    },
  };
}

const AuthContext = createContext<AuthContextValue | null>(null);

interface AuthProviderProps {
  children: ReactNode;
  /** Further tries when the server cannot be reached or fails (tests turn them off). */
  retries?: number;
  /** /api/me already asked before React started (main.tsx), so the page does not wait for a render. */
  firstAnswer?: Promise<MeDto | null>;
  /**
   * /api/me's answer when it came before the first render (main.tsx waits for it on every page
   * but home): the app starts with it, instead of rendering 'loading' and then everything again.
   */
  known?: { me: MeDto | null };
}

/** The signed-in state, read from the server (the session cookie is httpOnly; we never see it). */
export function AuthProvider({ children, retries = 2, firstAnswer, known }: AuthProviderProps) {
  const [store] = useState(() => createSessionStore(retries, firstAnswer, known));
  const { me, loading } = useSyncExternalStore(store.subscribe, store.getSnapshot);

  useEffect(() => {
    store.start();
    const onVisible = () => {
      if (document.visibilityState === 'visible') store.refreshIfStale();
    };
    // Only a signed-in app can lose its session; a failed sign-in is not that.
    const onSessionLost = () => {
      if (store.getSnapshot().me) void store.refresh();
    };
    document.addEventListener('visibilitychange', onVisible);
    sessionLostListeners.add(onSessionLost);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      sessionLostListeners.delete(onSessionLost);
    };
  }, [store]);

  const value = useMemo<AuthContextValue>(
    () => ({
      user: me?.user ?? null,
      session: me?.session ?? null,
      profile: me?.profile ?? null,
      loading,
      refreshProfile: store.refresh,
      signOut: store.signOut,
    }),
    [me, loading, store],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): AuthContextValue {
  const value = use(AuthContext);
  if (!value) throw new Error('useAuth must be used within an AuthProvider');
  return value;
}
