import { lazy, Suspense, useSyncExternalStore } from 'react';
import { confirmHost } from '../lib/confirm.ts';

const ConfirmDialog = lazy(() => import('./confirm-dialog.tsx').then((m) => ({ default: m.ConfirmDialog })));

/** Mounts the app's confirm dialog while a question is asked (see lib/confirm.ts). */
export function ConfirmHost() {
  const request = useSyncExternalStore(confirmHost.subscribe, confirmHost.current, () => null);
  if (!request) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialog
        open
        onOpenChange={(open) => {
          if (!open) confirmHost.answer(false);
        }}
        title={request.title}
        description={request.description}
        confirmLabel={request.confirm}
        pendingLabel={request.confirm}
        pending={false}
        onConfirm={() => confirmHost.answer(true)}
      />
    </Suspense>
  );
}
