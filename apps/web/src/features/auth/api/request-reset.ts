import type { ResetRequest } from '@shipyard/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

type RequestResetResponse = { message: string };

/** Mails a password reset link; the answer is the same whether or not the account exists. */
function requestReset(body: ResetRequest): Promise<RequestResetResponse> {
  return api.post<RequestResetResponse>('/auth/reset-password', body);
}

export function useRequestReset() {
  return useMutation({ mutationFn: requestReset });
}
