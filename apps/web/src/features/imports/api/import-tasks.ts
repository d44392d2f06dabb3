import type {
  CsvImportBody,
  CsvImportResult,
  TrelloImportBodyInput,
  TrelloImportResult,
} from '@shipyard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryRoots, sharedKeys } from '../../../lib/query-keys.ts';

const path = (productId: string, source: 'csv' | 'trello', dryRun: boolean) =>
  `/tasks/${productId}/import/${source}${dryRun ? '?dryRun=1' : ''}`;

const importCsv = (productId: string, body: CsvImportBody, dryRun: boolean) =>
  api.post<CsvImportResult>(path(productId, 'csv', dryRun), body);

const importTrello = (productId: string, body: TrelloImportBodyInput, dryRun: boolean) =>
  api.post<TrelloImportResult>(path(productId, 'trello', dryRun), body);

export type ImportRequest =
  | { source: 'csv'; body: CsvImportBody }
  | { source: 'trello'; body: TrelloImportBodyInput };

const send = (
  productId: string,
  request: ImportRequest,
  dryRun: boolean,
): Promise<CsvImportResult | TrelloImportResult> =>
  request.source === 'csv'
    ? importCsv(productId, request.body, dryRun)
    : importTrello(productId, request.body, dryRun);

/** The dry run (preview and row errors; nothing stored). */
export function useImportCheck(productId: string) {
  return useMutation({ mutationFn: (request: ImportRequest) => send(productId, request, true) });
}

/** The import itself: the product's task lists, labels, page and timeline are read again. */
export function useImportTasks(productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ImportRequest) => send(productId, request, false),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryRoots.tasks }),
        queryClient.invalidateQueries({ queryKey: sharedKeys.productLabels(productId) }),
        queryClient.invalidateQueries({ queryKey: sharedKeys.productDetail(productId) }),
        queryClient.invalidateQueries({ queryKey: sharedKeys.productActivities(productId) }),
      ]),
  });
}
