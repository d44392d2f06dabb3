import {
  type ChangeEvent,
  isAdmin,
  REALTIME_CLOSE,
  REALTIME_MAX_SOCKETS_PER_USER,
  type Role,
} from '@shipyard/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { Db } from '../db/client.ts';
import { products } from '../db/schema/index.ts';
import type { Clock } from '../lib/clock.ts';
import { type Change, type ChangeBus, emailKey } from '../lib/realtime/changes.ts';
import type { SessionUser } from '../lib/session.ts';
import { visibleProducts } from '../lib/visibility.ts';
import type { SessionStore } from './session.ts';

// The sockets of this process and who may see what (docs/decisions/009-realtime.md). Changes from
// the bus are routed one batch at a time, in order: a change that names users in `access` first
// re-checks those users' sockets (session, role, products they see), so a member removed from a
// team receives that removal and nothing of the product after it, and a signed-out session's
// socket is closed before the next change is routed.
//
// A socket is a signed-in user's to abuse (issue 13): what it sends is rate-limited, its pings
// re-read the session at most once per RECHECK_EVERY_MS (one at a time), every promise is handled
// (a database that is away is logged, never a crash), and it lives no longer than its session.

/** A slow client whose unsent messages pass this is dropped; it reconnects and refetches. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
/** Messages one socket may send per window (the client pings every 30 s); past it: closed with 1008. */
const MAX_MESSAGES_PER_WINDOW = 20;
const MESSAGE_WINDOW_MS = 10_000;
/** A ping re-reads the session at most this often; pings in between are answered from what is known. */
const RECHECK_EVERY_MS = 5_000;
/** How often idle sockets are compared with their session's expiry (every delivery is, too). */
const EXPIRY_SWEEP_MS = 5_000;
const PONG = JSON.stringify({ type: 'pong' });
const READY = JSON.stringify({ type: 'ready' });

type Client = {
  socket: WebSocket;
  token: string;
  userId: string;
  role: Role;
  emailKey: string;
  /** Product ids this user sees, or 'all' for admins. */
  products: Set<string> | 'all';
  /** When the session ends (ms, app clock): the socket is closed with 4401 then. */
  expiresAt: number;
  /** Closed by us or by the peer: nothing more is sent or read. */
  closed: boolean;
  /** A ping's session re-check is in flight; when the last one ended (monotonic ms). */
  checking: boolean;
  checkedAt: number;
  /** The message rate limit: start of the current window (monotonic ms) and messages in it. */
  windowStart: number;
  messages: number;
};

export type RealtimeHub = ReturnType<typeof createRealtimeHub>;

