import {
  TASK_DUE_FILTERS,
  TASK_PHASES,
  TASK_PRESETS,
  TASK_PRIORITIES,
  TASK_STATUSES,
  type TaskDueFilter,
  type TaskPhase,
  type TaskPreset,
  type TaskPriority,
  type TaskStatus,
} from '@shipyard/shared';
import { formatDate, statusLabel } from '../../../lib/format.ts';
import { k, t } from '../../../lib/i18n/index.ts';
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

// Issue 33: the names below are marked with k() and translated with t() where they are shown.

export const PRESET_LABELS: Record<TaskPreset | 'all', string> = {
  all: k('All tasks'),
  assigned: k('Assigned to me'),
  created: k('Created by me'),
  watching: k('Watching'),
  mentioning: k('Mentioning me'),
};
export const PRESETS = ['all', ...TASK_PRESETS] as const;

const DUE_LABELS: Record<TaskDueFilter, string> = {
  overdue: k('Overdue'),
  today: k('Due today'),
  week: k('Due this week'),
  none: k('No due date'),
};

const STATUS_NAMES: Record<TaskStatus, string> = {
  Pending: k('Pending'),
  'In Progress': k('In Progress'),
  Completed: k('Completed'),
};
const PRIORITY_NAMES: Record<TaskPriority, string> = {
  low: k('Low'),
  medium: k('Medium'),
  high: k('High'),
  critical: k('Critical'),
};
const PHASE_NAMES: Record<TaskPhase, string> = {
  planning: k('Planning'),
  development: k('Development'),
  testing: k('Testing'),
  production: k('Production'),
  maintenance: k('Maintenance'),
};

/** A stored value's name in the reader's language; one the app does not know, as it comes. */
const nameOf = (names: Record<string, string>, value: string, fallback: string) =>
  Object.hasOwn(names, value) ? t(names[value] ?? fallback) : fallback;

/** 'In Progress', translated. */
export const statusName = (status: string) => nameOf(STATUS_NAMES, status, status);
/** 'high' → 'High', translated. */
export const priorityName = (priority: string) =>
  nameOf(PRIORITY_NAMES, priority, priority.charAt(0).toUpperCase() + priority.slice(1));
/** 'development' → 'Development', translated. */
export const phaseName = (phase: string) => nameOf(PHASE_NAMES, phase, statusLabel(phase));

export const dueOptions = (): Option[] =>
  TASK_DUE_FILTERS.map((due) => ({ value: due, label: t(DUE_LABELS[due]) }));
export const statusOptions = (): Option[] =>
  TASK_STATUSES.map((status) => ({ value: status, label: statusName(status) }));
export const priorityOptions = (): Option[] =>
  TASK_PRIORITIES.map((p) => ({ value: p, label: priorityName(p) }));
export const phaseOptions = (): Option[] =>
  TASK_PHASES.map((phase) => ({ value: phase, label: phaseName(phase) }));

const personName = (names: FilterNames) => (id: string) =>
  id === 'me' ? t('Me') : id === 'none' ? t('No assignee') : names.person(id);

type FilterDef = {
  /** Marked with k(): shown as t(name). */
  name: string;
  isOn: (state: TasksSearchState) => boolean;
  /** The chip's value text. */
  summary: (state: TasksSearchState, names: FilterNames) => string;
  off: Partial<TasksSearchState>;
};

const list = (values: readonly string[], label: (v: string) => string) => values.map(label).join(', ');

export const FILTERS: Record<FilterKind, FilterDef> = {
  status: {
    name: k('Status'),
    isOn: (s) => s.status.length > 0,
    summary: (s) => list(s.status, statusName),
    off: { status: [] },
  },
  state: {
    name: k('State'),
    isOn: (s) => s.stateId.length > 0,
    summary: (s, names) => list(s.stateId, names.state),
    off: { stateId: [] },
  },
  assignee: {
    name: k('Assignee'),
    isOn: (s) => s.assignee.length > 0,
    summary: (s, names) => list(s.assignee, personName(names)),
    off: { assignee: [] },
  },
  priority: {
    name: k('Priority'),
    isOn: (s) => s.priority.length > 0,
    summary: (s) => list(s.priority, priorityName),
    off: { priority: [] },
  },
  label: {
    name: k('Labels'),
    isOn: (s) => s.label.length > 0 || Boolean(s.labelId),
    summary: (s) => (s.label.length > 0 ? s.label.join(', ') : t('A label of the product')),
    off: { label: [], labelId: undefined },
  },
  due: {
    name: k('Due'),
    isOn: (s) => Boolean(s.due || s.dueFrom || s.dueTo),
    summary: (s) =>
      [
        s.due ? t(DUE_LABELS[s.due]) : '',
        s.dueFrom || s.dueTo
          ? `${s.dueFrom ? formatDate(s.dueFrom) : '…'} – ${s.dueTo ? formatDate(s.dueTo) : '…'}`
          : '',
      ]
        .filter(Boolean)
        .join(', '),
    off: { due: undefined, dueFrom: undefined, dueTo: undefined },
  },
  product: {
    name: k('Product'),
    isOn: (s) => Boolean(s.productId),
    summary: (s, names) => (s.productId ? names.product(s.productId) : ''),
    off: { productId: undefined, labelId: undefined, stateId: [] },
  },
  team: {
    name: k('Team'),
    isOn: (s) => s.teamId.length > 0,
    summary: (s, names) => list(s.teamId, (id) => (id === 'none' ? t('No team') : names.team(id))),
    off: { teamId: [] },
  },
  createdBy: {
    name: k('Created by'),
    isOn: (s) => s.createdBy.length > 0,
    summary: (s, names) => list(s.createdBy, personName(names)),
    off: { createdBy: [] },
  },
  phase: {
    name: k('Phase'),
    isOn: (s) => Boolean(s.phase),
    summary: (s) => (s.phase ? phaseName(s.phase) : ''),
    off: { phase: undefined },
  },
  updated: {
    name: k('Updated since'),
    isOn: (s) => Boolean(s.updatedSince),
    summary: (s) => (s.updatedSince ? formatDate(s.updatedSince) : ''),
    off: { updatedSince: undefined },
  },
};

/** A value toggled in or out of a list filter. */
export const toggled = <T extends string>(values: readonly T[], value: T): T[] =>
  values.includes(value) ? values.filter((v) => v !== value) : [...values, value];
