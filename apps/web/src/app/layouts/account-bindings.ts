import type { User } from '@shipyard/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { sessionKey, useSession } from '../../features/auth/api/get-session.ts';
import { paths } from '../../lib/paths.ts';

/**
 * What the account screens need from the session, which belongs to the auth feature: the user,
 * a way to show a change everywhere (the sidebar footer reads the same query), and what
 * signing out means on those screens (spec §4: forget the cached user, go to /auth).
 */
export function useAccountBindings() {
  const session = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const onUserUpdated = useCallback(
    (user: User) => queryClient.setQueryData(sessionKey, user),
    [queryClient],
  );

  const onSignedOut = useCallback(() => {
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionKey[0] });
    queryClient.setQueryData(sessionKey, null);
    navigate(paths.auth(), { replace: true });
  }, [queryClient, navigate]);

  return { user: session.data ?? undefined, onUserUpdated, onSignedOut };
}
