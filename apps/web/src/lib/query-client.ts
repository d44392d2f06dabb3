import { QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from './api-client.ts';

const MAX_RETRIES = 2;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5 * 60 * 1000,
        // A 4xx answer will not change on a second try; network errors and 5xx may.
        retry: (failureCount, error) =>
          failureCount < MAX_RETRIES && !(error instanceof ApiRequestError && error.isClientError),
        refetchOnWindowFocus: false,
      },
    },
  });
}
