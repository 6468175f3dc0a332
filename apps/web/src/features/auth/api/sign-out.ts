import { api } from '@/lib/api-client.ts';

/** Ends the session on the server; the auth context then forgets the user and their data. */
export function signOut(): Promise<unknown> {
  return api.post('/api/auth/sign-out', {});
}
