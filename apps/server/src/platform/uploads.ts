import { randomUUID } from 'node:crypto';
import { and, eq, lte, ne, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { UploadLimits } from '../config.ts';
import type { Db } from '../db/client.ts';
import { uploadReservations } from '../db/schema/index.ts';
import { AppError } from '../lib/errors.ts';
import { defaultHttpLimits } from '../lib/http-guards.ts';
import { perUserRateLimit } from '../lib/per-user-rate-limit.ts';
import type { UploadRoom } from '../lib/receive-upload.ts';

// Upload quotas (issue 13 #11, docs/security.md): an account's documents and its avatar, and
// everything on the instance. Each module that stores files counts its own (`app.uploads.count`):
// documents, avatars. An upload reserves its room in PostgreSQL before its bytes are stored
// (issue 27 #7): what is stored plus what other uploads in flight reserved, counted under a lock,
// so uploads at once, in any process, never pass a quota together. The reservation is deleted in
// the transaction that records the file, under the same lock (`keep`), or once it is refused; one
// a crash leaves behind stops counting when it expires and is deleted by the next reservation.
// (Deleting it after the record committed, without the lock, let a check read what is stored
// before the commit and what is reserved after the delete: it counted the file nowhere, and six
// 300 KB uploads stored 1.2 MB against 1 MB.)

/** Who uploads; a new avatar replaces the one the account has, which then does not count. */
type Uploader = { id: string; replacingAvatar?: boolean };

/**
 * What one module keeps stored, read in `tx` (never from a session's copy, which a change
 * meanwhile outdated): the bytes `uploader` keeps there, and everything it keeps.
 */
export type StoredBytes = {
  ofUser: (uploader: Uploader, tx: Db) => Promise<number>;
  total: (tx: Db) => Promise<number>;
};

const MB = 1024 * 1024;
const mb = (bytes: number) => {
  const value = bytes / MB;
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
};

/**
 * A reservation outlives any upload: a whole request has `requestTimeoutMs` (5 min), and each
 * growth of the room renews it. Past this, a reservation left by a killed process stops counting.
 */
const RESERVATION_TTL_MS = 2 * defaultHttpLimits.requestTimeoutMs;

/** Advisory locks (two-key form, apart from the one-key locks elsewhere): one per account, one for the instance. */
const LOCK_ACCOUNT = 7254;
const LOCK_INSTANCE = 7255;

function createUploadQuota(limits: UploadLimits, db: Db, stored: StoredBytes) {
  /** Bytes reserved by uploads in flight (but `except`), of `userId` or of everyone. */
  async function reserved(tx: Db, except: string, userId?: string) {
    const [row] = await tx
      .select({ n: sql<string>`coalesce(sum(${uploadReservations.bytes}), 0)` })
      .from(uploadReservations)
      .where(
        and(
          ne(uploadReservations.id, except),
          sql`${uploadReservations.expiresAt} > now()`,
          userId ? eq(uploadReservations.userId, userId) : undefined,
        ),
      );
    return Number(row?.n ?? 0);
  }

  /**
   * The quota's lock, held until `tx` ends. Whatever makes bytes count holds it (a reservation
   * taken or grown, a file's row replacing its reservation), so a check that holds it reads
   * nothing half done: with an instance quota every upload counts against everyone's, one lock
   * for all; otherwise one per account.
   */
  const lock = (tx: Db, user: Uploader) =>
    limits.totalQuotaBytes === undefined
      ? tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCK_ACCOUNT}, hashtext(${user.id}))`)
      : tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCK_INSTANCE}, 0)`);

  /**
   * Under the lock: the room left for reservation `id` of `user` beside what is stored and what
   * the other uploads reserved (413 when it is less than `needed`).
   */
  async function roomFor(tx: Db, user: Uploader, id: string, needed: number) {
    const used = (await stored.ofUser(user, tx)) + (await reserved(tx, id, user.id));
    let room = limits.userQuotaBytes - used;
    if (room < needed) {
      throw new AppError(
        413,
        'UPLOAD_QUOTA_EXCEEDED',
        `This file would take your uploads over your quota of ${mb(limits.userQuotaBytes)} MB (${mb(used)} MB used). Delete some documents and try again.`,
      );
    }
    if (limits.totalQuotaBytes !== undefined) {
      room = Math.min(room, limits.totalQuotaBytes - (await stored.total(tx)) - (await reserved(tx, id)));
      if (room < needed) {
        throw new AppError(
          413,
          'STORAGE_FULL',
          `This file would take the uploads stored on this instance over their quota of ${mb(limits.totalQuotaBytes)} MB. Ask an administrator to free some space.`,
        );
      }
    }
    return room;
  }

  /** Reservation `id` of `user` set to the most of `wanted` that fits, at least `needed` (else 413). */
  async function take(user: Uploader, id: string, needed: number, wanted: number) {
    return db.transaction(async (tx) => {
      await lock(tx, user);
      // What a check no longer counts, it deletes: an upload that finds its reservation gone
      // knows that its room may have been given away (`keep`).
      await tx.delete(uploadReservations).where(lte(uploadReservations.expiresAt, sql`now()`));
      const room = await roomFor(tx, user, id, needed);
      const bytes = Math.max(needed, Math.min(wanted, room));
      const expiresAt = sql`now() + ${`${RESERVATION_TTL_MS} milliseconds`}::interval`;
      await tx
        .insert(uploadReservations)
        .values({ id, userId: user.id, bytes, expiresAt })
        .onConflictDoUpdate({ target: uploadReservations.id, set: { bytes, expiresAt } });
      return bytes;
    });
  }

  return {
    /**
     * The room of one upload by `user` (lib/receive-upload.ts); for a new avatar,
     * `replacingAvatar`: the avatar it replaces does not count. Once the file is stored, the
     * transaction that records it calls `keep`; `release` (in a `finally`) gives back what a
     * refused or failed upload reserved.
     */
    forUpload(user: Uploader): UploadRoom & {
      keep: (tx: Db) => Promise<void>;
      release: () => Promise<void>;
    } {
      const id = randomUUID();
      let taken = false;
      return {
        reserve: async (needed, wanted) => {
          taken = true;
          return take(user, id, needed, wanted);
        },
        /**
         * Last in the transaction that records the file (after its row, whose lock comes before
         * the quota's, as everywhere): the reservation goes in the same commit that makes the file
         * count, under the lock, so no check sees both or neither. A reservation that is gone ran
         * out and may have been given away: the quota is checked again with the file counted
         * (the account's avatar now being the new one), and a 413 rolls the record back.
         */
        keep: async (tx) => {
          await lock(tx, user);
          const kept = await tx
            .delete(uploadReservations)
            .where(eq(uploadReservations.id, id))
            .returning({ id: uploadReservations.id });
          if (kept.length === 0) await roomFor(tx, { id: user.id }, id, 0);
        },
        // Never throws: a reservation that cannot be deleted now stops counting when it expires.
        release: async () => {
          if (!taken) return;
          await db
            .delete(uploadReservations)
            .where(eq(uploadReservations.id, id))
            .catch(() => {});
        },
      };
    },
  };
}

