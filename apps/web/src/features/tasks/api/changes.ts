import type { ChangeEvent } from '@shipyard/shared';
import { partialMatchKey } from '@tanstack/react-query';
import {
  type ChangeListener,
  family,
  ofProduct,
  prefix,
  type Target,
} from '../../../lib/realtime-changes.ts';
import type { TaskListParams } from './get-tasks.ts';
import { taskKeys } from './keys.ts';
import { syncCachedTask } from './task-cache.ts';

/** The task lists a change may alter: every list of its product and every cross-product one (/tasks). */
const lists = (productId: string | null): Target => ({
  match: (query) => {
    if (!partialMatchKey(query.queryKey, taskKeys.lists)) return false;
    const params = query.queryKey[2] as TaskListParams | undefined;
    return !params?.productId || !productId || params.productId === productId;
  },
});

/** The team and assignee choices of the task form. */
const options = ({ productId }: ChangeEvent) => ofProduct(taskKeys.options, productId);

export const taskChanges: ChangeListener = {
  on: {
    // The task's page, if open: its fields, history and what one may do on it. The lists are patched.
    task: ({ id }) => [prefix(taskKeys.detail(id)), prefix(family((from) => taskKeys.history(id, from)))],
    product: ({ op, id, productId }) => {
      const product = productId ?? id;
      if (op === 'created') return [];
      // Rows name their product, a task's page shows it and whether it is archived; a deleted
      // product takes its tasks and the form's choices along.
      return [
        lists(product),
        prefix(family(taskKeys.detail)),
        ...(op === 'deleted' ? [prefix(taskKeys.options(product))] : []),
      ];
    },
    // Cards show their team; a deleted team leaves its tasks without one.
    team: (change) => [options(change), ...(change.op === 'created' ? [] : [lists(change.productId)])],
    // A membership may give or take away a whole product's tasks.
    member: (change) => [options(change), lists(change.productId)],
    // Cards and rows show their labels, and the values of the fields shown on cards (issue 29: a
    // field newly shown brings its values to the board's cards and its people's names).
    label: ({ productId }) => [lists(productId)],
    field: ({ productId }) => [lists(productId)],
    // A comment is an entry of the task page's history.
    comment: ({ id }) => [prefix(taskKeys.detail(id))],
    // Assignees' names.
    user: () => [prefix(family(taskKeys.options))],
  },
  patch: {
    // Read the changed task once and move it where it belongs in every list (syncCachedTask).
    // A task no list has loaded may move between lists whose totals only the server knows: the
    // lists of its product and /tasks are refetched (no other list holds it).
    task: (queryClient, change) => (syncCachedTask(queryClient, change) ? [] : [lists(change.productId)]),
  },
};
