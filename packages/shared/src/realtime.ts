// Realtime (issue 8, docs/decisions/009-realtime.md): after a change commits the server pushes
// one small event over the WebSocket at /api/realtime to every connected client that may see it.
// Events say what changed, never the new state: the client refetches (or patches) exactly the
// caches the event touches.

export const REALTIME_PATH = '/api/realtime';

/** Spec §9: the client pings every 30 s, gives up on a pong after 10 s, reconnects after 1, 2, 5, 10 s. */
export const REALTIME_HEARTBEAT_MS = 30_000;
export const REALTIME_TIMEOUT_MS = 10_000;
export const REALTIME_BACKOFF_MS = [1_000, 2_000, 5_000, 10_000] as const;

export const CHANGE_KINDS = [
  'product',
  'task',
  'team',
  /** A team membership: invited, accepted, declined, lead, removed. `id` is the team's. */
  'member',
  'notification',
  /** A calendar event. */
  'event',
  'activity',
  'document',
  /** A product's label (created, renamed, recoloured, deleted): its tasks' cards show it. */
  'label',
  'service',
  /** A user account (profile, role, status): to the user and to admins. */
  'user',
  /** A task's comment added, edited or deleted. `id` is the task's. */
  'comment',
  /** Someone started or stopped watching a task. `id` is the task's. */
  'watcher',
  /** A saved view (issue 28): a shared one to those who see its product, a personal one to its owner. */
  'view',
  /** A template (issue 29): a product's task template to those who see it, a product template to everyone. */
  'template',
  /** A product's workflow state (issue 29): added, renamed, recoloured, reordered, deleted. Its board's columns. */
  'state',
  /** A product's custom field (issue 29) defined, changed, reordered or deleted. */
  'field',
  /**
   * Time logged on a task (issue 31): an entry added, changed or deleted (`id` is the task's, to
   * whoever sees its product), or a person's timer started or stopped (to that person alone).
   */
  'time',
  /**
   * A product's cycle (issue 31) created, changed, completed or deleted, or its tasks moved in or
   * out (`id` is the cycle's): to whoever sees its product.
   */
  'cycle',
] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

export type ChangeOp = 'created' | 'updated' | 'deleted';

/** What a client receives for one committed change. */
export type ChangeEvent = {
  type: 'change';
  kind: ChangeKind;
  op: ChangeOp;
  id: string;
  /** The product the change belongs to, or null (a notification, a service, a user…). */
  productId: string | null;
  /** When the change was made (ms since the epoch); a client may skip what it already has. */
  version: number;
};

/**
 * Messages from the server: a change; 'ready' once the socket is subscribed; 'resync' when events
 * may have been missed (the server lost its fan-out connection and got it back): refetch
 * everything shown; 'pong' answers the client's ping.
 */
export type RealtimeServerMessage = ChangeEvent | { type: 'ready' } | { type: 'resync' } | { type: 'pong' };

export type RealtimeClientMessage = { type: 'ping' };

/**
 * Close codes the server uses: the session ended or was revoked (sign in again; no retry), the
 * client fell too far behind or sent too many messages (1008, policy; both reconnect with the
 * back-off), shutdown, and a user's socket over the per-user limit: refused, no retry until reload.
 */
export const REALTIME_CLOSE = {
  unauthorized: 4401,
  slowConsumer: 4008,
  rateLimited: 1008,
  tooManySockets: 4429,
  shutdown: 1001,
} as const;

/** Sockets one user may hold open at once (tabs, devices); the next one is refused (tooManySockets). */
export const REALTIME_MAX_SOCKETS_PER_USER = 20;
