import type { Readable } from 'node:stream';
import { AVATAR_MAX_BYTES, type AVATAR_TYPES, userMessages } from '@shipyard/shared';
import type { Db } from '../../db/client.ts';
import { AppError, BadRequest, NotFound } from '../../lib/errors.ts';
import { accountChange, type Changes } from '../../lib/realtime/changes.ts';
import { receiveUpload, type UploadRoom } from '../../lib/receive-upload.ts';
import type { SessionUser } from '../../lib/session.ts';
import { newFileName, type Storage } from '../../lib/storage.ts';
import type { UploadQuota } from '../../platform/uploads.ts';
import { toUser, type UserStore } from '../users/index.ts';

// Avatars: the type is read from the bytes, never from the name or the client's header.
// A file is named `<user id>-<random>.<ext>`: which account uploaded it is read from the name we
// chose, never from a URL a client sent, so an account removes only its own files (issue 13 #7).

const extensions: Record<(typeof AVATAR_TYPES)[number], string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};
const byExtension = Object.fromEntries(Object.entries(extensions).map(([type, ext]) => [ext, type]));
const URL_PREFIX = '/api/uploads/avatars/';
const AREA = 'avatars';
/** Ours: `<user id>-<random>.<ext>`, or a name from before owners were named (served, never removed). */
const NAME =
  /^(?:([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})-)?[a-f0-9]{32}\.(png|jpg|gif|webp)$/;
const notOwn = 'Avatar must be an image you uploaded';

/** The name of the user's own uploaded file that `url` points at, or undefined. */
function ownFile(userId: string, url: string | null | undefined): string | undefined {
  if (!url?.startsWith(URL_PREFIX)) return undefined;
  const name = url.slice(URL_PREFIX.length);
  return NAME.exec(name)?.[1] === userId ? name : undefined;
}

type Deps = {
  users: UserStore;
  storage: Storage;
  changes: Changes;
  /** The upload quotas (issue 13 #11). */
  quota: UploadQuota;
};

/**
 * How long the instance's avatar bytes are reused (the total quota lists the avatar folder)
 * while no account's avatar changed: one that did makes every process list it again.
 */
const TOTAL_CACHE_MS = 60_000;

type Room = UploadRoom & { keep: (tx: Db) => Promise<void> };

export function createAvatarService({ users, storage, changes, quota }: Deps) {
  let totalCache: { at: number; version: string; bytes: number } | undefined;

  /**
   * Removes the file the user's avatar was, if it was their own upload and is no longer in use.
   * `previousUrl` is what the update replaced (read under its lock), never the session's copy,
   * which a change made meanwhile has outdated.
   */
  async function removePrevious(userId: string, previousUrl: string | null, currentUrl: string | null) {
    const previous = ownFile(userId, previousUrl);
    if (previous && previousUrl !== currentUrl) await storage.remove(AREA, previous);
  }

  /** Streams the image to storage (its type read from its first bytes) and makes it the avatar. */
  async function store(actor: SessionUser, image: Readable, room: Room, declaredBytes?: number) {
    const notImage = () => new AppError(415, 'AVATAR_NOT_IMAGE', userMessages.avatarNotImage);
    const { name } = await receiveUpload(storage, image, {
      area: AREA,
      maxBytes: AVATAR_MAX_BYTES,
      tooLarge: () => new AppError(413, 'AVATAR_TOO_LARGE', userMessages.avatarTooLarge),
      empty: notImage,
      quota: room,
      declaredBytes,
      nameFor: async (sample) => {
        const sniffed = await (await import('file-type')).fileTypeFromBuffer(sample);
        const ext = extensions[sniffed?.mime as keyof typeof extensions];
        if (!ext) throw notImage();
        return newFileName(ext, actor.id);
      },
    });
    const updated = await users
      .updateReplacingAvatar(actor.id, { avatarUrl: `${URL_PREFIX}${name}` }, room.keep)
      .catch(async (err) => {
        await storage.remove(AREA, name).catch(() => {});
        throw err;
      });
    if (!updated) {
      await storage.remove(AREA, name);
      throw NotFound(userMessages.notFound);
    }
    const { row, replacedAvatarUrl } = updated;
    // As a profile update: the user's other tabs and the admins' lists show the new avatar.
    changes.publish(accountChange('updated', row.id, { row, admins: true }));
    await removePrevious(actor.id, replacedAvatarUrl, row.avatarUrl);
    return toUser(row);
  }

  return {
    /** The image streams to storage; its type is read from its first bytes. */
    async replace(actor: SessionUser, image: Readable, declaredBytes?: number) {
      // The avatar it replaces is removed, so it does not count. Held until the row counts the file (`keep`).
      const room = quota.forUpload({ id: actor.id, replacingAvatar: true });
      try {
        return await store(actor, image, room, declaredBytes);
      } finally {
        await room.release();
      }
    },

    /**
     * PATCH /api/auth/profile's avatar_url: unchanged (absent), removed (null), or a file this
     * account uploaded and we still hold; anything else is a 400.
     */
    async checkProfileValue(actor: SessionUser, url: string | null | undefined) {
      if (url === undefined || url === null) return;
      const name = ownFile(actor.id, url);
      if (!name || (await storage.sizeOf(AREA, name)) === undefined) {
        throw BadRequest(notOwn, 'AVATAR_NOT_OWN', { fields: { avatar_url: [notOwn] } });
      }
    },

    /** After a profile update: the avatar it replaced, if it was the user's upload, is removed. */
    async afterProfileUpdate(
      actor: SessionUser,
      replacedAvatarUrl: string | null,
      user: { avatar_url: string | null },
    ) {
      await removePrevious(actor.id, replacedAvatarUrl, user.avatar_url);
    },

    /** The bytes of the user's own avatar file, as the row says in `tx` (for the upload quota). */
    async bytesOf(userId: string, tx?: Db): Promise<number> {
      const name = ownFile(userId, (await users.findById(userId, tx))?.avatarUrl);
      return name ? ((await storage.sizeOf(AREA, name)) ?? 0) : 0;
    },

    /**
     * The bytes of every stored avatar (for the instance's quota), as of `tx`: reused for a
     * minute unless an avatar changed, in this process or another, since they were listed.
     */
    async totalBytes(tx: Db): Promise<number> {
      const now = Date.now();
      const version = await users.avatarsVersion(tx);
      if (!totalCache || totalCache.version !== version || now - totalCache.at > TOTAL_CACHE_MS) {
        totalCache = { at: now, version, bytes: await storage.usage(AREA) };
      }
      return totalCache.bytes;
    },

    /** The stored file behind an avatar name, or undefined for anything that is not one of ours. */
    fileOf(name: string) {
      const match = NAME.exec(name);
      const contentType = match?.[2] ? byExtension[match[2]] : undefined;
      return contentType ? { name, contentType } : undefined;
    },

    /** The bytes of a stored avatar, or undefined. */
    async read(name: string) {
      return storage.read(AREA, name);
    },
  };
}

export type AvatarService = ReturnType<typeof createAvatarService>;
