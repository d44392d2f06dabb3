import type { ProductStatus, Roadmap, StagePlan } from '@shipyard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, getErrorMessage } from '../../../lib/api-client.ts';
import { t } from '../../../lib/i18n/index.ts';
import { queryRoots } from '../../../lib/query-keys.ts';
import { toast } from '../../../lib/toast.ts';
import { roadmapKeys } from './keys.ts';

type Span = { starts_on: string; ends_on: string };

/** One move on the roadmap: a product's target date, or a stage's planned days (null: cleared). */
export type DateChange =
  | { kind: 'target'; productId: string; target: string }
  | { kind: 'plan'; productId: string; stage: ProductStatus; span: Span | null };

const productPath = (id: string) => `/projects/${encodeURIComponent(id)}`;

/** The request of a change: PATCH /api/projects/{id} records the target date in the activity. */
function send(change: DateChange): Promise<unknown> {
  if (change.kind === 'target')
    return api.patch(productPath(change.productId), { target_end_date: change.target });
  const url = `${productPath(change.productId)}/stage-plans/${change.stage}`;
  return change.span ? api.put(url, change.span) : api.delete(url);
}

/** A roadmap as it is once `change` is made (what the screen shows while it is sent). */
export function applyChange(roadmap: Roadmap, change: DateChange): Roadmap {
  return {
    ...roadmap,
    products: roadmap.products.map((product) => {
      if (product.id !== change.productId) return product;
      if (change.kind === 'target') return { ...product, target_end_date: change.target };
      const others = product.stages.filter((s) => s.stage !== change.stage);
      if (!change.span) return { ...product, stages: others };
      const plan: StagePlan = {
        stage: change.stage,
        ...change.span,
        updated_by: null,
        updated_at: new Date().toISOString(),
      };
      return { ...product, stages: [...others, plan] };
    }),
  };
}

type Move = {
  change: DateChange;
  /** The change that takes it back (the Undo toast's); none: no Undo (an undo itself). */
  undo?: DateChange;
  /** What the toasts name: the product and what moved. */
  title: string;
  description: string;
};

/**
 * Moves dates on the roadmap: shown at once in every cached window, sent, then an Undo toast for
 * 10 s; a refusal puts the dates back and says why in an error toast.
 */
export function useChangeDates() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: ({ change }: Move) => send(change),
    onMutate: async ({ change }) => {
      await queryClient.cancelQueries({ queryKey: roadmapKeys.all });
      const before = queryClient.getQueriesData<Roadmap>({ queryKey: roadmapKeys.all });
      queryClient.setQueriesData<Roadmap>({ queryKey: roadmapKeys.all }, (old) =>
        old ? applyChange(old, change) : old,
      );
      return { before };
    },
    onError: (error, move, context) => {
      for (const [key, data] of context?.before ?? []) queryClient.setQueryData(key, data);
      toast.error(
        move.change.kind === 'target'
          ? t('Could not move the target date')
          : t('Could not save the stage dates'),
        {
          description: getErrorMessage(error),
        },
      );
    },
    onSuccess: (_answer, move) => {
      if (!move.undo) return;
      const undo = move.undo;
      toast.undoable(move.title, {
        description: move.description,
        // A refused undo is reported once, by onError, like any other move.
        undo: () => mutation.mutate({ change: undo, title: move.title, description: move.description }),
      });
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: roadmapKeys.all }),
        // The product's page, lists and the dashboard show its target date.
        queryClient.invalidateQueries({ queryKey: queryRoots.products }),
        queryClient.invalidateQueries({ queryKey: queryRoots.dashboard }),
      ]),
  });
  return mutation;
}
