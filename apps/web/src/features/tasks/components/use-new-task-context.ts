import type { Task } from '@shipyard/shared';
import { useProductLabels } from '../../../lib/product-labels.ts';
import { useProductOptions } from '../../../lib/product-options.ts';
import { useTaskOptions } from '../api/get-task-options.ts';
import type { TaskGuessContext } from '../api/quick-create.ts';
import type { TaskDefaults } from './task-defaults.ts';

/**
 * What a new task of this product will show besides its fields (its product's name, the labels
 * the defaults name, the assignee's and team's names), from the caches the screen already reads;
 * undefined until the product is known. `labelIds` and `labelNames` name labels of the product.
 */
export function useNewTaskContext(
  productId: string | undefined,
  defaults: Pick<TaskDefaults, 'labelIds' | 'labelNames'>,
  ids: { assigneeId?: string | null; teamId?: string | null } = {},
): { context: TaskGuessContext | undefined; labels: Task['labels'] } {
  const products = useProductOptions();
  const productLabels = useProductLabels(productId);
  const options = useTaskOptions(productId);
  const names = new Set(defaults.labelNames.map((name) => name.toLowerCase()));
  const labels = (productLabels.data?.data ?? [])
    .filter((label) => defaults.labelIds.includes(label.id) || names.has(label.name.toLowerCase()))
    .map(({ id, name, color }) => ({ id, name, color }));
  if (!productId) return { context: undefined, labels };
  const name = products.data?.find((product) => product.id === productId)?.name ?? '';
  const person = options.data?.assignees.find((p) => p.id === ids.assigneeId);
  const team = options.data?.teams.find((t) => t.id === ids.teamId);
  return {
    labels,
    context: {
      product: { id: productId, name },
      labels,
      assignee: person ? { id: person.id, name: person.name, avatar_url: person.avatar_url } : null,
      team: team ? { id: team.id, name: team.name } : null,
    },
  };
}
