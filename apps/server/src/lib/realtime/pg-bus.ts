import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Db } from '../../db/client.ts';
import { BUS_BACKOFF_MS, encodeChanges } from './bus.ts';
import { type Change, type ChangeBus, parseChanges } from './changes.ts';

// Fan-out through PostgreSQL LISTEN/NOTIFY: works on the bundled server and any external one, with
// no other service to run. Publishing is one pg_notify per batch on the app's pool (after the
// change's commit; what is published during a NOTIFY goes out with the next); every process holds
// one dedicated connection that LISTENs. A lost listener reconnects with back-off and, once back,
// tells the hub to make its clients refetch.

const NOTIFY_MAX_BYTES = 7_900; // PostgreSQL refuses payloads of 8000 bytes or more
const HEALTH_CHECK_MS = 30_000;

type Listener = Parameters<ChangeBus['subscribe']>[0];

export function createPgBus({
  databaseUrl,
  db,
  log,
  channel = 'shipyard_changes',
}: {
  databaseUrl: string;
  db: Db;
  log: FastifyBaseLogger;
  channel?: string;
}): ChangeBus {
  const listeners = new Set<Listener>();
  const dead = new WeakSet<pg.Client>();
  let client: pg.Client | undefined;
  let closed = false;
  let attempt = 0;
  let everConnected = false;
  let retry: NodeJS.Timeout | undefined;
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });

  const deliver = (payload: string | undefined) => {
    const changes = parseChanges(payload);
    if (changes.length) for (const l of listeners) l.onChanges(changes);
  };

  function lost(c: pg.Client, err?: unknown) {
    if (dead.has(c)) return;
    dead.add(c);
    if (client === c) client = undefined;
    c.end().catch(() => {});
    if (closed) return;
    const delay = BUS_BACKOFF_MS[Math.min(attempt++, BUS_BACKOFF_MS.length - 1)];
    log.warn({ err, retryInMs: delay }, 'realtime: lost the LISTEN connection to PostgreSQL');
    retry = setTimeout(connect, delay);
  }

  async function connect() {
    if (closed) return;
    const c = new pg.Client({
      connectionString: databaseUrl,
      keepAlive: true,
      query_timeout: 10_000,
      application_name: 'shipyard-realtime',
    });
    c.on('error', (err) => lost(c, err));
    c.on('end', () => lost(c));
    c.on('notification', (msg) => {
      if (msg.channel === channel) deliver(msg.payload);
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (err) {
      lost(c, err);
      return;
    }
    if (closed || dead.has(c)) {
      c.end().catch(() => {});
      return;
    }
    client = c;
    attempt = 0;
    markReady();
    if (everConnected) {
      log.info('realtime: listening on PostgreSQL again; clients refetch');
      for (const l of listeners) l.onResync();
    }
    everConnected = true;
  }

  // A connection can die without a word (a dropped route, a paused server): ask it something.
  const health = setInterval(() => {
    const c = client;
    c?.query('select 1').catch((err) => lost(c, err));
  }, HEALTH_CHECK_MS);
  health.unref();
  void connect();

  // Publishing: the changes of every publish made while the previous NOTIFY was on its way go
  // out together, one pg_notify per payload (issue 17: under load, one statement for many
  // writes instead of one each). In order: one flush at a time, in the order published.
  type Pending = { changes: Change[]; done: () => void; failed: (err: unknown) => void };
  let pending: Pending[] = [];
  let flushing = false;

  async function flush() {
    flushing = true;
    while (pending.length > 0) {
      const batch = pending;
      pending = [];
      try {
        for (const payload of encodeChanges(
          batch.flatMap((p) => p.changes),
          NOTIFY_MAX_BYTES,
        )) {
          await db.execute(sql`select pg_notify(${channel}, ${payload})`);
        }
        for (const p of batch) p.done();
      } catch (err) {
        for (const p of batch) p.failed(err);
      }
    }
    flushing = false;
  }

  return {
    publish(changes) {
      try {
        // A change too large for one message is refused here, alone, not with its batch.
        encodeChanges(changes, NOTIFY_MAX_BYTES);
      } catch (err) {
        return Promise.reject(err);
      }
      if (changes.length === 0) return Promise.resolve();
      return new Promise<void>((done, failed) => {
        pending.push({ changes, done, failed });
        if (!flushing) void flush();
      });
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    ready: () => ready,
    async close() {
      closed = true;
      clearInterval(health);
      clearTimeout(retry);
      listeners.clear();
      const c = client;
      client = undefined;
      if (c) {
        dead.add(c);
        await c.end().catch(() => {});
      }
    },
  };
}
