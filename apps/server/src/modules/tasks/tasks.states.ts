import { type TaskStatus, taskMessages } from '@shipyard/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type TaskRow, workflowStates } from '../../db/schema/index.ts';
import { BadRequest } from '../../lib/errors.ts';

// A task's workflow state (issue 29, docs/decisions/036-workflow-states.md). The database keeps
// state and status consistent (the tasks trigger of migration 0030); here is what the task routes
// check before a write (a state of the task's product: 400 with the field's message) and how a
// change of state reads in the history.

export type StateOfTask = { id: string; name: string; category: TaskStatus };

const stateColumns = { id: workflowStates.id, name: workflowStates.name, category: workflowStates.category };

const stateNotInProduct = () =>
  BadRequest(taskMessages.stateNotInProduct, 'VALIDATION_ERROR', {
    fields: { stateId: [taskMessages.stateNotInProduct] },
  });

/** The state if it is one of the product's (held until the transaction ends), else a 400. */
export async function stateOfProduct(tx: Db, stateId: string, productId: string): Promise<StateOfTask> {
  const [row] = await tx
    .select(stateColumns)
    .from(workflowStates)
    .where(and(eq(workflowStates.id, stateId), eq(workflowStates.productId, productId)))
    .limit(1)
    .for('key share');
  if (!row) throw stateNotInProduct();
  return row;
}

/** The first state of a status in a product (by position), as the trigger picks it. */
export async function firstStateOf(tx: Db, productId: string, status: TaskStatus) {
  const [row] = await tx
    .select(stateColumns)
    .from(workflowStates)
    .where(and(eq(workflowStates.productId, productId), eq(workflowStates.category, status)))
    .orderBy(asc(workflowStates.position), asc(workflowStates.id))
    .limit(1);
  return row;
}

/** A product's states in board order (by category, then position): the task page's select. */
export async function statesOfProduct(db: Db, productId: string) {
  return db
    .select({ ...stateColumns, color: workflowStates.color })
    .from(workflowStates)
    .where(eq(workflowStates.productId, productId))
    .orderBy(
      sql`array_position(array['Pending', 'In Progress', 'Completed'], ${workflowStates.category}::text)`,
      asc(workflowStates.position),
      asc(workflowStates.id),
    );
}

/** The names of states by id. */
async function stateNames(tx: Db, ids: Array<string | null>): Promise<Map<string, string>> {
  const wanted = ids.filter((id): id is string => id !== null);
  if (wanted.length === 0) return new Map();
  const rows = await tx
    .select({ id: workflowStates.id, name: workflowStates.name })
    .from(workflowStates)
    .where(inArray(workflowStates.id, wanted));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/**
 * The history entry of a change of status or state: "Completed task …" into a Completed state,
 * else "Changed task … from Todo to In review" (the states' names; with the three first states,
 * the statuses' names, as before issue 29).
 */
export async function statusActivity(
  tx: Db,
  row: TaskRow,
  previous: Pick<TaskRow, 'status' | 'stateId'>,
  actorId: string,
) {
  const names = await stateNames(tx, [previous.stateId, row.stateId]);
  const from = (previous.stateId && names.get(previous.stateId)) || previous.status;
  const to = (row.stateId && names.get(row.stateId)) || row.status;
  const completed = row.status === 'Completed' && previous.status !== 'Completed';
  return {
    actionType: completed ? 'task_completed' : 'task_status_updated',
    description: completed
      ? `Completed task "${row.title}"`
      : `Changed task "${row.title}" from ${from} to ${to}`,
    metadata: {
      previousStatus: previous.status,
      newStatus: row.status,
      status: row.status,
      // The states' names where they say more than the statuses (issue 29).
      ...(from !== previous.status || to !== row.status ? { previousState: from, newState: to } : {}),
      priority: row.priority,
      taskId: row.id,
    },
    productId: row.productId,
    taskId: row.id,
    performedBy: actorId,
  };
}
