import type { ForceChangePassword } from '@shipyard/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { getSession } from './get-session.ts';

export type ForceChangePasswordResponse = { token: string };

/**
 * Replaces a temporary password with the temp_token that login handed out. The server signs the
 * user in (sets the session cookie); a 401 means that token expired, not that a session ended.
 */
function forceChangePassword(body: ForceChangePassword): Promise<ForceChangePasswordResponse> {
  return api.patch<ForceChangePasswordResponse>('/auth/force-change-password', body, {
    expectUnauthorized: true,
  });
}

/**
 * Changes the password, then reads the session the server just opened, and answers it (or null
 * if none came with the answer). The caller puts it in the cache only after its own toast: the
 * guard then leaves /auth in one step, with no login form showing in between.
 */
export function useForceChangePassword() {
  return useMutation({
    mutationFn: async (body: ForceChangePassword) => {
      await forceChangePassword(body);
      return getSession();
    },
  });
}
