import {
  CHECKLIST_MAX_ITEMS,
  type Checklist,
  type ChecklistItem,
  type CreateChecklistItem,
  checklistMessages,
  type MoveChecklistItem,
  type UpdateChecklistItem,
} from '@shipyard/shared';
import type { Db } from '../../db/client.ts';
import type { TaskChecklistItemRow } from '../../db/schema/index.ts';
import { BadRequest, Conflict, NotFound } from '../../lib/errors.ts';
import type { Changes } from '../../lib/realtime/changes.ts';
import type { Viewer } from '../../lib/visibility.ts';
import { createInTransaction } from '../../lib/write.ts';
import { findVisibleTask, holdTaskForChange, type SeenTask, touchTask } from '../tasks/index.ts';
import type { ChecklistsRepository } from './checklists.repository.ts';

// A task's checklist (issue 15). Order is a fractional `position`: a move writes one row, and only
// when two neighbours get too close is the whole list renumbered. Ticks, renames and moves leave
// no activity entry (a checklist of 30 items would drown the task's history); the task's
// checklist_done / checklist_total counters, kept by a trigger, are what cards show.

/** The gap between items as they are added or renumbered. */
export const POSITION_STEP = 1024;
/** Closer than this, two neighbours leave no room between them: renumber. */
const MIN_GAP = 1e-6;

const itemNotFound = () => NotFound(checklistMessages.notFound, 'CHECKLIST_ITEM_NOT_FOUND');

const toItem = (row: TaskChecklistItemRow): ChecklistItem => ({
  id: row.id,
  taskId: row.taskId,
  title: row.title,
  done: row.done,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/**
 * The position that puts an item at `index` of `others` (the list without it), or undefined when
 * its neighbours are too close to fit one between them.
 */
export function positionAt(others: ReadonlyArray<{ position: number }>, index: number): number | undefined {
  const at = Math.max(0, Math.min(index, others.length));
  const prev = others[at - 1]?.position;
  const next = others[at]?.position;
  if (prev === undefined && next === undefined) return POSITION_STEP;
  if (prev === undefined) return (next as number) - POSITION_STEP;
  if (next === undefined) return prev + POSITION_STEP;
  if (next - prev < MIN_GAP) return undefined;
  return prev + (next - prev) / 2;
}

/** The 0-based index `target` names in `others` (the list without the moved item). */
function targetIndex(others: ReadonlyArray<{ id: string }>, target: MoveChecklistItem): number {
  if (target.position !== undefined) return target.position;
  const anchor = target.before ?? target.after;
  const i = others.findIndex((item) => item.id === anchor);
  if (i < 0) throw BadRequest(checklistMessages.moveAnchorMissing, 'VALIDATION_ERROR');
  return target.before ? i : i + 1;
}

type Deps = { db: Db; checklists: ChecklistsRepository; changes: Changes };

export function createChecklistsService({ db, checklists, changes }: Deps) {
  const inTransaction = createInTransaction(db, changes);
  const guard = { readOnly: checklistMessages.readOnly };

  async function checklist(taskId: string, tx: Db = db): Promise<Checklist> {
    // In sequence: `tx` may be a transaction's one client, which runs one query at a time.
    const items = await checklists.items(taskId, tx);
    const counts = await checklists.counts(taskId, tx);
    return { taskId, items: items.map(toItem), ...counts };
  }

  /**
   * A change of one item: its task held for the change (an item of a task out of sight is a 404
   * for the item), then `work`; the task is marked changed and the whole checklist answered.
   */
  async function changeItem(
    viewer: Viewer,
    itemId: string,
    work: (tx: Db, taskId: string) => Promise<unknown>,
  ): Promise<Checklist> {
    const taskId = await checklists.taskOf(itemId);
    if (!taskId) throw itemNotFound();
    return inTransaction(async (tx, after) => {
      await holdTaskForChange(tx, viewer, taskId, { ...guard, notFound: itemNotFound });
      if (!(await work(tx, taskId))) throw itemNotFound();
      after.publish(await touchTask(tx, taskId));
      return checklist(taskId, tx);
    });
  }

  return {
    async get(viewer: Viewer, taskId: string): Promise<Checklist> {
      await findVisibleTask(db, viewer, taskId);
      return checklist(taskId);
    },

    /** The checklist of a task the caller already found visible (the task's page). */
    ofSeenTask: (task: SeenTask): Promise<Checklist> => checklist(task.id),

    async add(viewer: Viewer, taskId: string, body: CreateChecklistItem): Promise<Checklist> {
      return inTransaction(async (tx, after) => {
        await holdTaskForChange(tx, viewer, taskId, guard);
        const { n, last } = await checklists.tail(taskId, tx);
        if (n >= CHECKLIST_MAX_ITEMS) throw Conflict(checklistMessages.tooMany, 'CHECKLIST_FULL');
        await checklists.insert(
          { taskId, title: body.title, position: (last ?? 0) + POSITION_STEP, createdBy: viewer.id },
          tx,
        );
        after.publish(await touchTask(tx, taskId));
        return checklist(taskId, tx);
      });
    },

    async update(viewer: Viewer, itemId: string, body: UpdateChecklistItem): Promise<Checklist> {
      return changeItem(viewer, itemId, (tx, taskId) => checklists.update(taskId, itemId, body, tx));
    },

    async move(viewer: Viewer, itemId: string, target: MoveChecklistItem): Promise<Checklist> {
      return changeItem(viewer, itemId, async (tx, taskId) => {
        const items = await checklists.items(taskId, tx);
        const moved = items.find((item) => item.id === itemId);
        if (!moved) return undefined;
        const others = items.filter((item) => item.id !== itemId);
        const index = targetIndex(others, target);
        const position = positionAt(others, index);
        if (position !== undefined) return checklists.update(taskId, itemId, { position }, tx);
        const order = [...others.slice(0, index), moved, ...others.slice(index)];
        await checklists.reposition(
          order.map((item, i) => ({ id: item.id, position: (i + 1) * POSITION_STEP })),
          tx,
        );
        return moved;
      });
    },

    async remove(viewer: Viewer, itemId: string): Promise<Checklist> {
      return changeItem(viewer, itemId, (tx, taskId) => checklists.delete(taskId, itemId, tx));
    },
  };
}

export type ChecklistsService = ReturnType<typeof createChecklistsService>;
