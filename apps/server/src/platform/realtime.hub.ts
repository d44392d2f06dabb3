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
import { COALESCE_MS, createCoalescer } from '../lib/realtime/coalesce.ts';
import { API_TOKEN_PREFIX, type SessionUser } from '../lib/session.ts';
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
// (a database that is away is logged, never a crash), and it lives no longer than its session or
// API token: a socket whose access was not re-read for `accessCheckMs` (a script's socket never
// pings) is re-read by the sweep, so one whose token was revoked, session deleted or account
// disabled without a word is closed too (issue 27 #5). Bursts of one change are coalesced
// (lib/realtime/coalesce.ts, issue 27 #6).

/** A slow client whose unsent messages pass this is dropped; it reconnects and refetches. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
/** Messages one socket may send per window (the client pings every 30 s); past it: closed with 1008. */
const MAX_MESSAGES_PER_WINDOW = 20;
const MESSAGE_WINDOW_MS = 10_000;
/** A ping re-reads the session at most this often; pings in between are answered from what is known. */
const RECHECK_EVERY_MS = 5_000;

/** The hub's clocks (tests shorten them). */
export type RealtimeTimings = {
  /** How often every socket is compared with its session's expiry (every delivery is, too). */
  sweepMs: number;
  /** A socket whose session or token was not re-read for this long is re-read by the sweep. */
  accessCheckMs: number;
  /** Changes of one object within this window go out as one (0: each at once). */
  coalesceMs: number;
};
export const defaultRealtimeTimings: RealtimeTimings = {
  sweepMs: 5_000,
  // The browser's heartbeat (REALTIME_HEARTBEAT_MS) re-reads as often; this catches the rest.
  accessCheckMs: 30_000,
  coalesceMs: COALESCE_MS,
};
const PONG = JSON.stringify({ type: 'pong' });
const READY = JSON.stringify({ type: 'ready' });

type Client = {
  socket: WebSocket;
  token: string;
  /** The address the socket came from (an API token's last use records it). */
  ip: string | undefined;
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
  timings = defaultRealtimeTimings,
}: {
  bus: ChangeBus;
  db: Db;
  sessions: SessionStore;
  clock: Clock;
  log: FastifyBaseLogger;
  timings?: RealtimeTimings;
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

  const resolve = (client: Client) => sessions.resolve(client.token, { ip: client.ip });

  /**
   * Re-reads the session or API token of one socket (or takes it read); closes it when it is gone,
   * expired, or its account disabled.
   */
  async function recheck(client: Client, session = resolve(client)) {
    const user = await session;
    if (!user) {
      const ended = client.token.startsWith(API_TOKEN_PREFIX) ? 'API token ended' : 'session ended';
      close(client, REALTIME_CLOSE.unauthorized, ended);
    } else {
      client.role = user.role;
      client.emailKey = emailKey(user.email);
      client.expiresAt = user.sessionExpiresAt.getTime();
    }
    return user;
  }

  /** Re-checks every socket of one user: each session once (tabs share one), then the products they see, once. */
  async function recheckUser(userId: string) {
    const clients = [...(byUser.get(userId) ?? [])];
    const sessionsOf = new Map(clients.map((c) => [c.token, resolve(c)]));
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

  /**
   * One socket's session check (a ping's, or the sweep's): never two at once. Answers once it is
   * done; a database that is away is logged and the socket kept (the next check comes).
   */
  async function checkSession(client: Client, session?: ReturnType<typeof resolve>) {
    client.checking = true;
    try {
      return { alive: (await recheck(client, session)) !== undefined };
    } catch (err) {
      log.warn({ err }, 'realtime: could not re-check a session');
      return { alive: true };
    } finally {
      client.checking = false;
      client.checkedAt = monotonic();
    }
  }

  /** The client's heartbeat doubles as the session check, at most one every RECHECK_EVERY_MS. */
  function onPing(client: Client) {
    if (client.checking || monotonic() - client.checkedAt < RECHECK_EVERY_MS) {
      send(client, PONG); // from what is known; send() still closes an expired session
      return;
    }
    void checkSession(client).then(({ alive }) => alive && send(client, PONG));
  }

  /**
   * The sweep's access checks: the sockets not re-read for accessCheckMs, one session or token
   * at a time (its tabs together), so that a thousand idle sockets never take more than one of
   * the pool's connections. One round at a time.
   */
  let sweeping = false;
  async function checkIdleSockets() {
    if (sweeping) return;
    const due = new Map<string, Client[]>();
    const now = monotonic();
    for (const clients of byUser.values())
      for (const c of clients)
        if (!c.checking && now - c.checkedAt >= timings.accessCheckMs)
          due.set(c.token, [...(due.get(c.token) ?? []), c]);
    if (due.size === 0) return;
    sweeping = true;
    try {
      for (const clients of due.values()) {
        const open = clients.filter((c) => !c.closed && !c.checking);
        const [first] = open;
        if (!first) continue;
        const session = resolve(first);
        session.catch(() => {}); // each check below handles its failure
        await Promise.all(open.map((c) => checkSession(c, session)));
      }
    } finally {
      sweeping = false;
    }
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

  /** Sends one change to every socket that may see it now. */
  function deliver(change: Change) {
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

  // A held change goes out at its window's end, in turn with the routing (who may see it then).
  const coalescer = createCoalescer(timings.coalesceMs, (change) => enqueue(async () => deliver(change)));

  async function route(changes: Change[]) {
    for (const change of changes) {
      await Promise.all((change.access ?? []).filter((id) => byUser.has(id)).map(recheckUserOrDrop));
      if (coalescer.admit(change)) deliver(change);
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
  // is answered by the browser itself, whatever the session), and with access that went without
  // a word (the idle sockets' checks).
  const sweeper = setInterval(() => {
    for (const clients of byUser.values())
      for (const c of clients) if (expired(c)) close(c, REALTIME_CLOSE.unauthorized, 'session expired');
    checkIdleSockets().catch((err) => log.error({ err }, 'realtime: access checks failed'));
  }, timings.sweepMs);
  sweeper.unref();

  const tooMany = (userId: string) => (byUser.get(userId)?.size ?? 0) >= REALTIME_MAX_SOCKETS_PER_USER;

  return {
    /**
     * Registers a signed-in socket; answers once it receives changes ('ready' is then sent). A
     * user's socket past the limit is refused (4429, which the client does not retry): evicting
     * the oldest instead made 21 tabs evict each other forever. Throws when the database is away.
     */
    async add(socket: WebSocket, token: string, user: SessionUser, ip?: string) {
      const refuse = () => socket.close(REALTIME_CLOSE.tooManySockets, 'too many connections');
      if (tooMany(user.id)) return refuse();
      const visible = await productsOf(user);
      if (socket.readyState !== socket.OPEN) return;
      if (tooMany(user.id)) return refuse();
      const client: Client = {
        socket,
        token,
        ip,
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
      coalescer.close();
      for (const set of byUser.values())
        for (const c of set) {
          c.closed = true;
          c.socket.close(REALTIME_CLOSE.shutdown, 'server shutting down');
        }
      byUser.clear();
    },
  };
}
