import type { TaskDueFilter, TaskGroup, TaskPreset, TaskPriority, TaskSort } from '@shipyard/shared';

/** Issue 28's filters, sort and grouping: the names of TaskQuerySchema, each optional. */
export type TaskQueryValues = {
  preset?: TaskPreset | undefined;
  /** 'me', 'none' or user ids. */
  assignee?: string[];
  /** Label names, across products. */
  label?: string[];
  priority?: TaskPriority[];
  /** A product's workflow states by id (issue 29): a filter, and a product board's column. */
  stateId?: string[];
  due?: TaskDueFilter | undefined;
  dueFrom?: string | undefined;
  dueTo?: string | undefined;
  /** 'me' or user ids. */
  createdBy?: string[];
  /** 'none' or team ids. */
  teamId?: string[];
  updatedSince?: string | undefined;
  sort?: TaskSort | undefined;
  order?: 'asc' | 'desc' | undefined;
  group?: TaskGroup | undefined;
  /** Custom field filters (issue 29), `<field id>:<op>[:<value>]`, each its own `field` param. */
  field?: string[];
  sortField?: string | undefined;
  groupField?: string | undefined;
};

/** The query values as URL params (a list as one comma list), in TaskQuerySchema's names. */
export function writeTaskQuery(params: URLSearchParams, values: TaskQueryValues) {
  // A field filter's value may hold commas: one param each.
  for (const filter of values.field ?? []) params.append('field', filter);
  for (const key of QUERY_KEYS) {
    const value = values[key];
    if (Array.isArray(value)) {
      if (value.length > 0) params.set(key, value.join(','));
    } else if (value) params.set(key, value);
  }
}

const QUERY_KEYS = [
  'preset',
  'assignee',
  'label',
  'priority',
  'stateId',
  'due',
  'dueFrom',
  'dueTo',
  'createdBy',
  'teamId',
  'updatedSince',
  'sort',
  'order',
  'group',
  'sortField',
  'groupField',
] as const satisfies ReadonlyArray<keyof TaskQueryValues>;
