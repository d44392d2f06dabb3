import type { Login, User } from '@shipyard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { sessionKey } from './get-session.ts';

type LoginResponse = { token: string; user: User };

/** Signs in; the server also sets the session cookie. A 401 here is about the typed credentials. */
function login(body: Login): Promise<LoginResponse> {
  return api.post<LoginResponse>('/auth/login', body, { expectUnauthorized: true });
}

/** Signs in and makes the answer the cached session, so the guards see the user at once. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: ({ user }) => {
      queryClient.setQueryData(sessionKey, user);
    },
  });
}
