import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { FullScreenSpinner } from '../components/full-screen-spinner.tsx';
import { sessionKey, useSession } from '../features/auth/api/get-session.ts';
import { setUnauthorizedHandler } from '../lib/api-client.ts';
import { t } from '../lib/i18n/index.ts';
import { paths } from '../lib/paths.ts';

/** First guard: a session, or a trip to /auth that remembers where the visitor was going. */
export function RequireSession() {
  const session = useSession();
  const location = useLocation();
  const queryClient = useQueryClient();
  // Any 401 inside the signed-in area means the session ended (revoked, expired, signed out
  // elsewhere): forget the user and every cached answer; this guard then sends them to /auth.
  useEffect(() => {
    setUnauthorizedHandler(() => {
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== sessionKey[0] });
      queryClient.setQueryData(sessionKey, null);
    });
    return () => setUnauthorizedHandler(undefined);
  }, [queryClient]);
  if (session.isPending) return <FullScreenSpinner label={t('Loading your workspace')} />;
  if (!session.data)
    return <Navigate to={paths.auth()} replace state={{ from: `${location.pathname}${location.search}` }} />;
  return <Outlet />;
}

// Loaded only when a signed-in user lands on an unknown address; the shell's own route loads it otherwise.
const AppShell = lazy(() =>
  import('./layouts/app-shell.tsx').then(({ Component }) => ({ default: Component })),
);

/**
 * For an address no route knows: inside the app shell (sidebar, top bar) for a signed-in user,
 * who should not be thrown out of the app by a typo; on its own for everyone else.
 */
export function ShellIfSignedIn() {
  const session = useSession();
  if (session.isPending) return <FullScreenSpinner />;
  if (!session.data) return <Outlet />;
  return (
    <Suspense fallback={null}>
      <AppShell />
    </Suspense>
  );
}

/** Signed-in visitors have no business on /auth: send them where they were going, or the dashboard. */
export function RedirectIfSignedIn() {
  const session = useSession();
  const location = useLocation();
  if (session.isPending) return <FullScreenSpinner />;
  if (session.data) {
    const from = (location.state as { from?: unknown } | null)?.from;
    return (
      <Navigate
        to={
          typeof from === 'string' && from.startsWith('/') && !from.startsWith('//')
            ? from
            : paths.dashboard()
        }
        replace
      />
    );
  }
  return <Outlet />;
}
