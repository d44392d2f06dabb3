import fp from 'fastify-plugin';
import type { UploadLimits } from '../config.ts';
import { AppError } from '../lib/errors.ts';
import { perUserRateLimit } from '../lib/per-user-rate-limit.ts';
import type { UploadRoom } from '../lib/receive-upload.ts';

// Upload quotas (issue 13 #11, docs/security.md): counted from what is stored — an account's
// documents and its avatar, and everything on the instance — before a new file is kept. Each
// module that stores files counts its own (`app.uploads.count`): documents, avatars.

export type StoredBytes = {
  /** What the account keeps stored now (documents it uploaded and its own avatar file). */
  ofUser: (user: { id: string; avatarUrl: string | null }) => Promise<number>;
  /** What the instance keeps stored now. */
  total: () => Promise<number>;
};

const MB = 1024 * 1024;
const mb = (bytes: number) => {
  const value = bytes / MB;
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
};

export function createUploadQuota(limits: UploadLimits, stored: StoredBytes) {
  /** The bytes `user` may still add: the smaller of the account's and the instance's room. */
  async function room(user: { id: string; avatarUrl: string | null }) {
    const ofUser = limits.userQuotaBytes - (await stored.ofUser(user));
    if (limits.totalQuotaBytes === undefined) return ofUser;
    return Math.min(ofUser, limits.totalQuotaBytes - (await stored.total()));
  }

  const quota = {
    /**
     * Refuses with 413 a file of `adding` bytes that would take the account or the instance over
     * its quota. For an avatar, pass `avatarUrl: null`: the avatar it replaces does not count.
     */
    async check(user: { id: string; avatarUrl: string | null }, adding: number) {
      const used = await stored.ofUser(user);
      if (used + adding > limits.userQuotaBytes) {
        throw new AppError(
          413,
          'UPLOAD_QUOTA_EXCEEDED',
          `This file would take your uploads over your quota of ${mb(limits.userQuotaBytes)} MB (${mb(used)} MB used). Delete some documents and try again.`,
        );
      }
      if (limits.totalQuotaBytes === undefined) return;
      if ((await stored.total()) + adding > limits.totalQuotaBytes) {
        throw new AppError(
          413,
          'STORAGE_FULL',
          `This file would take the uploads stored on this instance over their quota of ${mb(limits.totalQuotaBytes)} MB. Ask an administrator to free some space.`,
        );
      }
    },

    /**
     * For a streamed upload (lib/receive-upload.ts): the room left, and once a file passes it,
     * the same 413 as `check` (or the new room, if files were deleted meanwhile).
     */
    forUpload(user: { id: string; avatarUrl: string | null }): UploadRoom {
      return {
        room: () => room(user),
        exceeded: async (bytes) => {
          await quota.check(user, bytes);
          return room(user);
        },
      };
    },
  };
  return quota;
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
    const quota = createUploadQuota(app.config.uploads, {
      ofUser: (user) => sum((stored) => stored.ofUser(user)),
      total: () => sum((stored) => stored.total()),
    });
    app.decorate('uploads', { quota, count: (stored: StoredBytes) => void counted.push(stored) });
  },
  { name: 'platform.uploads', dependencies: ['platform.core'] },
);
