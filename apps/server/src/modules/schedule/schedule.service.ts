import {
  addDays,
  blockedByTransitively,
  canEditTasks,
  daysBetween,
  SCHEDULE_LINKS_MAX,
  SCHEDULE_SHIFT_MAX,
  SCHEDULE_TASKS_MAX,
  type Schedule,
  type ScheduleMove,
  type ScheduleMoveBody,
  type ScheduleTask,
  scheduleMessages,
  type Task,
} from '@shipyard/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { BadRequest } from '../../lib/errors.ts';
import type { Changes } from '../../lib/realtime/changes.ts';
import type { SessionUser } from '../../lib/session.ts';
import { findVisibleProduct, type Viewer } from '../../lib/visibility.ts';
import { createInTransaction } from '../../lib/write.ts';
import type { ScheduleRepository } from './schedule.repository.ts';

type Deps = {
  db: Db;
  schedule: ScheduleRepository;
  /** The tasks module's checked edit (`app.tasks.updateWithin`): rights, dates, activity, realtime. */
  updateTask: FastifyInstance['tasks']['updateWithin'];
  changes: Changes;
};

type Dates = { startDate: string | null; dueDate: string | null };

const toScheduleTask = (task: Task): ScheduleTask => ({
  id: task.id,
  key: task.key,
  title: task.title,
  status: task.status,
  stateId: task.stateId,
  assignee: task.assignee ? { id: task.assignee.id, name: task.assignee.name } : null,
  team: task.team,
  estimate: task.estimate,
  startDate: task.startDate ?? null,
  dueDate: task.dueDate,
});

/** How many days a move shifted the task: by its due date when it had and keeps one, else its start. */
function daysMoved(before: Dates, after: Dates): number {
  if (before.dueDate && after.dueDate) return daysBetween(before.dueDate, after.dueDate);
  if (before.startDate && after.startDate) return daysBetween(before.startDate, after.startDate);
  return 0;
}

const shift = (dates: Dates, days: number): Dates => ({
  startDate: dates.startDate ? addDays(dates.startDate, days) : null,
  dueDate: dates.dueDate ? addDays(dates.dueDate, days) : null,
});

export function createScheduleService({ db, schedule, updateTask, changes }: Deps) {
  const inTransaction = createInTransaction(db, changes);

  return {
    /** A product's tasks with their dates and the "blocks" relations among them: three queries. */
    async get(actor: SessionUser, productId: string): Promise<Schedule> {
      const viewer: Viewer = { id: actor.id, role: actor.role };
      const product = await findVisibleProduct(db, viewer, productId);
      const [rows, links, states] = await Promise.all([
        schedule.tasksOf(productId, SCHEDULE_TASKS_MAX + 1),
        schedule.blocksOf(productId, SCHEDULE_LINKS_MAX),
        schedule.statesOf(productId),
      ]);
      const shown = rows.slice(0, SCHEDULE_TASKS_MAX);
      const ids = new Set(shown.map((r) => r.id));
      return {
        productId,
        canEdit: canEditTasks(actor.role) && !product.archivedAt,
        hasMore: rows.length > SCHEDULE_TASKS_MAX,
        tasks: shown.map((r) => ({
          id: r.id,
          key: r.key,
          title: r.title,
          status: r.status,
          stateId: r.stateId,
          assignee: r.assigneeId && r.assigneeName ? { id: r.assigneeId, name: r.assigneeName } : null,
          team: r.teamId && r.teamName ? { id: r.teamId, name: r.teamName } : null,
          estimate: r.estimate,
          startDate: r.startDate,
          dueDate: r.dueDate,
        })),
        links: links.filter((l) => ids.has(l.from) && ids.has(l.to)),
        states,
      };
    },

    /**
     * Moves a task's dates as its edit does (404, 403 guests, 409 archived, start ≤ due, recorded);
     * with `shiftBlocked`, the tasks it blocks, directly or through others, of its product and not
     * Completed, move by as many days, each checked and recorded as its own edit, all in one
     * transaction: one refusal refuses the whole move.
     */
    async move(actor: SessionUser, taskId: string, body: ScheduleMoveBody): Promise<ScheduleMove> {
      return inTransaction(async (tx, after) => {
        const dates = { startDate: body.startDate, dueDate: body.dueDate };
        const { task, current } = await updateTask(tx, after, actor, taskId, dates);
        const days = body.shiftBlocked ? daysMoved(current, dates) : 0;
        if (days === 0) return { task: toScheduleTask(task), days: 0, shifted: [] };
        const links = await schedule.blocksOf(current.productId, SCHEDULE_LINKS_MAX, tx);
        const order = blockedByTransitively(taskId, links);
        const rows = new Map((await schedule.datesOf(order, tx)).map((r) => [r.id, r]));
        const moving = order
          .map((id) => rows.get(id))
          .filter((r) => r !== undefined && r.status !== 'Completed' && (r.startDate || r.dueDate));
        if (moving.length > SCHEDULE_SHIFT_MAX)
          throw BadRequest(scheduleMessages.tooManyShifted, 'TOO_MANY_SHIFTED');
        const shifted: ScheduleMove['shifted'] = [];
        for (const row of moving) {
          if (!row) continue;
          const previous = { startDate: row.startDate, dueDate: row.dueDate };
          const next = shift(previous, days);
          await updateTask(tx, after, actor, row.id, next);
          shifted.push({ id: row.id, ...next, previous });
        }
        return { task: toScheduleTask(task), days, shifted };
      });
    },
  };
}

export type ScheduleService = ReturnType<typeof createScheduleService>;
