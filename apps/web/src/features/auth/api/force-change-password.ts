import type { ForceChangePassword } from '@shipyard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { sessionKey } from './get-session.ts';

export type ForceChangePasswordResponse = { token: string };

/**
 * Replaces a temporary password with the temp_token that login handed out. The server signs the
 * user in (sets the session cookie); a 401 means that token expired, not that a session ended.
 */
export function forceChangePassword(body: ForceChangePassword): Promise<ForceChangePasswordResponse> {
  return api.patch<ForceChangePasswordResponse>('/auth/force-change-password', body, {
    expectUnauthorized: true,
  });
}

/**
 * Changes the password, then refetches the session so the guards see the new sign-in. The refetch
 * is not awaited: the guard leaves /auth once it lands, and the caller's own onSuccess (its toast)
 * must run while the form is still mounted.
 */
export function useForceChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: forceChangePassword,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: sessionKey });
    },
  });
}
