import type { TaskFieldValues, TaskPhase, TaskPriority, TaskStatus } from '@shipyard/shared';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type TaskRow, taskRelations, tasks as taskTable } from '../../db/schema/index.ts';
import type { Change } from '../../lib/realtime/changes.ts';
import type { SessionUser } from '../../lib/session.ts';
import type { ActivityRecorder } from '../activities/index.ts';
import type { WebhookOutbox } from '../services/index.ts';
import { touchTask } from './tasks.access.ts';
import { eventRelationsOf, relationsChangedEvents } from './tasks.event-relations.ts';
import { checkParent } from './tasks.hierarchy.ts';
import type { TasksRepository } from './tasks.repository.ts';
import { completedAtFor, creationWrites, taskEvent } from './tasks.rules.ts';
import type { TaskWatching } from './tasks.watchers.ts';

/** A task as an import stores it; references already resolved and checked against the product. */
export type ImportedTask = {
  title: string;
  description: string;
  status: TaskStatus;
  priority: TaskPriority;
  phase: TaskPhase | null;
  teamId: string | null;
  assigneeId: string | null;
  dueDate: string | null;
  /** Custom field values (issue 29), already checked against the product's fields. */
  fields?: TaskFieldValues;
};

/** A task an import links to: a row of the import (its index among the drafts) or a task of the product. */
export type TaskRef = { row: number } | { id: string };

/** The parents and relations of an import's tasks (issue 29), resolved by the caller. */
export type ImportLinks = {
  parents: Array<{ row: number; parent: TaskRef }>;
  relations: Array<{ kind: 'blocks' | 'relates' | 'duplicates'; source: TaskRef; target: TaskRef }>;
};

/**
 * Hierarchy's rule that "duplicate of" closes the duplicate (decision 038), which an import's
 * relations follow too (decision 048): each duplicate Completed unless it was, with its history
 * entry, in `tx`. Answers the tasks it closed. The hierarchy module provides it at boot.
 */
export type DuplicateCloser = (
  tx: Db,
  actorId: string,
  pairs: Array<{ duplicateId: string; originalId: string }>,
) => Promise<Array<Pick<TaskRow, 'id' | 'status'>>>;

/**
 * Every browser showing the product reads a created task once (GET /tasks/{id}) to put it in its
 * lists. Past this many, an import publishes one change instead: an 'updated' task no list has
 * loaded, which makes each browser refetch the product's task lists once
 * (apps/web/src/app/realtime/apply-change.ts, syncCachedTask).
 */
const LIVE_TASKS_ONE_BY_ONE = 20;

type Deps = {
  tasks: TasksRepository;
  activities: ActivityRecorder;
  outbox: WebhookOutbox;
  watching: TaskWatching;
  closeDuplicates: DuplicateCloser;
};

/**
 * The tasks module's entry point for imports (issue 20): what a task's creation writes
 * (tasks.rules.ts `creationWrites`, as on POST /tasks), for many tasks at once, in the caller's
 * transaction; no TASK_ASSIGNED notification (an import of 500 tasks must not send 500 of them:
 * decision 021).
 * The caller checks the caller's right and the references first.
 */
