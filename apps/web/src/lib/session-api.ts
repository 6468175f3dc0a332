import type { MeDto, MeResponse } from '@ops/shared/schemas/profiles';
import { api, isApiError } from './api-client.ts';

/**
 * The signed-in user, session and profile; null for a visitor. Plain fetch, no query cache: it is
 * read on every first page, before the query library has loaded.
 */
export async function getMe(signal?: AbortSignal): Promise<MeDto | null> {
  try {
    const me = await api.get<MeResponse>('/api/me', { signal });
    return me.user === null ? null : me;
  } catch (error) {
    // A session that ended between two calls may still be answered with 401.
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}

/** Ends the session on the server; the auth context then forgets the user and their data. */
export function signOut(): Promise<unknown> {
  return api.post('/api/auth/sign-out', {});
}
