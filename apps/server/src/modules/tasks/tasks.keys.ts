import { normaliseTaskKey } from '@shipyard/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { taskKeyHistory, tasks } from '../../db/schema/index.ts';

// Task keys (issue 28, docs/decisions/032-task-keys.md): the numbers and keys themselves are set
// by the database (migration 0023's triggers); here is only finding a task by one.

/**
 * The id of the task `key` names, in any casing: the task that has it now, else the one that had
 * it before a move or its product's new key (task_key_history). Undefined when none does or the
 * text is not a key. Says nothing of who may see it: the caller checks.
 */
export async function taskIdByKey(db: Db, key: string): Promise<string | undefined> {
  const normalised = normaliseTaskKey(key);
  if (!normalised) return undefined;
  const { rows } = await db.execute<{ id: string }>(sql`
    select ${tasks.id} as id from ${tasks} where ${tasks.key} = ${normalised}
    union all
    select ${taskKeyHistory.taskId} as id from ${taskKeyHistory} where ${taskKeyHistory.key} = ${normalised}
    limit 1`);
  return rows[0]?.id;
}
