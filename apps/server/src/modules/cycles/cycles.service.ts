import {
  type AddCycleTasks,
  type CreateCycle,
  CYCLE_TASKS_MAX,
  CYCLES_PER_PRODUCT_MAX,
  type Cycle,
  type CycleCompletion,
  type CycleDetail,
  type CycleList,
  type CycleSettings,
  cycleMessages,
  cycleStatus,
  type SetTaskCycle,
  sortCycles,
  type TaskCycle,
  todayIn,
  type UpdateCycle,
  VELOCITY_CYCLES_DEFAULT,
  type Velocity,
} from '@shipyard/shared';
import type { Db } from '../../db/client.ts';
import type { CycleRow } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { BadRequest, Conflict, Forbidden, NotFound } from '../../lib/errors.ts';
import type { Change, Changes } from '../../lib/realtime/changes.ts';
import {
  canEditProduct,
  findManagedProduct,
  productArchived,
  productNotFound,
  refuseArchivedProduct,
  type Viewer,
} from '../../lib/visibility.ts';
import { createInTransaction } from '../../lib/write.ts';
import { findVisibleTask, holdTaskForChange } from '../tasks/index.ts';
import { burnOf } from './cycles.burn.ts';
import { createCycleCompletion } from './cycles.completion.ts';
import type { CyclesRepository, CycleWithTally } from './cycles.repository.ts';

// A product's cycles (issue 31, docs/decisions/058-cycles.md). Whoever sees the product sees its
// cycles; members and admins (who may edit its tasks) create, change and delete them and move tasks
// in and out — a task moves only if the caller may change it (holdTaskForChange: 404, guests 403,
// archived 409). No two cycles of a product overlap (checked under a per-product lock).

const cycleNotFound = () => NotFound(cycleMessages.notFound, 'CYCLE_NOT_FOUND');
const readOnly = () => Forbidden(cycleMessages.readOnly, 'READ_ONLY');
const guard = { readOnly: cycleMessages.readOnly };

const canEdit = (viewer: Viewer) => viewer.role !== 'guest';

const cycleChange = (id: string, productId: string, op: Change['op'] = 'updated'): Change => ({
  kind: 'cycle',
  op,
  id,
  productId,
});

type Deps = { db: Db; cycles: CyclesRepository; changes: Changes; clock: Clock };

