import type { Register, User } from '@shipyard/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type RegisterResponse = { message: string; user: User };

/** Creates an account; the server mails a verification link and does not sign the user in. */
export function register(body: Register): Promise<RegisterResponse> {
  return api.post<RegisterResponse>('/auth/register', body);
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
