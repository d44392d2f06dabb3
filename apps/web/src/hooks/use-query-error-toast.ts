import { useEffect } from 'react';
import { toast } from '../lib/toast.ts';

type FailingQuery = { isError: boolean; errorUpdatedAt: number };

/**
 * Spec §8.2 asks some loads to say they failed in a toast as well as on the section: one toast
 * per failure (a retry that fails again toasts again), none while the query is fine.
 */
export function useQueryErrorToast(query: FailingQuery, title: string, description?: string) {
  const { isError, errorUpdatedAt } = query;
  useEffect(() => {
    // errorUpdatedAt moves on with every new failure, so each one toasts once.
    if (isError && errorUpdatedAt > 0) toast.error(title, description ? { description } : undefined);
  }, [isError, errorUpdatedAt, title, description]);
}