export function createCyclesService({ db, cycles, changes, clock }: Deps) {
  const inTransaction = createInTransaction(db, changes);
  const completion = createCycleCompletion({ cycles, clock });

  const today = (row: Pick<CycleRow, 'timeZone'>) => todayIn(row.timeZone, clock.now());
  const toCycle = (row: CycleWithTally): Cycle => ({
    id: row.id,
    projectId: row.productId,
    name: row.name,
    starts_on: row.startsOn,
    ends_on: row.endsOn,
    time_zone: row.timeZone,
    status: cycleStatus(
      { starts_on: row.startsOn, ends_on: row.endsOn, completedAt: row.completedAt?.toISOString() ?? null },
      today(row),
    ),
    completedAt: row.completedAt?.toISOString() ?? null,
    tally: row.tally,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  });

  async function cycleById(id: string): Promise<Cycle> {
    const row = await cycles.withTally(id);
    if (!row) throw cycleNotFound();
    return toCycle(row);
  }

  /** The cycle as the caller sees it, locked for a change by a member or an admin (404, 403, 409). */
  async function holdCycle(tx: Db, viewer: Viewer, id: string) {
    const found = await cycles.visible(viewer, id, tx, true);
    if (!found) throw cycleNotFound();
    if (!canEdit(viewer)) throw readOnly();
    if (found.archivedAt) throw productArchived();
    await refuseArchivedProduct(tx, found.cycle.productId);
    return found.cycle;
  }

  /** Refuses dates that overlap another cycle of the product (under the product's cycle lock). */
  async function refuseOverlap(
    tx: Db,
    productId: string,
    startsOn: string,
    endsOn: string,
    except: string | null,
  ) {
    const other = await cycles.overlapping(productId, startsOn, endsOn, except, tx);
    if (other) {
      throw BadRequest(cycleMessages.overlaps(other.name), 'CYCLE_OVERLAPS', {
        fields: { starts_on: [cycleMessages.overlaps(other.name)] },
      });
    }
  }

  /** Tasks joining a cycle: each one the caller may change, of the cycle's product, within the cap. */
  async function join(tx: Db, viewer: Viewer, cycle: CycleRow, taskIds: readonly string[]) {
    if (cycle.completedAt) throw Conflict(cycleMessages.completed, 'CYCLE_COMPLETED');
    const ids = [...new Set(taskIds)];
    for (const taskId of ids) {
      const task = await holdTaskForChange(tx, viewer, taskId, guard);
      if (task.productId !== cycle.productId) {
        throw BadRequest(cycleMessages.otherProduct, 'TASK_OF_ANOTHER_PRODUCT');
      }
    }
    const moved = await cycles.move(
      ids,
      cycle.id,
      { at: clock.now(), actorId: viewer.id, reason: 'manual' },
      tx,
    );
    if ((await cycles.taskCount(cycle.id, tx)) > CYCLE_TASKS_MAX) {
      throw Conflict(cycleMessages.tooManyTasks, 'CYCLE_FULL');
    }
    return moved ?? [];
  }

  return {
    async list(viewer: Viewer, productId: string): Promise<CycleList> {
      const product = await cycles.productOf(viewer, productId);
      if (!product) throw productNotFound();
      const rows = await cycles.ofProduct(productId);
      return {
        cycles: sortCycles(rows.map(toCycle)),
        canEdit: canEdit(viewer) && !product.archivedAt,
        canManage: canEditProduct(viewer, product) && !product.archivedAt,
        rollOver: product.rollOver,
        estimateScale: product.estimateScale,
      };
    },

    async create(viewer: Viewer, productId: string, body: CreateCycle): Promise<Cycle> {
      const id = await inTransaction(async (tx, after) => {
        const product = await cycles.productOf(viewer, productId, tx);
        if (!product) throw productNotFound();
        if (!canEdit(viewer)) throw readOnly();
        await refuseArchivedProduct(tx, productId);
        await cycles.lockProduct(productId, tx);
        if ((await cycles.count(productId, tx)) >= CYCLES_PER_PRODUCT_MAX) {
          throw Conflict(cycleMessages.tooMany, 'TOO_MANY_CYCLES');
        }
        await refuseOverlap(tx, productId, body.starts_on, body.ends_on, null);
        const row = await cycles.insert(
          {
            productId,
            name: body.name,
            startsOn: body.starts_on,
            endsOn: body.ends_on,
            timeZone: body.time_zone ?? 'UTC',
            createdBy: viewer.id,
          },
          tx,
        );
        after.publish(cycleChange(row.id, productId, 'created'));
        return row.id;
      });
      return cycleById(id);
    },

    async detail(viewer: Viewer, id: string): Promise<CycleDetail> {
      const found = await cycles.visible(viewer, id);
      if (!found) throw cycleNotFound();
      const [row, taskRows, input, next] = await Promise.all([
        cycles.withTally(id),
        cycles.tasksOf(id),
        cycles.burnInput([id]),
        cycles.nextOf(found.cycle),
      ]);
      if (!row) throw cycleNotFound();
      return {
        cycle: toCycle(row),
        tasks: taskRows.map((t) => ({
          id: t.id,
          key: t.key || null,
          title: t.title,
          status: t.status,
          estimate: t.estimate,
          assignee: t.assigneeId ? { id: t.assigneeId, name: t.assigneeName ?? '' } : null,
          addedAt: t.addedAt.toISOString(),
        })),
        burn: burnOf(row, today(row), input.events, new Map(input.tasks.map((t) => [t.id, t]))),
        canEdit: canEdit(viewer) && !found.archivedAt,
        estimateScale: found.estimateScale,
        next: next ?? null,
      };
    },

    async update(viewer: Viewer, id: string, body: UpdateCycle): Promise<Cycle> {
      await inTransaction(async (tx, after) => {
        const cycle = await holdCycle(tx, viewer, id);
        const startsOn = body.starts_on ?? cycle.startsOn;
        const endsOn = body.ends_on ?? cycle.endsOn;
        if (endsOn < startsOn) {
          throw BadRequest(cycleMessages.endBeforeStart, 'VALIDATION_ERROR', {
            fields: { ends_on: [cycleMessages.endBeforeStart] },
          });
        }
        await cycles.lockProduct(cycle.productId, tx);
        await refuseOverlap(tx, cycle.productId, startsOn, endsOn, id);
        await cycles.update(id, { name: body.name ?? cycle.name, startsOn, endsOn }, tx);
        after.publish(cycleChange(id, cycle.productId));
      });
      return cycleById(id);
    },

    async remove(viewer: Viewer, id: string): Promise<void> {
      await inTransaction(async (tx, after) => {
        const cycle = await holdCycle(tx, viewer, id);
        await cycles.delete(id, tx);
        after.publish(cycleChange(id, cycle.productId, 'deleted'));
      });
    },

    async addTasks(viewer: Viewer, id: string, body: AddCycleTasks): Promise<CycleDetail> {
      await inTransaction(async (tx, after) => {
        const cycle = await holdCycle(tx, viewer, id);
        const left = await join(tx, viewer, cycle, body.taskIds);
        after.publish(cycleChange(id, cycle.productId), ...left.map((c) => cycleChange(c, cycle.productId)));
      });
      return this.detail(viewer, id);
    },

    async removeTask(viewer: Viewer, id: string, taskId: string): Promise<void> {
      await inTransaction(async (tx, after) => {
        const cycle = await holdCycle(tx, viewer, id);
        await holdTaskForChange(tx, viewer, taskId, guard);
        if ((await cycles.cycleOfTask(taskId, tx)) !== id) throw cycleNotFound();
        await cycles.move([taskId], null, { at: clock.now(), actorId: viewer.id, reason: 'manual' }, tx);
        after.publish(cycleChange(id, cycle.productId));
      });
    },

    async complete(viewer: Viewer, id: string): Promise<CycleCompletion> {
      const result = await inTransaction(async (tx, after) => {
        const cycle = await holdCycle(tx, viewer, id);
        if (cycle.completedAt) throw Conflict(cycleMessages.alreadyCompleted, 'CYCLE_COMPLETED');
        const done = await completion.complete(tx, cycle, viewer.id);
        after.publish(...done.changes);
        return done;
      });
      return { cycle: await cycleById(id), moved: result.moved, movedTo: result.movedTo };
    },

    /** The roll-over job: every cycle past its end, completed once (idempotent across processes). */
    async completeEnded(limit = 200): Promise<number> {
      const ended = await cycles.ended(clock.now(), limit);
      let completed = 0;
      for (const { id } of ended) {
        const done = await inTransaction(async (tx, after) => {
          const cycle = await cycles.lockOpen(id, tx);
          if (!cycle || cycle.completedAt) return false;
          const result = await completion.complete(tx, cycle, null);
          after.publish(...result.changes);
          return true;
        });
        if (done) completed += 1;
      }
      return completed;
    },

    async settings(viewer: Viewer, productId: string, body: CycleSettings): Promise<CycleSettings> {
      await inTransaction(async (tx, after) => {
        await findManagedProduct(tx, viewer, productId, { forbidden: cycleMessages.settingsForbidden });
        await cycles.setRollOver(productId, body.rollOver, tx);
        after.publish(cycleChange(productId, productId));
      });
      return body;
    },

    async ofTask(viewer: Viewer, taskId: string): Promise<TaskCycle> {
      return this.ofSeenTask(viewer, await findVisibleTask(db, viewer, taskId));
    },

    /** A task the caller was found to see (the task page's section, GET /tasks/{id}/detail). */
    async ofSeenTask(viewer: Viewer, task: { id: string; productId: string }): Promise<TaskCycle> {
      const taskId = task.id;
      const [cycleId, all, product] = await Promise.all([
        cycles.cycleOfTask(taskId),
        cycles.ofProduct(task.productId),
        cycles.productOf(viewer, task.productId),
      ]);
      const shaped = sortCycles(all.map(toCycle));
      return {
        taskId,
        cycle: shaped.find((c) => c.id === cycleId) ?? null,
        options: shaped
          .filter((c) => c.status !== 'completed')
          .map((c) => ({ id: c.id, name: c.name, status: c.status })),
        canEdit: canEdit(viewer) && !product?.archivedAt,
      };
    },

    async setTaskCycle(viewer: Viewer, taskId: string, body: SetTaskCycle): Promise<TaskCycle> {
      await inTransaction(async (tx, after) => {
        const task = await holdTaskForChange(tx, viewer, taskId, guard);
        const before = await cycles.cycleOfTask(taskId, tx);
        if (body.cycleId === null) {
          await cycles.move([taskId], null, { at: clock.now(), actorId: viewer.id, reason: 'manual' }, tx);
        } else {
          const found = await cycles.visible(viewer, body.cycleId, tx, true);
          if (!found || found.cycle.productId !== task.productId) throw cycleNotFound();
          await join(tx, viewer, found.cycle, [taskId]);
          after.publish(cycleChange(found.cycle.id, task.productId));
        }
        if (before) after.publish(cycleChange(before, task.productId));
      });
      return this.ofTask(viewer, taskId);
    },

    async velocity(viewer: Viewer, productId: string, n = VELOCITY_CYCLES_DEFAULT): Promise<Velocity> {
      const product = await cycles.productOf(viewer, productId);
      if (!product) throw productNotFound();
      const finished = (await cycles.finished(productId, clock.now(), n)).reverse();
      const input = await cycles.burnInput(finished.map((c) => c.id));
      const facts = new Map(input.tasks.map((t) => [t.id, t]));
      const rows = finished.map((cycle) => {
        const burn = burnOf(
          cycle,
          today(cycle),
          input.events.filter((e) => e.cycleId === cycle.id),
          facts,
        );
        const end = burn.at(-1);
        return {
          id: cycle.id,
          name: cycle.name,
          starts_on: cycle.startsOn,
          ends_on: cycle.endsOn,
          scope: end?.scope ?? 0,
          completed: end?.completed ?? 0,
          scopePoints: end?.scopePoints ?? 0,
          completedPoints: end?.completedPoints ?? 0,
        };
      });
      const average = (pick: (r: (typeof rows)[number]) => number) =>
        rows.length === 0 ? 0 : Math.round((rows.reduce((s, r) => s + pick(r), 0) / rows.length) * 10) / 10;
      return {
        projectId: productId,
        estimateScale: product.estimateScale,
        cycles: rows,
        averageCompleted: average((r) => r.completed),
        averagePoints: average((r) => r.completedPoints),
      };
    },
  };
}

export type CyclesService = ReturnType<typeof createCyclesService>;