export function createTaskImporter({ tasks, activities, outbox, watching, closeDuplicates }: Deps) {
  return {
    /** The product's teams and the people its tasks may be assigned to (read in `tx`). */
    references: (productId: string, tx: Db) => tasks.options(productId, tx),

    /** The product's live tasks with these keys, each with its depth (1: no parent), in one query. */
    async keyed(tx: Db, productId: string, keys: readonly string[]) {
      if (keys.length === 0) return [];
      const { rows } = await tx.execute<{ id: string; key: string; depth: number }>(sql`
        with recursive up(id, key, parent_id, n) as (
          select id, key, parent_id, 1 from ${taskTable}
            where ${and(eq(taskTable.productId, productId), isNull(taskTable.deletedAt), inArray(taskTable.key, [...keys]))}
          union all
          select up.id, up.key, t.parent_id, up.n + 1 from ${taskTable} t join up on t.id = up.parent_id
            where up.n < 10
        ) select id, key, max(n)::int as depth from up group by id, key`);
      return rows;
    },

    async insertMany(
      tx: Db,
      actor: SessionUser,
      productId: string,
      drafts: ImportedTask[],
      source: 'csv' | 'trello' | 'template',
      links: ImportLinks = { parents: [], relations: [] },
    ): Promise<{ rows: TaskRow[]; changes: Change[] }> {
      // The lists show newest first: the file's first task gets the latest time, so the board
      // lists them in the file's order.
      const start = Date.now();
      const rows: TaskRow[] = [];
      for (let i = 0; i < drafts.length; i += 500) {
        const chunk = drafts.slice(i, i + 500).map((d, j) => ({
          productId,
          ...d,
          completedAt: completedAtFor(d.status),
          createdBy: actor.id,
          createdAt: new Date(start - (i + j)),
        }));
        rows.push(...(await tasks.insertMany(chunk, tx)));
      }
      const { duplicates, others } = await link(tx, actor.id, productId, rows, links);
      // What a created task writes beside it (tasks.rules.ts), for all of them at once: its entry
      // says how it was created; its webhook says what it is at commit, with its relations and a
      // duplicate closed (decision 048).
      const { entries, watchers } = creationWrites(actor.id, rows, source);
      await activities.insertMany(entries, tx);
      const closed = new Map((await closeDuplicates(tx, actor.id, duplicates)).map((t) => [t.id, t.status]));
      const relations = await eventRelationsOf(tx, links.relations.length > 0 ? rows.map((r) => r.id) : []);
      const events = rows.map((row) =>
        taskEvent('task.created', {
          ...row,
          status: closed.get(row.id) ?? row.status,
          relations: relations.get(row.id) ?? [],
        }),
      );
      // The product's tasks the file relates to changed too, as after POST /tasks/{id}/relations.
      await outbox.enqueueMany(tx, [...events, ...(await relationsChangedEvents(tx, others))]);
      const touched: Change[] = [];
      for (const id of others) touched.push(await touchTask(tx, id));
      await watching.watchNew(
        tx,
        watchers.flatMap(({ task, userIds }) => userIds.map((userId) => ({ taskId: task.id, userId }))),
      );
      const last = rows.at(-1);
      const changes: Change[] =
        rows.length <= LIVE_TASKS_ONE_BY_ONE || !last
          ? rows.map((row) => ({ kind: 'task', op: 'created', id: row.id, productId: row.productId }))
          : [{ kind: 'task', op: 'updated', id: last.id, productId: last.productId }];
      return { rows, changes: [...changes, ...touched] };
    },
  };
}

/**
 * The imported tasks' parents, each through the checked path of any edit (`checkParent`: same
 * product, no cycle, SUBTASK_DEPTH_MAX deep), and their relations (a pair stored once). Answers
 * the "duplicate of" pairs stored and the product's existing tasks that gained a relation.
 */
async function link(tx: Db, actorId: string, productId: string, rows: TaskRow[], links: ImportLinks) {
  const idOf = (ref: TaskRef) => ('row' in ref ? rows[ref.row]?.id : ref.id);
  for (const { row, parent } of links.parents) {
    const task = rows[row];
    const parentId = idOf(parent);
    if (!task || !parentId) continue;
    await checkParent(tx, productId, parentId, task.id);
    await tx.update(taskTable).set({ parentId }).where(eq(taskTable.id, task.id));
    task.parentId = parentId;
  }
  const values = links.relations.flatMap(({ kind, source, target }) => {
    const sourceId = idOf(source);
    const targetId = idOf(target);
    return sourceId && targetId ? [{ kind, sourceId, targetId, createdBy: actorId }] : [];
  });
  const stored =
    values.length > 0 ? await tx.insert(taskRelations).values(values).onConflictDoNothing().returning() : [];
  const imported = new Set(rows.map((r) => r.id));
  return {
    duplicates: stored
      .filter((r) => r.kind === 'duplicates')
      .map((r) => ({ duplicateId: r.sourceId, originalId: r.targetId })),
    others: [...new Set(stored.flatMap((r) => [r.sourceId, r.targetId]).filter((id) => !imported.has(id)))],
  };
}

export type TaskImporter = ReturnType<typeof createTaskImporter>;
