import type {
  BulkTaskMoveItem,
  BulkTaskMoveResult,
  Task,
  TaskFieldValues,
  UpdateTask,
} from '@shipyard/shared';
import type { Db } from '../../db/client.ts';
import type { TaskRow } from '../../db/schema/index.ts';
import type { SessionUser } from '../../lib/session.ts';
import type { InTransaction } from '../../lib/write.ts';
import { taskNotFound } from './tasks.access.ts';
import type { UpdateWithin } from './tasks.bulk.ts';
import { labelsOfTasks } from './tasks.labels.ts';
import type { TasksRepository } from './tasks.repository.ts';

type Deps<C> = {
  inTransaction: InTransaction;
  /** The edit call's checked change in the caller's transaction (history, webhook, realtime, notices). */
  updateWithin: UpdateWithin<C>;
  afterStatusChange: (change: C) => Promise<void>;
  tasks: Pick<TasksRepository, 'lockVisible' | 'isAssignable'>;
};

type Previous = BulkTaskMoveResult['previous'][number];

/** One step of a bulk move: the edit a task gets, decided on its row as it was before any step. */
type Step = { id: string; body: (current: TaskRow, tx: Db) => Promise<UpdateTask> };

/** Where the task was and what a move to another product drops (its labels read beforehand). */
const previousOf = (current: TaskRow, labelIds: string[]): Previous => ({
  id: current.id,
  productId: current.productId,
  teamId: current.teamId,
  assigneeId: current.assigneeId,
  stateId: current.stateId,
  parentId: current.parentId,
  estimate: current.estimate,
  fields: current.fields satisfies TaskFieldValues,
  labelIds,
});

/**
 * Bulk moves to another product (issue 30, `m`; docs/decisions/045-bulk-move-and-delete.md): each
 * task goes through the edit call's own move (`updateWithin` with `projectId`: visible, not a guest,
 * neither product archived, the target visible), all in ONE transaction, so one refusal changes
 * nothing. A team is its product's and never follows; an assignee stays when they may be assigned
 * in the new product, else the task is unassigned. The answer says where each task was, which the
 * Undo (`restore`) sends back: product, team, assignee, state, parent, estimate and field values.
 */
export function createTaskBulkMove<C>({ inTransaction, updateWithin, afterStatusChange, tasks }: Deps<C>) {
  /** The passes run one after another over every task, each in id order (no deadlock). */
  async function run(actor: SessionUser, ids: readonly string[], passes: Step[][]) {
    const asked = [...new Set(ids)];
    const changes: C[] = [];
    const done = await inTransaction(async (tx, after) => {
      // Every task as it was, locked in id order before any moves (moving a parent changes its
      // sub-tasks), with its labels, which a move to another product takes off.
      const labels = await labelsOfTasks(tx, asked);
      const rows = new Map<string, TaskRow>();
      for (const id of [...asked].sort()) {
        const current = await tasks.lockVisible(tx, actor, id);
        if (!current) throw taskNotFound();
        rows.set(id, current);
      }
      const now = new Map<string, Task>();
      for (const pass of passes) {
        for (const { id, body } of [...pass].sort((a, b) => a.id.localeCompare(b.id))) {
          const current = rows.get(id);
          if (!current) continue;
          const result = await updateWithin(tx, after, actor, id, await body(current, tx));
          if (result.change) changes.push(result.change);
          now.set(id, result.task);
        }
      }
      const before = new Map(
        [...rows].map(([id, row]) => [
          id,
          previousOf(
            row,
            (labels.get(id) ?? []).map((l) => l.id),
          ),
        ]),
      );
      return { before, now };
    });
    for (const change of changes) await afterStatusChange(change);
    // Answered in the order asked.
    return {
      tasks: asked.flatMap((id) => done.now.get(id) ?? []),
      previous: asked.flatMap((id) => done.before.get(id) ?? []),
    };
  }

  return {
    /** PATCH /tasks/bulk/move: every task named to the product. */
    move: (actor: SessionUser, ids: readonly string[], productId: string): Promise<BulkTaskMoveResult> =>
      run(actor, ids, [
        ids.map((id) => ({
          id,
          body: async (current, tx) => {
            if (current.productId === productId) return { projectId: productId };
            const keepsAssignee =
              !current.assigneeId || (await tasks.isAssignable(tx, current.assigneeId, productId));
            return { projectId: productId, teamId: null, ...(keepsAssignee ? {} : { assigneeId: null }) };
          },
        })),
      ]),

    /**
     * PATCH /tasks/bulk/move/restore, the Undo: each task back to its product with what it had
     * there, then to its parent (a second pass: the parent may have been moved back only now).
     */
    restore: (actor: SessionUser, items: readonly BulkTaskMoveItem[]): Promise<BulkTaskMoveResult> => {
      const byId = new Map(items.map((item) => [item.id, item]));
      const back: Step[] = [...byId.values()].map((item) => ({
        id: item.id,
        body: async () => ({
          projectId: item.productId,
          teamId: item.teamId,
          assigneeId: item.assigneeId,
          ...(item.stateId ? { stateId: item.stateId } : {}),
          estimate: item.estimate,
          fields: item.fields,
        }),
      }));
      const parents: Step[] = [...byId.values()].flatMap(({ id, parentId }) =>
        parentId ? [{ id, body: async () => ({ parentId }) }] : [],
      );
      return run(
        actor,
        items.map((item) => item.id),
        [back, parents],
      );
    },
  };
}
