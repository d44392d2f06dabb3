import {
  TASK_DUE_FILTERS,
  TASK_PHASES,
  TASK_PRESETS,
  TASK_PRIORITIES,
  TASK_STATUSES,
  type TaskDueFilter,
  type TaskPreset,
} from '@shipyard/shared';
import { formatDate, statusLabel } from '../../../lib/format.ts';
import type { TasksSearchState } from './task-search-params.ts';

// The filters of the tasks page as chips (issue 28): each filter's name, whether it is on, how its
// chip reads and what removes it. The "Filter" menu lists those that are off; a chip edits or
// removes its own. One entry here per filter of TaskQuerySchema (the text search has its box).

export const FILTER_KINDS = [
  'status',
  'state',
  'assignee',
  'priority',
  'label',
  'due',
  'product',
  'team',
  'createdBy',
  'phase',
  'updated',
] as const;
export type FilterKind = (typeof FILTER_KINDS)[number];

export type Option = { value: string; label: string };

/** What the chips' texts read people, teams and products by (ids the page knows the names of). */
export type FilterNames = {
  person: (id: string) => string;
  team: (id: string) => string;
  product: (id: string) => string;
  /** A workflow state of the chosen product (issue 29). */
  state: (id: string) => string;
};

export const PRESET_LABELS: Record<TaskPreset | 'all', string> = {
  all: 'All tasks',
  assigned: 'Assigned to me',
  created: 'Created by me',
  watching: 'Watching',
  mentioning: 'Mentioning me',
};
export const PRESETS = ['all', ...TASK_PRESETS] as const;

const DUE_LABELS: Record<TaskDueFilter, string> = {
  overdue: 'Overdue',
  today: 'Due today',
  week: 'Due this week',
  none: 'No due date',
};
export const DUE_OPTIONS: Option[] = TASK_DUE_FILTERS.map((due) => ({ value: due, label: DUE_LABELS[due] }));

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
export const STATUS_OPTIONS: Option[] = TASK_STATUSES.map((status) => ({ value: status, label: status }));
export const PRIORITY_OPTIONS: Option[] = TASK_PRIORITIES.map((p) => ({ value: p, label: capitalised(p) }));
export const PHASE_OPTIONS: Option[] = TASK_PHASES.map((phase) => ({
  value: phase,
  label: statusLabel(phase),
}));

const personName = (names: FilterNames) => (id: string) =>
  id === 'me' ? 'Me' : id === 'none' ? 'No assignee' : names.person(id);

type FilterDef = {
  name: string;
  isOn: (state: TasksSearchState) => boolean;
  /** The chip's value text. */
  summary: (state: TasksSearchState, names: FilterNames) => string;
  off: Partial<TasksSearchState>;
};

const list = (values: readonly string[], label: (v: string) => string) => values.map(label).join(', ');

export const FILTERS: Record<FilterKind, FilterDef> = {
  status: {
    name: 'Status',
    isOn: (s) => s.status.length > 0,
    summary: (s) => s.status.join(', '),
    off: { status: [] },
  },
  state: {
    name: 'State',
    isOn: (s) => s.stateId.length > 0,
    summary: (s, names) => list(s.stateId, names.state),
    off: { stateId: [] },
  },
  assignee: {
    name: 'Assignee',
    isOn: (s) => s.assignee.length > 0,
    summary: (s, names) => list(s.assignee, personName(names)),
    off: { assignee: [] },
  },
  priority: {
    name: 'Priority',
    isOn: (s) => s.priority.length > 0,
    summary: (s) => list(s.priority, capitalised),
    off: { priority: [] },
  },
  label: {
    name: 'Labels',
    isOn: (s) => s.label.length > 0 || Boolean(s.labelId),
    summary: (s) => (s.label.length > 0 ? s.label.join(', ') : 'A label of the product'),
    off: { label: [], labelId: undefined },
  },
  due: {
    name: 'Due',
    isOn: (s) => Boolean(s.due || s.dueFrom || s.dueTo),
    summary: (s) =>
      [
        s.due ? DUE_LABELS[s.due] : '',
        s.dueFrom || s.dueTo
          ? `${s.dueFrom ? formatDate(s.dueFrom) : '…'} – ${s.dueTo ? formatDate(s.dueTo) : '…'}`
          : '',
      ]
        .filter(Boolean)
        .join(', '),
    off: { due: undefined, dueFrom: undefined, dueTo: undefined },
  },
  product: {
    name: 'Product',
    isOn: (s) => Boolean(s.productId),
    summary: (s, names) => (s.productId ? names.product(s.productId) : ''),
    off: { productId: undefined, labelId: undefined, stateId: [] },
  },
  team: {
    name: 'Team',
    isOn: (s) => s.teamId.length > 0,
    summary: (s, names) => list(s.teamId, (id) => (id === 'none' ? 'No team' : names.team(id))),
    off: { teamId: [] },
  },
  createdBy: {
    name: 'Created by',
    isOn: (s) => s.createdBy.length > 0,
    summary: (s, names) => list(s.createdBy, personName(names)),
    off: { createdBy: [] },
  },
  phase: {
    name: 'Phase',
    isOn: (s) => Boolean(s.phase),
    summary: (s) => (s.phase ? statusLabel(s.phase) : ''),
    off: { phase: undefined },
  },
  updated: {
    name: 'Updated since',
    isOn: (s) => Boolean(s.updatedSince),
    summary: (s) => (s.updatedSince ? formatDate(s.updatedSince) : ''),
    off: { updatedSince: undefined },
  },
};

/** A value toggled in or out of a list filter. */
export const toggled = <T extends string>(values: readonly T[], value: T): T[] =>
  values.includes(value) ? values.filter((v) => v !== value) : [...values, value];
