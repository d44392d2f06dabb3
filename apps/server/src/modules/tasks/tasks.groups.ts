import type { TaskGroup } from '@shipyard/shared';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { labels, products, taskLabels, tasks, teams, users, workflowStates } from '../../db/schema/index.ts';
import { type OrderItem, type OrderType, priorityRank } from './tasks.query.ts';

// A list's grouping (issue 28, docs/decisions/030-task-query.md): the ORDER BY items that come
// before the sort's ("none" last), the key and label of each group, and the joins they read. Names
// come by a join over the filtered rows, not a subquery per row (a member's grouped 12,500 tasks
// took 150–600 ms that way), and sort byte-wise ("C") on their lower case: a group's place is
// alphabetical for names in Latin letters, and sorting 12,500 rows by a locale's rules cost more
// than the rest of the page.

/**
 * A grouping: its joins, its ORDER BY items (the "none" group last), its key and its label; `only`:
 * the tasks of one group as a condition on `tasks` alone (no join), so that a first page within one
 * group walks the sort's index (docs/decisions/041-task-list-tallies.md).
 */
export type Grouping = { joins: SQL; items: OrderItem[]; key: SQL; label: SQL; only?: (key: string) => SQL };

const asc = (expr: SQL, type: OrderType): OrderItem => ({ expr, dir: 'asc', type });
const NO_ID = sql`'00000000-0000-0000-0000-000000000000'::uuid`;
const groupRef = sql.raw('group_ref');

/** Groups of a reference by the referenced name, then id (two of one name stay apart); none last. */
function byName(
  column: typeof tasks.assigneeId | typeof tasks.teamId,
  table: typeof users | typeof teams,
  none: string,
): Grouping {
  return {
    joins: sql`left join ${table} as ${groupRef} on ${groupRef}.id = ${column}`,
    items: [
      asc(sql`(${column} is null)`, 'boolean'),
      asc(sql`coalesce(lower(${groupRef}.name), '') collate "C"`, 'text'),
      asc(sql`coalesce(${column}, ${NO_ID})`, 'uuid'),
    ],
    key: sql`coalesce(${column}::text, 'none')`,
    label: sql`coalesce(${groupRef}.name, ${none})`,
    only: (key) => idIs(column, key),
  };
}

/** A nullable reference is the group's id, or none. */
const idIs = (column: AnyColumn, key: string) =>
  key === 'none' ? sql`${column} is null` : sql`${column} = ${key}::uuid`;

/** Due buckets in their order; completed tasks due before today are "earlier", not overdue. */
const dueBucket = (today: string) => sql`(case
  when ${tasks.dueDate} is null then 5
  when ${tasks.dueDate} < ${today}::date and ${tasks.status} <> 'Completed' then 0
  when ${tasks.dueDate} < ${today}::date then 4
  when ${tasks.dueDate} = ${today}::date then 1
  when ${tasks.dueDate} <= ${today}::date + 7 then 2
  else 3 end)`;
/**
 * The tasks of one due bucket, as the plain ranges `dueBucket` tells apart: the planner estimates
 * these from the column's statistics (an opaque CASE = n it takes for 0.5 % of rows, and then
 * sorted every pending task to keep 51 overdue ones rather than walk the date index).
 */
function dueBucketIs(key: string, today: string): SQL {
  const due = tasks.dueDate;
  switch (key) {
    case 'overdue':
      return sql`${due} < ${today}::date and ${tasks.status} <> 'Completed'`;
    case 'today':
      return sql`${due} = ${today}::date`;
    case 'week':
      return sql`${due} > ${today}::date and ${due} <= ${today}::date + 7`;
    case 'later':
      return sql`${due} > ${today}::date + 7`;
    case 'earlier':
      return sql`${due} < ${today}::date and ${tasks.status} = 'Completed'`;
    default:
      return sql`${due} is null`;
  }
}
const DUE_BUCKETS = [
  ['overdue', 'Overdue'],
  ['today', 'Today'],
  ['week', 'This week'],
  ['later', 'Later'],
  ['earlier', 'Earlier'],
  ['none', 'No due date'],
] as const;
const caseOf = (expr: SQL, values: readonly string[]) =>
  sql`(case ${expr} ${sql.join(
    values.map((value, i) => sql`when ${sql.raw(String(i))} then ${value}`),
    sql` `,
  )} end)`;

const none = sql``;

