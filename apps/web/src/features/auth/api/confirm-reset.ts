import type { ResetConfirm } from '@shipyard/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

type ConfirmResetResponse = { message: string };

/** Sets a new password with the mailed reset token; the server ends every session of the account. */
function confirmReset(body: ResetConfirm): Promise<ConfirmResetResponse> {
  return api.post<ConfirmResetResponse>('/auth/reset-password/confirm', body);
}

export function useConfirmReset() {
  return useMutation({ mutationFn: confirmReset });
}
