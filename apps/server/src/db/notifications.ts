/**
 * PostgreSQL's NOTIFY, as the schema's triggers send it, for whoever in the app wants to hear of a
 * change made by any copy of the server (migration 0039: sessions). A notification arrives once
 * its transaction has committed. On PGlite the one in-process database delivers them with the
 * statement that commits. On PostgreSQL every pooled connection listens, so a change this copy
 * commits is heard before its statement returns, and one connection of its own listens all the
 * time for the other copies' changes; while that connection is lost, subscribers are told that
 * notifications may be missed.
 */
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** The channels the schema's triggers notify on. */
export const NOTIFY_CHANNELS = ['session_changes'] as const;
export type NotifyChannel = (typeof NOTIFY_CHANNELS)[number];

export interface NotificationHandlers {
  /** A notification's payload, once the transaction that sent it committed. */
  payload(payload: string): void;
  /** From now on notifications may be missed (the listening connection was lost). */
  lost(): void;
  /** Notifications arrive (called at once when they already do, and again after `lost`). */
  listening(): void;
}

export interface DatabaseNotifications {
  subscribe(channel: NotifyChannel, handlers: NotificationHandlers): () => void;
  close(): Promise<void>;
}

function createHub(onFirstSubscriber: () => void) {
  const subscribers = new Map<string, Set<NotificationHandlers>>();
  let listening = false;
  let started = false;
  const everyone = () => [...subscribers.values()].flatMap((set) => [...set]);
  return {
    deliver(channel: string, payload: string) {
      for (const handlers of subscribers.get(channel) ?? []) handlers.payload(payload);
    },
    setListening(now: boolean) {
      if (now === listening) return;
      listening = now;
      for (const handlers of everyone()) {
        if (now) handlers.listening();
        else handlers.lost();
      }
    },
    subscribe: (channel: NotifyChannel, handlers: NotificationHandlers) => {
      let set = subscribers.get(channel);
      if (!set) subscribers.set(channel, (set = new Set()));
      set.add(handlers);
      if (listening) handlers.listening();
      if (!started) {
        started = true;
        onFirstSubscriber();
      }
      return () => {
        set.delete(handlers);
      };
    },
  };
}

const listenAll = NOTIFY_CHANNELS.map((channel) => `LISTEN "${channel}"`).join('; ');

export function pgliteNotifications(client: PGlite): DatabaseNotifications {
  const stops: (() => Promise<void>)[] = [];
  let closed = false;
  const hub = createHub(() => {
    void Promise.all(NOTIFY_CHANNELS.map((channel) => client.listen(channel, (payload) => hub.deliver(channel, payload)))).then(
      (unlisten) => {
        stops.push(...unlisten.map((stop) => () => stop()));
        if (!closed) hub.setListening(true);
      },
      () => hub.setListening(false),
    );
  });
  return {
    subscribe: hub.subscribe,
    close: async () => {
      closed = true;
      hub.setListening(false);
      await Promise.allSettled(stops.map((stop) => stop()));
    },
  };
}

const RECONNECT_FIRST_MS = 500;
const RECONNECT_MOST_MS = 30_000;

/**
 * PostgreSQL's notifications, and the client class the app's pool must connect with (`Client`):
 * each pooled connection listens before the pool hands it out, so the notifications of what this
 * copy commits arrive before the statement that commits returns.
 */
export function postgresNotifications(connectionString: string): DatabaseNotifications & { PoolClient: typeof pg.Client } {
  let closed = false;
  let listener: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  let delay = RECONNECT_FIRST_MS;

  const connect = () => {
    retry = null;
    if (closed) return;
    const client = new pg.Client({ connectionString });
    listener = client;
    let over = false;
    const dropped = () => {
      if (over) return;
      over = true;
      hub.setListening(false);
      client.removeAllListeners('notification');
      void client.end().catch(() => {});
      if (listener === client) listener = null;
      if (!closed) {
        retry = setTimeout(connect, delay);
        delay = Math.min(delay * 2, RECONNECT_MOST_MS);
      }
    };
    client.on('error', dropped);
    client.on('end', dropped);
    client.on('notification', (message) => hub.deliver(message.channel, message.payload ?? ''));
    client
      .connect()
      .then(() => client.query(listenAll))
      .then(() => {
        if (over || closed) return;
        delay = RECONNECT_FIRST_MS;
        hub.setListening(true);
      }, dropped);
  };

  const hub = createHub(connect);

  class PoolClient extends pg.Client {
    constructor(config?: string | pg.ClientConfig) {
      super(config);
      this.on('notification', (message) => hub.deliver(message.channel, message.payload ?? ''));
    }

    override connect(): Promise<pg.Client>;
    override connect(callback: ((err: Error) => void) | ((err: null, client: pg.Client) => void)): void;
    override connect(callback?: ((err: Error) => void) | ((err: null, client: pg.Client) => void)): Promise<pg.Client> | void {
      const ready = super.connect().then(async () => {
        await this.query(listenAll);
        return this;
      });
      if (!callback) return ready;
      const answer = callback as (err: Error | null, client?: pg.Client) => void;
      ready.then(
        (client) => answer(null, client),
        (err: Error) => answer(err),
      );
    }
  }

  return {
    PoolClient,
    subscribe: hub.subscribe,
    close: async () => {
      closed = true;
      if (retry) clearTimeout(retry);
      hub.setListening(false);
      const client = listener;
      listener = null;
      if (client) {
        client.removeAllListeners('end');
        await client.end().catch(() => {});
      }
    },
  };
}
