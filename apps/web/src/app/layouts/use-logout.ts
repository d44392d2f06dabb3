import { accountMessages } from '@shipyard/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useSignOut } from '../../features/account/api/sign-out.ts';
import { toast } from '../../lib/toast.ts';

/**
 * Spec §4: Logout clears what the client knows and performs a full navigation to /. The sidebar's
 * Logout and the command palette's "Sign out" both call it.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const signOut = useSignOut();
  const logout = () =>
    signOut.mutate(undefined, {
      onSuccess: async () => {
        queryClient.clear();
        // Issue 33: what this device kept for reading offline goes too, before the page does.
        await import('../../lib/offline-cache.ts')
          .then((cache) => cache.forgetOfflineData())
          .catch(() => undefined);
        window.location.assign('/');
      },
      onError: () => toast.error(accountMessages.signOutFailed),
    });
  return { logout, pending: signOut.isPending };
}
