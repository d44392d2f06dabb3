import {
  type CreateTask,
  CreateTaskSchema,
  type Task,
  TEMPLATE_SUBTASKS_MAX,
  TemplateSubtasksSchema,
} from '@shipyard/shared';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { tasks } from '../../db/schema/index.ts';
import type { SessionUser } from '../../lib/session.ts';
import type { AfterCommit } from '../../lib/write.ts';
import type { ApplyContext } from '../templates/index.ts';

// A task template's sub-tasks (issue 29, docs/decisions/039-templates.md): the templates module
// keeps their titles; this module creates them as children of the task made from the template, in
// its transaction, each through POST /tasks's checked create (its parent, depth and product checks,
// history entry, webhook and realtime change).

type CreateWithin = (tx: Db, after: AfterCommit, actor: SessionUser, body: CreateTask) => Promise<Task>;

export function subtasksPart(createWithin: CreateWithin) {
  return {
    schema: TemplateSubtasksSchema,
    /** The titles of the task's live sub-tasks, oldest first; none: nothing to keep. */
    capture: async (taskId: string, tx: Db) => {
      const rows = await tx
        .select({ title: tasks.title })
        .from(tasks)
        .where(eq(tasks.parentId, taskId))
        .orderBy(asc(tasks.number))
        .limit(TEMPLATE_SUBTASKS_MAX);
      return rows.length > 0 ? rows.map((r) => r.title) : undefined;
    },
    apply: async (taskId: string, titles: string[], { tx, after, actor, productId }: ApplyContext) => {
      for (const title of titles) {
        await createWithin(
          tx,
          after,
          actor,
          CreateTaskSchema.parse({ projectId: productId, title, parentId: taskId }),
        );
      }
    },
    // A duplicate is the task alone: its sub-tasks stay with the original.
    duplicates: false,
  };
}
