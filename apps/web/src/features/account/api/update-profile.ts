import type { ProfileUpdate, User } from '@shipyard/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** PATCH /auth/profile: username, full name and avatar URL; answers the updated user. */
function updateProfile(body: ProfileUpdate): Promise<User> {
  return api.patch<User>('/auth/profile', body);
}

export function useUpdateProfile() {
  return useMutation({ mutationFn: updateProfile });
}
