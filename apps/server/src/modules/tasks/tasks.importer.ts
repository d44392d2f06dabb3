import type { TaskPhase, TaskPriority, TaskStatus } from '@shipyard/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { TaskRow } from '../../db/schema/index.ts';
import type { Change } from '../../lib/realtime/changes.ts';
import type { SessionUser } from '../../lib/session.ts';
import type { ActivityRecorder } from '../activities/index.ts';
import type { WebhookOutbox } from '../services/index.ts';
import type { TasksRepository } from './tasks.repository.ts';
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
};

/**
 * Every browser showing the product reads a created task once (GET /tasks/{id}) to put it in its
 * lists. Past this many, an import publishes one change instead: an 'updated' task no list has
 * loaded, which makes each browser refetch the product's task lists once
 * (apps/web/src/app/realtime/apply-change.ts, syncCachedTask).
 */
export const LIVE_TASKS_ONE_BY_ONE = 20;

type Deps = {
  tasks: TasksRepository;
  activities: ActivityRecorder;
  outbox: WebhookOutbox;
  watching: TaskWatching;
};

/**
 * The tasks module's entry point for imports (issue 20): what a task's creation does, for many
 * tasks at once, in the caller's transaction. Each task gets its `task_created` entry, its
 * `task.created` webhook event and its creator and assignee as watchers, as on POST /tasks; no
 * TASK_ASSIGNED notification (an import of 500 tasks must not send 500 of them: decision 021).
 * The caller checks the caller's right and the references first.
 */
export function createTaskImporter({ tasks, activities, outbox, watching }: Deps) {
  return {
    /** The product's teams and the people its tasks may be assigned to (read in `tx`). */
    references: (productId: string, tx: Db) => tasks.options(productId, tx),

    async insertMany(
      tx: Db,
      actor: SessionUser,
      productId: string,
      drafts: ImportedTask[],
      source: 'csv' | 'trello',
    ): Promise<{ rows: TaskRow[]; changes: Change[] }> {
      // The lists show newest first: the file's first task gets the latest time, so the board
      // lists them in the file's order.
      const start = Date.now();
      const rows: TaskRow[] = [];
      for (let i = 0; i < drafts.length; i += 500) {
        const chunk = drafts.slice(i, i + 500).map((d, j) => ({
          productId,
          ...d,
          completedAt: d.status === 'Completed' ? sql`now()` : null,
          createdBy: actor.id,
          createdAt: new Date(start - (i + j)),
        }));
        rows.push(...(await tasks.insertMany(chunk, tx)));
      }
      await activities.insertMany(
        rows.map((row) => ({
          actionType: 'task_created',
          description: `Created task "${row.title}"`,
          metadata: { priority: row.priority, status: row.status, taskId: row.id, importedFrom: source },
          productId: row.productId,
          taskId: row.id,
          performedBy: actor.id,
        })),
        tx,
      );
      await outbox.enqueueMany(
        tx,
        rows.map((row) => ({
          event: 'task.created',
          productIds: [row.productId],
          data: { taskId: row.id, productId: row.productId, title: row.title, status: row.status },
        })),
      );
      await watching.watchNew(
        tx,
        rows.flatMap((row) => [
          { taskId: row.id, userId: actor.id },
          ...(row.assigneeId && row.assigneeId !== actor.id
            ? [{ taskId: row.id, userId: row.assigneeId }]
            : []),
        ]),
      );
      const last = rows.at(-1);
      const changes: Change[] =
        rows.length <= LIVE_TASKS_ONE_BY_ONE || !last
          ? rows.map((row) => ({ kind: 'task', op: 'created', id: row.id, productId: row.productId }))
          : [{ kind: 'task', op: 'updated', id: last.id, productId: last.productId }];
      return { rows, changes };
    },
  };
}

export type TaskImporter = ReturnType<typeof createTaskImporter>;
