/**
 * Live sessions remembered between requests, so that a signed-in person's requests do not each
 * begin with a trip to the database to ask who they are. A remembered session is forgotten the
 * moment the database announces a change to it or to its account (migration 0039: signed out,
 * renewed, revoked, blocked, role changed, account deleted, by any copy of the server), and nothing
 * is remembered while those announcements may be missed (the listening connection is lost, or not
 * listening yet). Only sessions found are remembered, for at most a minute and at most 10,000 of
 * them; a lookup that a change overlapped is not remembered, since it may have read what was there
 * before. Whether a session is still live at this moment (its expiry, its renewal, a blocked
 * account) is decided on each request from what is remembered (session-lookup.ts).
 */
import { LRUCache } from 'lru-cache';
import type { DatabaseNotifications } from '../../db/notifications.ts';

export const SESSION_CACHE_TTL_MS = 60_000;
export const SESSION_CACHE_MAX = 10_000;

export interface SessionCache<Row extends { userId: string }> {
  /** The remembered row for `token`, or `ask`'s answer (remembered when it found one). */
  fetch(token: string, ask: (token: string) => Promise<Row | null>): Promise<Row | null>;
  /** How many sessions are remembered now. */
  readonly size: number;
  stop(): void;
}

export function rememberSessions<Row extends { userId: string }>(notifications: DatabaseNotifications): SessionCache<Row> {
  const tokensOf = new Map<string, Set<string>>();
  const rows = new LRUCache<string, Row>({
    max: SESSION_CACHE_MAX,
    ttl: SESSION_CACHE_TTL_MS,
    dispose: (row, token) => {
      const tokens = tokensOf.get(row.userId);
      tokens?.delete(token);
      if (tokens?.size === 0) tokensOf.delete(row.userId);
    },
  });
  let listening = false;
  /** Counts the announcements heard: a lookup that saw it move is not remembered. */
  let changes = 0;

  const forget = (payload: string) => {
    changes += 1;
    const [kind, id] = [payload.slice(0, 2), payload.slice(2)];
    if (kind === 's:') rows.delete(id);
    else if (kind === 'u:') for (const token of [...(tokensOf.get(id) ?? [])]) rows.delete(token);
    else {
      rows.clear();
      tokensOf.clear();
    }
  };
  const unsubscribe = notifications.subscribe('session_changes', {
    payload: forget,
    lost: () => {
      listening = false;
      changes += 1;
      rows.clear();
      tokensOf.clear();
    },
    listening: () => {
      changes += 1;
      rows.clear();
      tokensOf.clear();
      listening = true;
    },
  });

  return {
    async fetch(token, ask) {
      if (listening) {
        const known = rows.get(token);
        if (known) return known;
      }
      const before = changes;
      const row = await ask(token);
      if (row && listening && changes === before) {
        rows.set(token, row);
        let tokens = tokensOf.get(row.userId);
        if (!tokens) tokensOf.set(row.userId, (tokens = new Set()));
        tokens.add(token);
      }
      return row;
    },
    get size() {
      return rows.size;
    },
    stop() {
      unsubscribe();
      listening = false;
      rows.clear();
      tokensOf.clear();
    },
  };
}
