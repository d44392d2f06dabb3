import type { Register } from '@shipyard/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The same answer whether or not the address already had an account (decision 010). */
type RegisterResponse = { message: string };

/**
 * Creates an account; the server mails a verification link (or, for a taken address, a note to
 * its owner) and does not sign the user in.
 */
function register(body: Register): Promise<RegisterResponse> {
  return api.post<RegisterResponse>('/auth/register', body);
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
