import { z } from 'zod/mini';
import { isoDate, productMessages } from './products.ts';
import { periodDays } from './reports.ts';
import { datesInOrderCheck, taskDateMessages } from './task-dates.ts';
import { TASK_STATUSES, taskMessages } from './tasks.ts';

// A product's schedule (issue 31, docs/decisions/057-gantt.md): its tasks as bars from their start
// date to their due date, and the "blocks" relations among them as arrows.

/** At most this many tasks on one product's schedule (`hasMore` says there were more). */
export const SCHEDULE_TASKS_MAX = 2_000;
/** At most this many relations among them. */
export const SCHEDULE_LINKS_MAX = 5_000;
/** A move shifts at most this many tasks it blocks (directly or through others), else it is refused. */
export const SCHEDULE_SHIFT_MAX = 200;

export const scheduleMessages = {
  tooManyShifted:
    'Moving this task would shift more than 200 tasks it blocks. Move it without shifting them.',
} as const;

export const ScheduleParamsSchema = z.object({ id: z.uuid(productMessages.notFound) });
export const ScheduleTaskParamsSchema = z.object({ id: z.uuid(taskMessages.notFound) });

const RefSchema = z.object({ id: z.string(), name: z.string() });

export const ScheduleTaskSchema = z.object({
  id: z.string(),
  key: z.string(),
  title: z.string(),
  status: z.enum(TASK_STATUSES),
  stateId: z.nullable(z.string()),
  assignee: z.nullable(RefSchema),
  team: z.nullable(RefSchema),
  estimate: z.nullable(z.string()),
  startDate: z.nullable(z.string()),
  dueDate: z.nullable(z.string()),
});
export type ScheduleTask = z.infer<typeof ScheduleTaskSchema>;

/** `from` blocks `to` (both tasks of the schedule). */
export const ScheduleLinkSchema = z.object({ from: z.string(), to: z.string() });
export type ScheduleLink = z.infer<typeof ScheduleLinkSchema>;

/** GET /api/projects/{id}/schedule. */
export const ScheduleSchema = z.object({
  productId: z.string(),
  /** Whether the caller may move its tasks (not a guest, the product not archived). */
  canEdit: z.boolean(),
  hasMore: z.boolean(),
  tasks: z.array(ScheduleTaskSchema),
  links: z.array(ScheduleLinkSchema),
  /** The product's workflow states in their order (the "state" grouping). */
  states: z.array(
    z.object({ id: z.string(), name: z.string(), color: z.string(), category: z.enum(TASK_STATUSES) }),
  ),
});
export type Schedule = z.infer<typeof ScheduleSchema>;

/**
 * PATCH /api/tasks/{id}/schedule: the task's new dates (null clears one); with `shiftBlocked`, the
 * tasks it blocks (transitively, of its product, not Completed) move by as many days as it did.
 */
export const ScheduleMoveBodySchema = z
  .object({
    startDate: z.nullable(isoDate(taskDateMessages.startDateInvalid)),
    dueDate: z.nullable(isoDate('Due date must be a valid date')),
    shiftBlocked: z._default(z.boolean(), false),
  })
  .check(datesInOrderCheck());
export type ScheduleMoveBody = z.input<typeof ScheduleMoveBodySchema>;

const DatesSchema = z.object({ startDate: z.nullable(z.string()), dueDate: z.nullable(z.string()) });

export const ScheduleMoveSchema = z.object({
  task: ScheduleTaskSchema,
  /** How many days the blocked tasks moved (0: none moved). */
  days: z.number(),
  /** Every task moved with it: its dates now and before. */
  shifted: z.array(z.extend(DatesSchema, { id: z.string(), previous: DatesSchema })),
});
export type ScheduleMove = z.infer<typeof ScheduleMoveSchema>;

export const SCHEDULE_ZOOMS = ['day', 'week', 'month'] as const;
export type ScheduleZoom = (typeof SCHEDULE_ZOOMS)[number];
export const SCHEDULE_GROUPS = ['none', 'state', 'assignee', 'team'] as const;
export type ScheduleGroup = (typeof SCHEDULE_GROUPS)[number];

/** Whole days from `a` to `b` (ISO days). */
export const daysBetween = (a: string, b: string) => periodDays(a, b) - 1;

/**
 * The tasks `from` blocks, directly or through others, each once, nearest first (a cycle of
 * relations stops where it comes back).
 */
export function blockedByTransitively(from: string, links: readonly ScheduleLink[]): string[] {
  const next = new Map<string, string[]>();
  for (const l of links) next.set(l.from, [...(next.get(l.from) ?? []), l.to]);
  const seen = new Set([from]);
  const order: string[] = [];
  const queue = [from];
  for (let i = 0; i < queue.length; i++) {
    for (const to of next.get(queue[i] as string) ?? []) {
      if (seen.has(to)) continue;
      seen.add(to);
      order.push(to);
      queue.push(to);
    }
  }
  return order;
}
