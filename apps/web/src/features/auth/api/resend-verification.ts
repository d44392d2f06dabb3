import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

type ResendVerificationResponse = { message: string };

/** Mails a new verification link; the answer is the same whether or not the account exists. */
function resendVerification(email: string): Promise<ResendVerificationResponse> {
  return api.post<ResendVerificationResponse>('/auth/resend-verification', { email });
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
