import { type AVATAR_TYPES, userMessages } from '@shipyard/shared';
import { AppError, NotFound } from '../../lib/errors.ts';
import { accountChange, type Changes } from '../../lib/realtime/changes.ts';
import type { SessionUser } from '../../lib/session.ts';
import type { Storage } from '../../lib/storage.ts';
import { toUser } from '../users/users.mapper.ts';
import type { UsersRepository } from '../users/users.repository.ts';

// Avatars: the type is read from the bytes, never from the name or the client's header.

const extensions: Record<(typeof AVATAR_TYPES)[number], string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};
const byExtension = Object.fromEntries(Object.entries(extensions).map(([type, ext]) => [ext, type]));
const URL_PREFIX = '/api/uploads/avatars/';
const NAME = /^[a-f0-9]{32}\.(png|jpg|gif|webp)$/;

type Deps = { users: UsersRepository; storage: Storage; changes: Changes };

export function createAvatarService({ users, storage, changes }: Deps) {
  return {
    async replace(actor: SessionUser, data: Buffer, sniffedType: string | undefined) {
      const ext = extensions[sniffedType as keyof typeof extensions];
      if (!ext) throw new AppError(415, 'AVATAR_NOT_IMAGE', userMessages.avatarNotImage);
      const name = await storage.save('avatars', ext, data);
      const row = await users.update(actor.id, { avatarUrl: `${URL_PREFIX}${name}` });
      if (!row) throw NotFound(userMessages.notFound);
      // As a profile update: the user's other tabs and the admins' lists show the new avatar.
      changes.publish(accountChange('updated', row.id, { row, admins: true }));
      const previous = actor.avatarUrl?.startsWith(URL_PREFIX)
        ? actor.avatarUrl.slice(URL_PREFIX.length)
        : undefined;
      if (previous && NAME.test(previous)) await storage.remove('avatars', previous);
      return toUser(row);
    },

    /** The stored file behind an avatar name, or undefined for anything that is not one of ours. */
    fileOf(name: string) {
      const match = NAME.exec(name);
      const contentType = match?.[1] ? byExtension[match[1]] : undefined;
      return contentType ? { name, contentType } : undefined;
    },
  };
}

export type AvatarService = ReturnType<typeof createAvatarService>;
