import { type ChangeListener, prefix } from '../../../lib/realtime-changes.ts';
import { lifecycleKeys } from './keys.ts';

// A product's stage (its history and the reports), a task's status (a task flow), or a membership
// or team that shows or hides a product: the lifecycle figures again.
const lifecycle = () => [prefix(lifecycleKeys.all)];
const taskFlows = () => [prefix([...lifecycleKeys.all, 'task-flow'])];

export const lifecycleChanges: ChangeListener = {
  on: { product: lifecycle, task: taskFlows, member: lifecycle, team: lifecycle },
};
