import { createHash } from 'node:crypto';
import type { ChangeKind, ChangeOp } from '@shipyard/shared';
import type { FastifyBaseLogger } from 'fastify';

// One committed change, as it travels between server processes (docs/decisions/009-realtime.md).
// Services publish it AFTER their transaction has committed (a rolled-back change never gets
// here). The routing fields say who receives it; the client only ever sees kind, op, id,
// productId and version.

export type Change = {
  kind: ChangeKind;
  op: ChangeOp;
  id: string;
  /** Everyone who may see this product receives it. */
  productId: string | null;
  /** ms since the epoch; defaults to now. */
  version?: number;
  /** These users receive it whatever they see (a notification's owner, an invitee, the creator). */
  userIds?: readonly string[];
  /** Signed-in users with one of these e-mail addresses receive it (calendar participants). */
  emails?: readonly string[];
  /** Set by createChanges from `emails`: short hashes, so that a long list fits one message and no address travels. */
  emailKeys?: readonly string[];
  /** Every admin and super admin receives it (user accounts). */
  admins?: boolean;
  /** Every signed-in user receives it (the services catalogue). */
  everyone?: boolean;
  /**
   * Users whose access may have changed (sign-out, role, team membership, a product they
   * created): before this change is routed, their open sockets re-check the session and the
   * products they see, and a socket whose session has ended is closed.
   */
  access?: readonly string[];
};

/** How changes move between processes: PostgreSQL LISTEN/NOTIFY, Redis pub/sub, or in memory. */
export interface ChangeBus {
  publish(changes: Change[]): Promise<void>;
  /** `onChanges` gets every change published by any process, in order; `onResync` after a lost connection came back. */
  subscribe(listener: { onChanges: (changes: Change[]) => void; onResync: () => void }): () => void;
  /** Resolves once this process receives what is published (its LISTEN or SUBSCRIBE is live). */
  ready?(): Promise<void>;
  close(): Promise<void>;
}

/** What services use: fire and forget, after commit. A bus failure is logged, never thrown. */
export type Changes = { publish: (...changes: Change[]) => void };

export function createChanges(bus: ChangeBus, log: FastifyBaseLogger, now = () => Date.now()): Changes {
  return {
    publish(...changes) {
      if (changes.length === 0) return;
      const stamped = changes.map(({ emails, ...c }) => ({
        ...c,
        version: c.version ?? now(),
        ...(emails?.length ? { emailKeys: [...new Set(emails.map(emailKey))] } : {}),
      }));
      bus.publish(stamped).catch((err) => log.warn({ err }, 'realtime: could not publish a change'));
    },
  };
}

/** The changes of one bus message, or none when it is not ours (a stray or damaged payload). */
export function parseChanges(payload: string | undefined): Change[] {
  if (!payload) return [];
  try {
    const parsed = JSON.parse(payload);
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}

/** The routing key of an e-mail address (96 bits of its SHA-256). */
export const emailKey = (email: string) =>
  createHash('sha256').update(email.trim().toLowerCase()).digest('base64url').slice(0, 16);

/** ms version of a row that has updatedAt (or createdAt), for Change.version. */
export const versionOf = (row: { updatedAt?: Date | null; createdAt?: Date | null }): number | undefined =>
  (row.updatedAt ?? row.createdAt)?.getTime();

/** A notification's change: to its owner alone. */
export const notificationChange = (
  op: ChangeOp,
  n: { id: string; userId: string; createdAt?: Date; updatedAt?: Date },
): Change => ({
  kind: 'notification',
  op,
  id: n.id,
  productId: null,
  version: versionOf(n),
  userIds: [n.userId],
});

/**
 * A user account's change: to that user, whose sockets re-check their session and access first;
 * with `admins`, also to the admins' user lists (a name, role or avatar they show).
 */
export const accountChange = (
  op: ChangeOp,
  id: string,
  { row, admins = false }: { row?: { updatedAt?: Date | null }; admins?: boolean } = {},
): Change => ({
  kind: 'user',
  op,
  id,
  productId: null,
  version: row && versionOf(row),
  userIds: [id],
  access: [id],
  ...(admins ? { admins: true } : {}),
});

/** One process only: what tests use, and a fallback nobody else listens to. */
export function createMemoryBus(): ChangeBus & { published: Change[] } {
  const listeners = new Set<{ onChanges: (c: Change[]) => void; onResync: () => void }>();
  const published: Change[] = [];
  return {
    published,
    async publish(changes) {
      published.push(...changes);
      const copy = structuredClone(changes);
      setImmediate(() => {
        for (const l of listeners) l.onChanges(copy);
      });
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      listeners.clear();
    },
  };
}
