import type { ChangePassword } from '@shipyard/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** PATCH /auth/change-password; the server ends this user's other sessions. */
function changePassword(body: ChangePassword): Promise<{ message: string }> {
  return api.patch<{ message: string }>('/auth/change-password', body);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
