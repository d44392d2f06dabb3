import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Ends this session on the server and clears the session cookie (spec §7.1). */
function signOut(): Promise<{ message: string }> {
  return api.post<{ message: string }>('/auth/signout');
}

/** What happens after a sign-out is the caller's: the shell reloads /, the profile goes to /auth (spec §4). */
export function useSignOut() {
  return useMutation({ mutationFn: signOut });
}
