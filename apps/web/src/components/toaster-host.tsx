import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { toasterHost } from '../lib/toast.ts';

const Toaster = lazy(() => import('./ui/sonner.tsx').then((m) => ({ default: m.Toaster })));

// Commits together with the Toaster (same Suspense boundary), after its subscription effect.
function MountedSignal() {
  useEffect(() => toasterHost.mounted(), []);
  return null;
}

/** Mounts the app's Toaster once the first toast is asked for (see lib/toast.ts). */
export function ToasterHost() {
  const wanted = useSyncExternalStore(toasterHost.subscribe, toasterHost.wanted, () => false);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
      <MountedSignal />
    </Suspense>
  );
}
