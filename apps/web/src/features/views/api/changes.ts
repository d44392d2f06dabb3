import { type ChangeListener, prefix } from '../../../lib/realtime-changes.ts';
import { viewKeys } from './keys.ts';

/**
 * Saved views (issue 28): a view saved, changed, pinned or deleted elsewhere; and their counts,
 * which follow the tasks and what the viewer sees (products, teams, memberships, labels).
 */
export const viewChanges: ChangeListener = {
  on: {
    view: ({ id }) => [prefix(viewKeys.list), prefix(viewKeys.detail(id))],
    task: () => [prefix(viewKeys.all)],
    label: () => [prefix(viewKeys.all)],
    product: () => [prefix(viewKeys.all)],
    team: () => [prefix(viewKeys.all)],
    member: () => [prefix(viewKeys.all)],
  },
};
