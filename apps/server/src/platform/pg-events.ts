/**
 * Live events across server instances (issue 9): over PostgreSQL every instance LISTENs on one
 * channel; a publish is a NOTIFY, and each instance hands what it hears to its own event
 * streams. The local bus does the fan-out inside an instance.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { createEventBus, type EventBus, type RecordEvent } from './events.js';
import type { SiteWrites } from './site-changes.js';

const CHANNEL = 'siteledger_events';

interface Envelope {
  site: string;
  event: RecordEvent;
  writes?: SiteWrites;
  /** The instance that published it: it handed the event to its own streams already. */
  from?: string;
}

export interface SharedEventBus extends EventBus {
  /** Resolves once this instance is listening. */
  ready: Promise<void>;
  close(): Promise<void>;
}

export function createPgEventBus(
  connectionString: string,
  log: { error(obj: unknown, msg: string): void; warn(obj: unknown, msg: string): void },
): SharedEventBus {
  const local = createEventBus((error) => log.error({ err: error }, 'event listener failed'));
  // An instance's own events reach its streams and caches at once, not when the NOTIFY comes
  // back: a late echo would move a site's version after what it wrote was already read (a kept
  // list total recounted, a dashboard recomputed, for nothing).
  const origin = randomUUID();
  const publisher = new pg.Pool({ connectionString, max: 2 });
  publisher.on('error', (error) => log.warn({ err: error }, 'event publisher connection error'));
  let listener: pg.Client | null = null;
  let closed = false;
  // Counts the connections that listened: events sent while none did were not heard.
  let connections = 0;

  let retry: NodeJS.Timeout | null = null;
  // A dropped connection is re-made (every second until it works), so an instance keeps
  // hearing the others.
  const reconnectLater = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = null;
      connect().catch((error: unknown) => {
        log.warn({ err: error }, 'event listener could not reconnect');
        reconnectLater();
      });
    }, 1000);
  };

  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString });
    client.on('notification', (message) => {
      if (message.channel !== CHANNEL || !message.payload) return;
      try {
        const { site, event, writes, from } = JSON.parse(message.payload) as Envelope;
        if (from !== origin) local.publish(site, event, writes);
      } catch (error) {
        log.warn({ err: error }, 'unreadable event notification');
      }
    });
    client.on('error', (error) => {
      log.warn({ err: error }, 'event listener connection lost');
      if (listener === client) listener = null;
      client.end().catch(() => undefined);
      reconnectLater();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (error) {
      client.end().catch(() => undefined);
      throw error;
    }
    if (closed) {
      await client.end().catch(() => undefined);
      return;
    }
    listener = client;
    connections += 1;
  };
  const ready = connect();

  return {
    ready,
    publish(siteId, event, writes) {
      const payload = JSON.stringify({
        site: siteId,
        event,
        writes,
        from: origin,
      } satisfies Envelope);
      local.publish(siteId, event, writes);
      publisher
        .query('select pg_notify($1, $2)', [CHANNEL, payload])
        .catch((error: unknown) => log.error({ err: error }, 'event notify failed'));
    },
    subscribe: local.subscribe,
    subscribeAll: local.subscribeAll,
    listenerCount: local.listenerCount,
    epoch: () => (listener ? connections : null),
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      await listener?.end().catch(() => undefined);
      await publisher.end().catch(() => undefined);
    },
  };
}
