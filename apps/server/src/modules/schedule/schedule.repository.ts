import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { taskRelations, tasks, teams, users, workflowStates } from '../../db/schema/index.ts';

// What a product's schedule reads (issue 31, decision 057): three queries whatever its size.

export function createScheduleRepository(db: Db) {
  return {
    /**
     * The product's live tasks with their assignee and team names (one query), dated ones first by
     * start (else due) day, then by number; at most `limit`.
     */
    tasksOf(productId: string, limit: number) {
      return db
        .select({
          id: tasks.id,
          key: tasks.key,
          title: tasks.title,
          status: tasks.status,
          stateId: tasks.stateId,
          estimate: tasks.estimate,
          startDate: tasks.startDate,
          dueDate: tasks.dueDate,
          assigneeId: tasks.assigneeId,
          assigneeName: users.name,
          teamId: tasks.teamId,
          teamName: teams.name,
        })
        .from(tasks)
        .leftJoin(users, eq(users.id, tasks.assigneeId))
        .leftJoin(teams, eq(teams.id, tasks.teamId))
        .where(eq(tasks.productId, productId))
        .orderBy(
          sql`coalesce(${tasks.startDate}, ${tasks.dueDate}) asc nulls last`,
          asc(tasks.number),
          asc(tasks.id),
        )
        .limit(limit);
    },

    /** The "blocks" relations between two live tasks of the product (one query), at most `limit`. */
    blocksOf(productId: string, limit: number, tx: Db = db) {
      const source = alias(tasks, 'source');
      const target = alias(tasks, 'target');
      return tx
        .select({ from: taskRelations.sourceId, to: taskRelations.targetId })
        .from(taskRelations)
        .innerJoin(source, eq(source.id, taskRelations.sourceId))
        .innerJoin(target, eq(target.id, taskRelations.targetId))
        .where(
          and(
            eq(taskRelations.kind, 'blocks'),
            eq(source.productId, productId),
            eq(target.productId, productId),
          ),
        )
        .orderBy(asc(taskRelations.createdAt), asc(taskRelations.id))
        .limit(limit);
    },

    statesOf(productId: string) {
      return db
        .select({
          id: workflowStates.id,
          name: workflowStates.name,
          color: workflowStates.color,
          category: workflowStates.category,
        })
        .from(workflowStates)
        .where(eq(workflowStates.productId, productId))
        .orderBy(asc(workflowStates.position), asc(workflowStates.id));
    },

    /** The dates and status of these tasks (those a move shifts), in one query. */
    datesOf(ids: string[], tx: Db) {
      if (ids.length === 0) return Promise.resolve([]);
      return tx
        .select({ id: tasks.id, status: tasks.status, startDate: tasks.startDate, dueDate: tasks.dueDate })
        .from(tasks)
        .where(inArray(tasks.id, ids));
    },
  };
}

export type ScheduleRepository = ReturnType<typeof createScheduleRepository>;
