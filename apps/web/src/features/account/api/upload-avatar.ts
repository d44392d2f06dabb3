import { AVATAR_MAX_BYTES, AVATAR_TYPES, type User, type userMessages } from '@shipyard/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { k } from '../../../lib/i18n/index.ts';

/** The spec's avatar refusals (userMessages), marked for translation; shown with `t()`. */
const avatarProblems = {
  avatarNotImage: k('The avatar must be a PNG, JPEG, GIF or WebP image.'),
  avatarTooLarge: k('The avatar must be at most 2 MB.'),
} satisfies Partial<typeof userMessages>;

/**
 * Why this file cannot be an avatar, or undefined when it may be sent. The server sniffs the
 * bytes anyway; this spares a 2 MB upload that would be refused.
 */
export function avatarFileProblem(file: File): string | undefined {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return avatarProblems.avatarNotImage;
  if (file.size > AVATAR_MAX_BYTES) return avatarProblems.avatarTooLarge;
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
