import {
  type Placement,
  PRODUCT_STATUSES,
  type Product,
  type ProductList,
  type ProductStatus,
  productMessages,
} from '@shipyard/shared';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { generateKeyBetween } from 'fractional-indexing';
import { ApiRequestError, api } from '../../../lib/api-client.ts';
import { t } from '../../../lib/i18n/index.ts';
import { queryRoots } from '../../../lib/query-keys.ts';
import { toast } from '../../../lib/toast.ts';
import { productKeys } from './get-products.ts';
import { useStageMoveRefusal } from './stage-move-refusal.ts';

type ProductStatusChange = Placement & {
  id: string;
  /** Any casing: the board sends the column id capitalised ('Testing', spec §4). */
  status: string;
  /** An Undo's move: its toast offers no Undo of its own. */
  undoing?: boolean;
  /** Past a stage gate's unmet criteria, with a reason (issue 32). */
  override?: { reason: string };
};

/**
 * PATCH /api/projects/{id}/status, with where in the stage's column it was dropped (issue 28);
 * answers the product with its stored (lowercase) status and its rank.
 */
function updateProductStatus({ id, undoing: _undoing, ...body }: ProductStatusChange): Promise<Product> {
  return api.patch<Product>(`/projects/${encodeURIComponent(id)}/status`, body);
}

/** A board column's order (issue 28): by rank, ties by id, as the server sorts. */
export const byRank = (a: Pick<Product, 'rank' | 'id'>, b: Pick<Product, 'rank' | 'id'>) =>
  a.rank === b.rank ? (a.id < b.id ? -1 : 1) : a.rank < b.rank ? -1 : 1;

/** The cached products of a stage, in the board's order. */
const stageOf = (lists: Snapshot, status: string, except: string) => {
  const seen = new Map<string, Product>();
  for (const [, list] of lists) {
    for (const product of list?.data ?? []) {
      if (product.status === status && product.id !== except) seen.set(product.id, product);
    }
  }
  return [...seen.values()].sort(byRank);
};

/** Where the product is now: its status and the cached products around it (what an Undo sends). */
function placeNow(lists: Snapshot, product: Product): Placement & { status: ProductStatus } {
  const stage = [...stageOf(lists, product.status, product.id), product].sort(byRank);
  const at = stage.indexOf(product);
  const above = stage[at - 1];
  const below = stage[at + 1];
  return {
    status: product.status,
    ...(above && { afterId: above.id }),
    ...(below && { beforeId: below.id }),
  };
}

/** The rank the server will give it at `place` (between the cached neighbours), or its own. */
function guessRank(lists: Snapshot, product: Product, status: ProductStatus, place: Placement): string {
  const stage = stageOf(lists, status, product.id);
  const at = (id: string | undefined) => stage.findIndex((p) => p.id === id);
  const after = place.afterId === undefined ? -1 : at(place.afterId);
  const before = place.beforeId === undefined ? -1 : at(place.beforeId);
  const above = after >= 0 ? stage[after] : before > 0 ? stage[before - 1] : undefined;
  const below =
    after >= 0 ? stage[after + 1] : before >= 0 ? stage[before] : place.afterId ? undefined : stage[0];
  try {
    return generateKeyBetween(above?.rank ?? null, below?.rank ?? null);
  } catch {
    return product.rank;
  }
}

function isProductStatus(value: string): value is ProductStatus {
  return (PRODUCT_STATUSES as readonly string[]).includes(value);
}

/** The server's own text (our error shape, or no response at all), else the spec's fallback. */
function failureText(error: unknown): string {
  if (error instanceof ApiRequestError && (error.code !== undefined || error.status === 0) && error.message) {
    return error.message;
  }
  return t(productMessages.statusUpdateFailed);
}

type Snapshot = Array<[QueryKey, ProductList | undefined]>;

/**
 * Changes a product's status (and its place on the board) optimistically: every cached products
 * list shows it at once; a refusal puts the lists back as they were and says why (spec §8.2
 * 'Product status'); a success toasts with an Undo for 10 s that puts back the status and the
 * place it had (issue 28).
 */
export function useUpdateProductStatus() {
  const queryClient = useQueryClient();
  const onRefused = useStageMoveRefusal();
  const mutation = useMutation({
    mutationFn: updateProductStatus,
    onMutate: async ({
      id,
      status,
      undoing: _undoing,
      ...place
    }): Promise<{ previous: Snapshot; back?: Placement & { status: ProductStatus } }> => {
      // A list request in flight would land after the patch and undo it.
      await queryClient.cancelQueries({ queryKey: productKeys.lists });
      const previous = queryClient.getQueriesData<ProductList>({ queryKey: productKeys.lists });
      const next = status.trim().toLowerCase();
      const moving = previous.flatMap(([, list]) => list?.data ?? []).find((product) => product.id === id);
      if (isProductStatus(next) && moving) {
        const rank = guessRank(previous, moving, next, place);
        queryClient.setQueriesData<ProductList>({ queryKey: productKeys.lists }, (list) =>
          list
            ? {
                ...list,
                data: list.data.map((product) =>
                  product.id === id ? { ...product, status: next, rank } : product,
                ),
              }
            : list,
        );
      }
      return { previous, ...(moving && { back: placeNow(previous, moving) }) };
    },
    onError: (error, change, context) => {
      for (const [key, data] of context?.previous ?? []) queryClient.setQueryData(key, data);
      // A stage gate's refusal: the page's dialog lists what is unmet and may retry with an override.
      if (onRefused && error instanceof ApiRequestError && error.code === 'GATE_UNMET') {
        onRefused({
          productId: change.id,
          message: error.message,
          details: error.details,
          retry: (override) => mutation.mutateAsync({ ...change, override }),
        });
        return;
      }
      // An override's retry failed: the dialog that sent it says why.
      if (change.override) return;
      toast.error(failureText(error));
    },
    onSuccess: (_product, { id, undoing }, context) => {
      const back = context?.back;
      if (undoing || !back) return toast.success(t(productMessages.statusUpdated));
      toast.undoable(t(productMessages.statusUpdated), {
        undo: () => mutation.mutateAsync({ id, ...back, undoing: true }),
        undoFailed: t(productMessages.statusUpdateFailed),
      });
    },
    onSettled: () =>
      Promise.all([
        // Lists, the sidebar's Recent Products and the product's own page.
        queryClient.invalidateQueries({ queryKey: productKeys.all }),
        // The dashboard's counts and progress (its key belongs to the dashboard feature).
        queryClient.invalidateQueries({ queryKey: queryRoots.dashboard }),
      ]),
  });
  return mutation;
}
