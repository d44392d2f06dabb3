import type { TaskStatus } from '@shipyard/shared';
import { k } from '../../../lib/i18n/index.ts';

const statusLabels: Record<TaskStatus, string> = {
  Pending: k('Pending'),
  'In Progress': k('In Progress'),
  Completed: k('Completed'),
};

/** A status's label, to be put through `t()` where shown (the stored value is English). */
export const statusLabel = (status: TaskStatus): string => statusLabels[status];
