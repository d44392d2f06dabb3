import type {
  estimateMessages,
  TaskPhase,
  TaskPriority,
  TaskStatus,
  taskPageMessages,
  trashMessages,
} from '@shipyard/shared';
import { statusLabel } from '../../../lib/format.ts';
import { k, t } from '../../../lib/i18n/index.ts';

// Issue 33: the names of stored values (status, priority, phase) and the shared spec texts that the
// task's page, board, menu and dialog show, marked for translation here and translated where shown.
// Each shared text is the shared one exactly (`satisfies` fails the type check if it changes).

const STATUS_NAMES = {
  Pending: k('Pending'),
  'In Progress': k('In Progress'),
  Completed: k('Completed'),
} satisfies Record<TaskStatus, string>;

const PRIORITY_NAMES = {
  low: k('Low'),
  medium: k('Medium'),
  high: k('High'),
  critical: k('Critical'),
} satisfies Record<TaskPriority, string>;

const PHASE_NAMES = {
  planning: k('Planning'),
  development: k('Development'),
  testing: k('Testing'),
  production: k('Production'),
  maintenance: k('Maintenance'),
} satisfies Record<TaskPhase, string>;

/** 'In Progress' in the reader's language. */
export const statusName = (status: TaskStatus): string => t(STATUS_NAMES[status]);
/**
 * A workflow state's name: a product's first three states are named as the statuses and read in
 * the reader's language; a state the product named itself ('In review') reads as it was named.
 */
export const stateName = (name: string): string =>
  Object.hasOwn(STATUS_NAMES, name) ? statusName(name as TaskStatus) : name;
/** 'high' → 'High' in the reader's language. */
export const priorityName = (priority: TaskPriority): string => t(PRIORITY_NAMES[priority]);
/** 'testing' → 'Testing' in the reader's language (a phase the app does not know: 'Xyz', as it is). */
export function phaseName(phase: string): string {
  const name = (PHASE_NAMES as Record<string, string | undefined>)[phase.toLowerCase()];
  return name ? t(name) : statusLabel(phase);
}

/** A status as the history stores it ('in progress', 'Pending'): its name, or the text as it is. */
export function storedStatusName(value: string): string {
  const status = (Object.keys(STATUS_NAMES) as TaskStatus[]).find(
    (name) => name.toLowerCase() === value.toLowerCase(),
  );
  return status ? statusName(status) : value;
}

export const pageTexts = {
  historyEmpty: k('No changes recorded yet.'),
  historyLoadFailed: k('Failed to load the task’s history'),
  restoreFailed: k('Could not restore'),
  noEstimates: k('This product does not use estimates.'),
} as const satisfies Partial<typeof taskPageMessages> & {
  restoreFailed: (typeof trashMessages)['restoreFailed'];
  noEstimates: (typeof estimateMessages)['none'];
};

/** syncMessages.pendingCount, in the reader's language. */
export const pendingCountText = (count: number) => t('{{count}} changes wait to be sent', { count });

/** relationMessages.blockedBy, in the reader's language. */
export const blockedByText = (keys: readonly string[]) =>
  keys.length > 0
    ? t('Blocked by {{keys}}', { keys: keys.join(', ') })
    : t('Blocked by a task in another product');
