import type { UploadLimits } from '../config.ts';
import { AppError } from './errors.ts';
import { perUserRateLimit } from './per-user-rate-limit.ts';

// Upload quotas (issue 13 #11, docs/security.md): counted from what is stored — an account's
// documents and its avatar, and everything on the instance — before a new file is kept.

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
  return {
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
