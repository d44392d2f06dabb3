import { relationMessages } from '@shipyard/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { tasks } from '../../db/schema/index.ts';
import type { ActivityRecorder } from '../activities/index.ts';
import type { DuplicateCloser } from '../tasks/index.ts';

// "Duplicate of" closes the duplicate (issue 29, docs/decisions/038-hierarchy-relations-estimates.md),
// however the relation was made: POST /tasks/{id}/relations or a CSV import (decision 048).

export type TaskNames = { id: string; key: string; title: string; productId: string };

/** The duplicate, Completed (unless it was), with an entry naming what it duplicates; answers it closed. */
export async function closeDuplicate(
  tx: Db,
  activities: ActivityRecorder,
  actorId: string,
  duplicate: TaskNames,
  original: TaskNames,
) {
  const [closed] = await tx
    .update(tasks)
    .set({ status: 'Completed', completedAt: sql`now()`, rank: '', updatedAt: sql`now()` })
    .where(and(eq(tasks.id, duplicate.id), sql`${tasks.status} <> 'Completed'`))
    .returning({ id: tasks.id, status: tasks.status });
  if (!closed) return undefined;
  await activities.insert(
    {
      actionType: 'task_completed',
      description: `${relationMessages.duplicateClosed(original.key)}: "${duplicate.title}"`,
      metadata: {
        taskId: duplicate.id,
        newStatus: 'Completed',
        duplicateOf: original.id,
        status: 'Completed',
      },
      productId: duplicate.productId,
      taskId: duplicate.id,
      performedBy: actorId,
    },
    tx,
  );
  return closed;
}

/** `closeDuplicate` for many pairs (an import's "duplicate of" column), their names read at once. */
export function createDuplicateCloser(activities: ActivityRecorder): DuplicateCloser {
  return async (tx, actorId, pairs) => {
    if (pairs.length === 0) return [];
    const ids = [...new Set(pairs.flatMap((p) => [p.duplicateId, p.originalId]))];
    const rows = await tx
      .select({ id: tasks.id, key: tasks.key, title: tasks.title, productId: tasks.productId })
      .from(tasks)
      .where(inArray(tasks.id, ids));
    const byId = new Map(rows.map((t) => [t.id, t]));
    const closed: Awaited<ReturnType<DuplicateCloser>> = [];
    for (const { duplicateId, originalId } of pairs) {
      const duplicate = byId.get(duplicateId);
      const original = byId.get(originalId);
      if (!duplicate || !original) continue;
      const row = await closeDuplicate(tx, activities, actorId, duplicate, original);
      if (row) closed.push(row);
    }
    return closed;
  };
}
