import type { User } from '@shipyard/shared';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { sessionKey } from '../../features/auth/api/keys.ts';
import { api } from '../../lib/api-client.ts';
import { RealtimeClient, type RealtimeStatus, realtimeUrl } from '../../lib/realtime.ts';
import { createChangeApplier } from './apply-change.ts';
import { changeListeners } from './listeners.ts';

const RealtimeContext = createContext<RealtimeStatus>('closed');

/**
 * The server closed the socket because the session ended (4401). Asking who is signed in without
 * opting out of 401 runs the app's own 401 handling (forget the caches, back to /auth); an answer
 * means the session lives after all: the page goes on without live updates.
 */
async function confirmSession(queryClient: QueryClient) {
  try {
    queryClient.setQueryData(sessionKey, await api.get<User>('/user/me'));
  } catch {
    // A 401 has been handled by the API client; a network failure changes nothing here.
  }
}

type RealtimeProviderProps = {
  children: ReactNode;
  /** Tests hand in a fake socket; by default the browser's WebSocket (none: the client stays idle). */
  createSocket?: ((url: string) => WebSocket) | undefined;
};

/**
 * One realtime socket for the signed-in shell (issue 8): opened on mount, closed on unmount (the
 * shell unmounts on sign-out); its changes refresh the caches they touch.
 */
export function RealtimeProvider({ children, createSocket }: RealtimeProviderProps) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<RealtimeStatus>('closed');

  useEffect(() => {
    const client = new RealtimeClient({ url: realtimeUrl(window.location), createSocket });
    const changes = createChangeApplier(queryClient, changeListeners);
    const offStatus = client.onStatus(setStatus);
    const offMessage = client.onMessage((message) => {
      if (message.type === 'unauthorized') void confirmSession(queryClient);
      else changes.apply(message);
    });
    client.connect();
    return () => {
      offMessage();
      offStatus();
      client.disconnect();
      changes.dispose();
    };
  }, [queryClient, createSocket]);

  return <RealtimeContext value={status}>{children}</RealtimeContext>;
}

/** The realtime socket's state; 'closed' outside a RealtimeProvider. */
export function useRealtime(): { status: RealtimeStatus } {
  return { status: useContext(RealtimeContext) };
}
