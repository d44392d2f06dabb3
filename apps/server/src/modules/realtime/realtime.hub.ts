import { type ChangeEvent, isAdmin, REALTIME_CLOSE, type Role } from '@shipyard/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { Db } from '../../db/client.ts';
import { products } from '../../db/schema/index.ts';
import { type Change, type ChangeBus, emailKey } from '../../lib/realtime/changes.ts';
import type { SessionStore, SessionUser } from '../../lib/session.ts';
import { visibleProducts } from '../../lib/visibility.ts';

// The sockets of this process and who may see what (docs/decisions/009-realtime.md). Changes from
// the bus are routed one batch at a time, in order: a change that names users in `access` first
// re-checks those users' sockets (session, role, products they see), so a member removed from a
// team receives that removal and nothing of the product after it, and a signed-out session's
// socket is closed before the next change is routed.

/** A slow client whose unsent messages pass this is dropped; it reconnects and refetches. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
/** Sockets one user may hold at once (tabs, devices); the oldest goes first. */
const MAX_SOCKETS_PER_USER = 20;
const PONG = JSON.stringify({ type: 'pong' });

type Client = {
  socket: WebSocket;
  token: string;
  userId: string;
  role: Role;
  emailKey: string;
  /** Product ids this user sees, or 'all' for admins. */
  products: Set<string> | 'all';
};

export type RealtimeHub = ReturnType<typeof createRealtimeHub>;

export function createRealtimeHub({
  bus,
  db,
  sessions,
  log,
}: {
  bus: ChangeBus;
  db: Db;
  sessions: SessionStore;
  log: FastifyBaseLogger;
}) {
  const byUser = new Map<string, Set<Client>>();
  let queue = Promise.resolve();
  const enqueue = (work: () => Promise<void>) => {
    queue = queue.then(work).catch((err) => log.error({ err }, 'realtime: routing failed'));
  };

  async function productsOf(user: { id: string; role: Role }): Promise<Client['products']> {
    if (isAdmin(user.role)) return 'all';
    const rows = await db.select({ id: products.id }).from(products).where(visibleProducts(user));
    return new Set(rows.map((r) => r.id));
  }

  function remove(client: Client) {
    const set = byUser.get(client.userId);
    set?.delete(client);
    if (set?.size === 0) byUser.delete(client.userId);
  }

  function close(client: Client, code: number, reason: string) {
    remove(client);
    client.socket.close(code, reason);
  }

  /** Re-reads the session of one socket (or takes it read); closes it when the session has ended. */
  async function recheck(client: Client, session = sessions.resolve(client.token)) {
    const user = await session;
    if (!user) close(client, REALTIME_CLOSE.unauthorized, 'session ended');
    else {
      client.role = user.role;
      client.emailKey = emailKey(user.email);
    }
    return user;
  }

  /** Re-checks every socket of one user: each session once (tabs share one), then the products they see, once. */
  async function recheckUser(userId: string) {
    const clients = [...(byUser.get(userId) ?? [])];
    const sessionsOf = new Map(clients.map((c) => [c.token, sessions.resolve(c.token)]));
    const users = await Promise.all(clients.map((c) => recheck(c, sessionsOf.get(c.token))));
    const user = users.find((u) => u !== undefined);
    if (!user) return;
    const visible = await productsOf(user);
    for (const client of byUser.get(userId) ?? []) client.products = visible;
  }

  function send(client: Client, message: string) {
    const { socket } = client;
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      close(client, REALTIME_CLOSE.slowConsumer, 'too far behind');
      return;
    }
    socket.send(message);
  }

  const receives = (client: Client, change: Change) =>
    change.userIds?.includes(client.userId) ||
    change.everyone ||
    (change.admins && isAdmin(client.role)) ||
    change.emailKeys?.includes(client.emailKey) ||
    (change.productId !== null && (client.products === 'all' || client.products.has(change.productId)));

  async function route(changes: Change[]) {
    for (const change of changes) {
      await Promise.all((change.access ?? []).filter((id) => byUser.has(id)).map(recheckUser));
      const event: ChangeEvent = {
        type: 'change',
        kind: change.kind,
        op: change.op,
        id: change.id,
        productId: change.productId,
        version: change.version ?? Date.now(),
      };
      const message = JSON.stringify(event);
      for (const clients of byUser.values()) {
        for (const client of clients) if (receives(client, change)) send(client, message);
      }
    }
  }

  const unsubscribe = bus.subscribe({
    onChanges: (changes) => enqueue(() => route(changes)),
    // Changes may have been missed, access changes among them: re-check everyone, then refetch.
    onResync: () =>
      enqueue(async () => {
        await Promise.all([...byUser.keys()].map(recheckUser));
        const message = JSON.stringify({ type: 'resync' });
        for (const clients of byUser.values()) for (const c of clients) send(c, message);
      }),
  });

  return {
    /** Registers a signed-in socket; answers once it receives changes ('ready' is then sent). */
    async add(socket: WebSocket, token: string, user: SessionUser) {
      const client: Client = {
        socket,
        token,
        userId: user.id,
        role: user.role,
        emailKey: emailKey(user.email),
        products: await productsOf(user),
      };
      if (socket.readyState !== socket.OPEN) return;
      const set = byUser.get(user.id) ?? new Set();
      byUser.set(user.id, set);
      set.add(client);
      if (set.size > MAX_SOCKETS_PER_USER) {
        const oldest = set.values().next().value;
        if (oldest) close(oldest, REALTIME_CLOSE.shutdown, 'too many connections');
      }
      socket.on('close', () => remove(client));
      socket.on('message', (data) => {
        let message: { type?: unknown };
        try {
          message = JSON.parse(String(data));
        } catch {
          return;
        }
        // The client's heartbeat doubles as the session check: an expired session ends here.
        if (message?.type === 'ping') void recheck(client).then((ok) => ok && send(client, PONG));
      });
      await bus.ready?.();
      send(client, JSON.stringify({ type: 'ready' }));
    },
    /** Sockets open in this process (the benchmark and tests read it). */
    size: () => [...byUser.values()].reduce((n, set) => n + set.size, 0),
    shutdown() {
      unsubscribe();
      for (const set of byUser.values())
        for (const c of set) c.socket.close(REALTIME_CLOSE.shutdown, 'server shutting down');
      byUser.clear();
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's realtime sockets (tests and the benchmark read it). */
    realtime: RealtimeHub;
  }
}
