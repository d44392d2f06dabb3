import { bigint, pgSequence, pgTable, uuid } from 'drizzle-orm/pg-core';

/**
 * Bumped (nextval) by a statement trigger after every write to the tables analytics and the
 * reports read: tasks, activities, products, teams, team_members, users (the triggers are
 * hand-written at the end of their migration). Its value tells a cached figure whether any of
 * those tables may have changed since (lib/fresh-cache.ts, docs/decisions/018-analytics-speed.md).
 */
export const analyticsVersion = pgSequence('analytics_version', { cache: 1 });

/**
 * What a task list's counts per product were computed at (docs/decisions/041-task-list-tallies.md):
 * a product's row takes a new value of task_list_version when a transaction that wrote its tasks,
 * their labels, or the product's labels, fields, teams, states or name commits (deferred triggers,
 * hand-written at the end of migration 0034). The nil product's row moves when a user's name does
 * (the names of assignee and person groups). A count computed with a product's value is current
 * while the row still holds it: values are never reused, and the row changes in the writer's commit.
 */
export const taskListVersion = pgSequence('task_list_version', { cache: 1 });
export const taskListVersions = pgTable('task_list_versions', {
  productId: uuid().primaryKey(),
  version: bigint({ mode: 'number' }).notNull(),
  /**
   * Moves with `version` except when a transaction only moved tasks: changed nothing of them but
   * their status, workflow state, completion time, rank and updated_at (migration 0045). Counts
   * that read none of those columns are computed with it, and a move leaves them current.
   */
  steadyVersion: bigint({ mode: 'number' }).notNull().default(0),
});
