import type { Field, Task, TaskGroup, TaskGroupCount } from '@shipyard/shared';
import { addDays, format } from 'date-fns';
import { k, t } from '../../../lib/i18n/index.ts';
import { priorityName, statusName } from './task-filter-model.ts';

// A grouped task list (issue 28): the server orders the rows by group, then by the sort, and
// counts each group on the first page; the list and the board's swimlanes find each task's group
// from its own fields, and take each group's count from the server when it has one.

export type GroupHeader = {
  key: string;
  label: string;
  total: number;
  /** Its tasks' estimates summed (issue 29), when the server counted the group. */
  estimateSum?: number | undefined;
  collapsed: boolean;
};

/** A row of a list: a group's header or a task. */
export type TaskListItem = { kind: 'group'; group: GroupHeader } | { kind: 'task'; task: Task };

// Issue 33: the names below are marked with k() and translated with t() where a group is named.

const DUE_GROUPS = {
  overdue: k('Overdue'),
  today: k('Due today'),
  week: k('Due this week'),
  later: k('Due later'),
  none: k('No due date'),
} as const;

/** The server's names of its due groups (its counts' labels), by key. */
const COUNTED_DUE_GROUPS: Record<string, string> = {
  overdue: k('Overdue'),
  today: k('Today'),
  week: k('This week'),
  later: k('Later'),
  earlier: k('Earlier'),
  none: k('No due date'),
};

/** The name of the group of tasks without an assignee, a team or a label. */
const NONE_GROUPS: Partial<Record<TaskGroup, string>> = {
  assignee: k('No assignee'),
  team: k('No team'),
  label: k('No label'),
};

/** The due bucket of a task on the caller's `today` (YYYY-MM-DD); a completed task is never overdue. */
function dueBucket(task: Pick<Task, 'dueDate' | 'status'>, today: string): keyof typeof DUE_GROUPS {
  const due = task.dueDate?.slice(0, 10);
  if (!due) return 'none';
  if (due < today) return task.status === 'Completed' ? 'later' : 'overdue';
  if (due === today) return 'today';
  const weekEnd = format(addDays(new Date(`${today}T00:00:00`), 7), 'yyyy-MM-dd');
  return due <= weekEnd ? 'week' : 'later';
}

/** Which group a task falls in, by its own fields: its key ('none' for no value) and name. */
function taskGroupOf(
  task: Task,
  group: TaskGroup,
  today: string,
  groupField?: string,
): { key: string; label: string } {
  switch (group) {
    case 'status':
      return { key: task.status, label: statusName(task.status) };
    case 'state':
      // The state's name comes with the server's counts (issue 29); the status until they do.
      return { key: task.stateId ?? 'none', label: statusName(task.status) };
    case 'priority':
      return { key: task.priority, label: priorityName(task.priority) };
    case 'assignee':
      return task.assignee
        ? { key: task.assignee.id, label: task.assignee.name }
        : { key: 'none', label: t('No assignee') };
    case 'product':
      return { key: task.projectId, label: task.project.name };
    case 'team':
      return task.teamId
        ? { key: task.teamId, label: task.team?.name ?? t('A team') }
        : { key: 'none', label: t('No team') };
    case 'label': {
      const first = [...task.labels].sort((a, b) => a.name.localeCompare(b.name))[0];
      return first
        ? { key: first.name.toLowerCase(), label: first.name }
        : { key: 'none', label: t('No label') };
    }
    case 'due': {
      const bucket = dueBucket(task, today);
      return { key: bucket, label: t(DUE_GROUPS[bucket]) };
    }
    case 'field': {
      // A custom field's group (issue 29): its option (a multi select's first), person or ticked
      // box, keyed as the server's counts are, which name them ('No <field>' for no value).
      const value = groupField ? task.fields[groupField] : undefined;
      const key = Array.isArray(value) ? value[0] : value === true ? 'true' : value;
      return typeof key === 'string'
        ? { key, label: t('Custom field') }
        : { key: 'none', label: t('No value') };
    }
  }
}

/** A custom field group's name, as the server's counts name it (issue 29): option, person, 'No <field>'. */
export function fieldGroupLabel(field: Field, key: string, person: (id: string) => string | undefined) {
  if (key === 'none') return t('No {{field}}', { field: field.name });
  if (field.type === 'checkbox') return field.name;
  if (field.type === 'person') return person(key) ?? t('A person');
  return field.options.find((o) => o.id === key)?.name ?? t('An option');
}

/**
 * A group's name from the server's counts, in the reader's language where the server derives it
 * (a status, a priority, a due group, 'No …'); a name from data (a person, a team, a state) as it is.
 */
function countedLabel(group: TaskGroup, key: string, label: string): string {
  if (group === 'status' || (group === 'state' && key === 'none')) return statusName(label);
  if (group === 'priority') return priorityName(key);
  if (group === 'due') return COUNTED_DUE_GROUPS[key] ? t(COUNTED_DUE_GROUPS[key]) : label;
  if (key !== 'none') return label;
  const none = NONE_GROUPS[group];
  if (none) return t(none);
  // A custom field's: 'No <field>'.
  return group === 'field' && label.startsWith('No ') ? t('No {{field}}', { field: label.slice(3) }) : label;
}

const sameKey = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * The rows of a grouped list: each group's header (its name and count, from the server's counts
 * when it gave one, else the tasks loaded) followed by its tasks, unless it is collapsed. Groups
 * come in the order their first task does (the server's).
 */
export function groupedItems(
  tasks: readonly Task[],
  group: TaskGroup,
  counts: readonly TaskGroupCount[] | undefined,
  collapsed: ReadonlySet<string>,
  today: string,
  groupField?: string,
): TaskListItem[] {
  const groups = new Map<string, { label: string; tasks: Task[] }>();
  for (const task of tasks) {
    const { key, label } = taskGroupOf(task, group, today, groupField);
    const entry = groups.get(key) ?? { label, tasks: [] };
    entry.tasks.push(task);
    groups.set(key, entry);
  }
  const items: TaskListItem[] = [];
  for (const [key, entry] of groups) {
    const counted = counts?.find((c) => sameKey(c.key, key));
    const header: GroupHeader = {
      key,
      label: counted?.label ? countedLabel(group, key, counted.label) : entry.label,
      total: counted?.total ?? entry.tasks.length,
      estimateSum: counted?.estimateSum,
      collapsed: collapsed.has(key),
    };
    items.push({ kind: 'group', group: header });
    if (!header.collapsed) for (const task of entry.tasks) items.push({ kind: 'task', task });
  }
  return items;
}

/** The board's swimlanes (issue 28): each group's cards, in the order its first card comes. */
export function swimlanesOf(tasks: readonly Task[], group: TaskGroup, today: string, groupField?: string) {
  const lanes = new Map<string, { key: string; label: string; tasks: Task[] }>();
  for (const task of tasks) {
    const { key, label } = taskGroupOf(task, group, today, groupField);
    const lane = lanes.get(key) ?? { key, label, tasks: [] };
    lane.tasks.push(task);
    lanes.set(key, lane);
  }
  return [...lanes.values()];
}