export function createRealtimeHub({
  bus,
  db,
  sessions,
  clock,
  log,
}: {
  bus: ChangeBus;
  db: Db;
  sessions: SessionStore;
  clock: Clock;
  log: FastifyBaseLogger;
}) {
  const byUser = new Map<string, Set<Client>>();
  let queue = Promise.resolve();
  const enqueue = (work: () => Promise<void>) => {
    queue = queue.then(work).catch((err) => log.error({ err }, 'realtime: routing failed'));
  };
  const monotonic = () => performance.now();

  async function productsOf(user: { id: string; role: Role }): Promise<Client['products']> {
    if (isAdmin(user.role)) return 'all';
    const rows = await db.select({ id: products.id }).from(products).where(visibleProducts(user));
    return new Set(rows.map((r) => r.id));
  }

  function remove(client: Client) {
    client.closed = true;
    const set = byUser.get(client.userId);
    set?.delete(client);
    if (set?.size === 0) byUser.delete(client.userId);
  }

  function close(client: Client, code: number, reason: string) {
    if (client.closed) return;
    remove(client);
    client.socket.close(code, reason);
  }

  const expired = (client: Client) => clock.now().getTime() >= client.expiresAt;

  /** Re-reads the session of one socket (or takes it read); closes it when the session has ended. */
  async function recheck(client: Client, session = sessions.resolve(client.token)) {
    const user = await session;
    if (!user) close(client, REALTIME_CLOSE.unauthorized, 'session ended');
    else {
      client.role = user.role;
      client.emailKey = emailKey(user.email);
      client.expiresAt = user.sessionExpiresAt.getTime();
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

  /**
   * recheckUser that never throws: when the database cannot say what the user may see now, their
   * sockets are closed (1011) rather than routed on stale access; they reconnect with back-off.
   */
  async function recheckUserOrDrop(userId: string) {
    try {
      await recheckUser(userId);
    } catch (err) {
      log.warn({ err, userId }, 'realtime: could not re-check access; closing the user’s sockets');
      for (const client of [...(byUser.get(userId) ?? [])]) close(client, 1011, 'try again');
    }
  }

  function send(client: Client, message: string) {
    const { socket } = client;
    if (client.closed || socket.readyState !== socket.OPEN) return;
    if (expired(client)) {
      close(client, REALTIME_CLOSE.unauthorized, 'session expired');
      return;
    }
    if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      close(client, REALTIME_CLOSE.slowConsumer, 'too far behind');
      return;
    }
    socket.send(message);
  }

  /** The client's heartbeat doubles as the session check, at most one every RECHECK_EVERY_MS. */
  function onPing(client: Client) {
    if (client.checking || monotonic() - client.checkedAt < RECHECK_EVERY_MS) {
      send(client, PONG); // from what is known; send() still closes an expired session
      return;
    }
    client.checking = true;
    recheck(client)
      .then((user) => user && send(client, PONG))
      .catch((err) => {
        // The database is away: the socket itself is fine, the next check is in RECHECK_EVERY_MS.
        log.warn({ err }, 'realtime: could not re-check a session');
        send(client, PONG);
      })
      .finally(() => {
        client.checking = false;
        client.checkedAt = monotonic();
      });
  }

  function onMessage(client: Client, data: unknown) {
    if (client.closed) return; // what a flooder had in flight when it was closed
    const now = monotonic();
    if (now - client.windowStart >= MESSAGE_WINDOW_MS) {
      client.windowStart = now;
      client.messages = 0;
    }
    if (++client.messages > MAX_MESSAGES_PER_WINDOW) {
      close(client, REALTIME_CLOSE.rateLimited, 'too many messages');
      return;
    }
    let message: { type?: unknown };
    try {
      message = JSON.parse(String(data));
    } catch {
      return;
    }
    if (message?.type === 'ping') onPing(client);
  }

  const receives = (client: Client, change: Change) =>
    change.userIds?.includes(client.userId) ||
    change.everyone ||
    (change.admins && isAdmin(client.role)) ||
    change.emailKeys?.includes(client.emailKey) ||
    (change.productId !== null && (client.products === 'all' || client.products.has(change.productId)));

  async function route(changes: Change[]) {
    for (const change of changes) {
      await Promise.all((change.access ?? []).filter((id) => byUser.has(id)).map(recheckUserOrDrop));
      const event: ChangeEvent = {
        type: 'change',
        kind: change.kind,
        op: change.op,
        id: change.id,
        productId: change.productId,
        version: change.version ?? Date.now(),
      };
      const message = JSON.stringify(event);
      // send() may close a socket (expired, too far behind): deleting during a Set's iteration is safe.
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
        await Promise.all([...byUser.keys()].map(recheckUserOrDrop));
        const message = JSON.stringify({ type: 'resync' });
        for (const clients of byUser.values()) for (const c of clients) send(c, message);
      }),
  });

  // A socket that receives nothing must still end with its session (and the server's 30 s ping
  // is answered by the browser itself, whatever the session).
  const sweeper = setInterval(() => {
    for (const clients of byUser.values())
      for (const c of clients) if (expired(c)) close(c, REALTIME_CLOSE.unauthorized, 'session expired');
  }, EXPIRY_SWEEP_MS);
  sweeper.unref();

  const tooMany = (userId: string) => (byUser.get(userId)?.size ?? 0) >= REALTIME_MAX_SOCKETS_PER_USER;

  return {
    /**
     * Registers a signed-in socket; answers once it receives changes ('ready' is then sent). A
     * user's socket past the limit is refused (4429, which the client does not retry): evicting
     * the oldest instead made 21 tabs evict each other forever. Throws when the database is away.
     */
    async add(socket: WebSocket, token: string, user: SessionUser) {
      const refuse = () => socket.close(REALTIME_CLOSE.tooManySockets, 'too many connections');
      if (tooMany(user.id)) return refuse();
      const visible = await productsOf(user);
      if (socket.readyState !== socket.OPEN) return;
      if (tooMany(user.id)) return refuse();
      const client: Client = {
        socket,
        token,
        userId: user.id,
        role: user.role,
        emailKey: emailKey(user.email),
        products: visible,
        expiresAt: user.sessionExpiresAt.getTime(),
        closed: false,
        checking: false,
        checkedAt: monotonic(), // the session was read for the upgrade just now
        windowStart: monotonic(),
        messages: 0,
      };
      const set = byUser.get(user.id) ?? new Set();
      byUser.set(user.id, set);
      set.add(client);
      socket.on('close', () => remove(client));
      socket.on('message', (data) => onMessage(client, data));
      await bus.ready?.();
      send(client, READY);
    },
    /** Sockets open in this process (the benchmark and tests read it). */
    size: () => [...byUser.values()].reduce((n, set) => n + set.size, 0),
    shutdown() {
      unsubscribe();
      clearInterval(sweeper);
      for (const set of byUser.values())
        for (const c of set) {
          c.closed = true;
          c.socket.close(REALTIME_CLOSE.shutdown, 'server shutting down');
        }
      byUser.clear();
    },
  };
}