export type UploadQuota = ReturnType<typeof createUploadQuota>;

/** An upload route's `config`: at most `perHour` uploads per account per hour (429). */
export const uploadRateLimit = (perHour: number) =>
  perUserRateLimit(
    perHour,
    '1 hour',
    `You can upload at most ${perHour} files per hour. Please try again later.`,
    'UPLOAD_RATE_LIMITED',
  );

declare module 'fastify' {
  interface FastifyInstance {
    uploads: {
      /** The quotas every upload is checked against, over what every module counted. */
      quota: UploadQuota;
      /** A module that stores uploads tells how many bytes it keeps (at boot). */
      count: (stored: StoredBytes) => void;
    };
  }
}

export const uploadsPlugin = fp(
  async (app) => {
    const counted: StoredBytes[] = [];
    const sum = async (each: (stored: StoredBytes) => Promise<number>) => {
      let bytes = 0;
      for (const stored of counted) bytes += await each(stored);
      return bytes;
    };
    const quota = createUploadQuota(app.config.uploads, app.db, {
      ofUser: (user, tx) => sum((stored) => stored.ofUser(user, tx)),
      total: (tx) => sum((stored) => stored.total(tx)),
    });
    app.decorate('uploads', { quota, count: (stored: StoredBytes) => void counted.push(stored) });
  },
  { name: 'platform.uploads', dependencies: ['platform.core'] },
);
