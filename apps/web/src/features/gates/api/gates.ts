import type {
  GateCandidates,
  GateCriterionInput,
  GateDecision,
  ProductGates,
  ProductStatus,
  WorkspaceGates,
} from '@shipyard/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, getErrorMessage } from '../../../lib/api-client.ts';
import { queryRoots } from '../../../lib/query-keys.ts';
import { toast } from '../../../lib/toast.ts';
import { gateKeys } from './keys.ts';

// Stage gates' calls (issue 32, docs/decisions/059-stage-gates.md). A write answers the product's
// gates, which replace the cache; the product (its timeline) is read again.

const gatesUrl = (productId: string) => `/projects/${encodeURIComponent(productId)}/gates`;
const criterionUrl = (productId: string, id: string, what: string) =>
  `${gatesUrl(productId)}/criteria/${encodeURIComponent(id)}/${what}`;

const productGatesQuery = (productId: string) =>
  queryOptions({
    queryKey: gateKeys.ofProduct(productId),
    queryFn: ({ signal }) => api.get<ProductGates>(gatesUrl(productId), { signal }),
  });

export const useProductGates = (productId: string) => useQuery(productGatesQuery(productId));

export const useGateCandidates = (productId: string, enabled: boolean) =>
  useQuery(
    queryOptions({
      queryKey: gateKeys.candidates(productId),
      queryFn: ({ signal }) =>
        api.get<GateCandidates>(`${gatesUrl(productId)}/approver-candidates`, { signal }),
      enabled,
    }),
  );

export const useWorkspaceGates = () =>
  useQuery(
    queryOptions({
      queryKey: gateKeys.workspace,
      queryFn: ({ signal }) => api.get<WorkspaceGates>('/stage-gates', { signal }),
    }),
  );

type Write =
  | { kind: 'put'; stage: ProductStatus; criteria: GateCriterionInput[] }
  | { kind: 'reset'; stage: ProductStatus }
  | { kind: 'confirm'; id: string; confirmed: boolean }
  | { kind: 'request'; id: string }
  | ({ kind: 'decide'; id: string } & GateDecision);

function send(productId: string, write: Write): Promise<ProductGates> {
  switch (write.kind) {
    case 'put':
      return api.put<ProductGates>(`${gatesUrl(productId)}/${write.stage}`, { criteria: write.criteria });
    case 'reset':
      return api.delete<ProductGates>(`${gatesUrl(productId)}/${write.stage}`);
    case 'confirm':
      return api.put<ProductGates>(criterionUrl(productId, write.id, 'confirmation'), {
        confirmed: write.confirmed,
      });
    case 'request':
      return api.post<ProductGates>(criterionUrl(productId, write.id, 'approval-request'));
    case 'decide':
      return api.post<ProductGates>(criterionUrl(productId, write.id, 'decision'), {
        decision: write.decision,
        ...(write.comment && { comment: write.comment }),
      });
  }
}

/** Every write on a product's gate; a failure is a toast with the server's words. */
export function useGateWrite(productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (write: Write) => send(productId, write),
    onSuccess: (gates) => {
      queryClient.setQueryData(gateKeys.ofProduct(productId), gates);
      void queryClient.invalidateQueries({ queryKey: queryRoots.products });
    },
    onError: (error) => toast.error(getErrorMessage(error)),
  });
}

export function usePutWorkspaceGate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ stage, criteria }: { stage: ProductStatus; criteria: GateCriterionInput[] }) =>
      api.put<WorkspaceGates>(`/stage-gates/${stage}`, { criteria }),
    onSuccess: (gates) => {
      queryClient.setQueryData(gateKeys.workspace, gates);
      void queryClient.invalidateQueries({ queryKey: gateKeys.all });
    },
    onError: (error) => toast.error(getErrorMessage(error)),
  });
}
