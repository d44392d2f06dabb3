import { AVATAR_MAX_BYTES, AVATAR_TYPES, type User, userMessages } from '@shipyard/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/**
 * Why this file cannot be an avatar, or undefined when it may be sent. The server sniffs the
 * bytes anyway; this spares a 2 MB upload that would be refused.
 */
export function avatarFileProblem(file: File): string | undefined {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return userMessages.avatarNotImage;
  if (file.size > AVATAR_MAX_BYTES) return userMessages.avatarTooLarge;
  return undefined;
}

/** POST /auth/avatar as multipart field `file`; answers the user with the new avatar_url. */
function uploadAvatar(file: File): Promise<User> {
  const body = new FormData();
  body.append('file', file);
  return api.post<User>('/auth/avatar', body);
}

export function useUploadAvatar() {
  return useMutation({ mutationFn: uploadAvatar });
}