/**
 * `labelScope`: a condition on `labels` that keeps the labels of the products listed (the
 * product's, or those the viewer sees), so a label grouping reads no other product's.
 */
export function grouping(group: TaskGroup, today: string, labelScope?: SQL): Grouping {
  switch (group) {
    case 'status':
      return {
        joins: none,
        items: [
          asc(sql`(case ${tasks.status} when 'Pending' then 0 when 'In Progress' then 1 else 2 end)`, 'int'),
        ],
        key: sql`${tasks.status}`,
        label: sql`${tasks.status}`,
        only: (key) => sql`${tasks.status} = ${key}`,
      };
    case 'state':
      // A product's workflow states (issue 29) in board order: by category, then position.
      return {
        joins: sql`left join ${workflowStates} as ${groupRef} on ${groupRef}.id = ${tasks.stateId}`,
        items: [
          asc(sql`(case ${tasks.status} when 'Pending' then 0 when 'In Progress' then 1 else 2 end)`, 'int'),
          asc(sql`coalesce(${groupRef}.position, 0)`, 'int'),
          asc(sql`coalesce(${tasks.stateId}, ${NO_ID})`, 'uuid'),
        ],
        key: sql`coalesce(${tasks.stateId}::text, 'none')`,
        label: sql`coalesce(${groupRef}.name, ${tasks.status})`,
        only: (key) => idIs(tasks.stateId, key),
      };
    case 'priority':
      return {
        joins: none,
        items: [asc(sql`(5 - ${priorityRank})`, 'int')],
        key: sql`${tasks.priority}`,
        label: sql`initcap(${tasks.priority})`,
        only: (key) => sql`${tasks.priority} = ${key}`,
      };
    case 'assignee':
      return byName(tasks.assigneeId, users, 'No assignee');
    case 'team':
      return byName(tasks.teamId, teams, 'No team');
    case 'product':
      return {
        joins: sql`join ${products} as ${groupRef} on ${groupRef}.id = ${tasks.productId}`,
        items: [asc(sql`lower(${groupRef}.name) collate "C"`, 'text'), asc(sql`${tasks.productId}`, 'uuid')],
        key: sql`${tasks.productId}::text`,
        label: sql`${groupRef}.name`,
        only: (key) => sql`${tasks.productId} = ${key}::uuid`,
      };
    case 'label': {
      // The first of the task's labels by name: a task with several is listed under this one. The
      // labels of the products listed are picked once per task (one sort, DISTINCT ON: a sorted
      // array_agg per task was a quarter slower), then joined (a subquery per task took 150 ms for
      // a member's 12,500).
      const first = sql.raw('group_label');
      return {
        joins: sql`left join (select distinct on (${taskLabels.taskId}) ${taskLabels.taskId} as task_id, ${labels.name} as name
          from ${taskLabels} join ${labels} on ${labels.id} = ${taskLabels.labelId}
          where ${labelScope ?? sql`true`}
          order by ${taskLabels.taskId}, lower(${labels.name}) collate "C", ${labels.name} collate "C") as ${first}
          on ${first}.task_id = ${tasks.id}`,
        items: [
          asc(sql`(${first}.name is null)`, 'boolean'),
          asc(sql`coalesce(lower(${first}.name), '') collate "C"`, 'text'),
        ],
        key: sql`coalesce(lower(${first}.name), 'none')`,
        label: sql`coalesce(${first}.name, 'No label')`,
        // The first label by name is the group's: one of that name, none before it.
        only: (key) => {
          const named = (cond: SQL) => sql`exists (select 1 from ${taskLabels} join ${labels}
            on ${labels.id} = ${taskLabels.labelId} where ${taskLabels.taskId} = ${tasks.id}
            and ${labelScope ?? sql`true`} and ${cond})`;
          if (key === 'none') return sql`not ${named(sql`true`)}`;
          return sql`${named(sql`lower(${labels.name}) = ${key}`)}
            and not ${named(sql`lower(${labels.name}) collate "C" < ${key} collate "C"`)}`;
        },
      };
    }
    default: {
      const bucket = dueBucket(today);
      return {
        joins: none,
        items: [asc(bucket, 'int')],
        key: caseOf(
          bucket,
          DUE_BUCKETS.map(([key]) => key),
        ),
        label: caseOf(
          bucket,
          DUE_BUCKETS.map(([, label]) => label),
        ),
        only: (key) => dueBucketIs(key, today),
      };
    }
  }
}
