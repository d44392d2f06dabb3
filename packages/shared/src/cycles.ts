import { z } from 'zod/mini';
import { calendarDaysBetween, isCalendarDay } from './events.ts';
import { taskMessages } from './tasks.ts';
import { singleLine } from './text.ts';
import { isTimeZone } from './time-zones.ts';

// Cycles (issue 31, docs/decisions/058-cycles.md): time-boxed spans of a product's work (Linear's
// cycles, Scrum's sprints). A task is in at most one cycle; each add and remove is recorded, and the
// burn-down and burn-up are computed from those records per day of the cycle. When a cycle ends its
// unfinished tasks roll into the next one (a product may turn that off). Velocity: what each
// finished cycle completed.

export const CYCLE_NAME_MAX = 80;
/** A cycle spans at most this many days (a quarter and a bit): its chart has a point a day. */
export const CYCLE_MAX_DAYS = 120;
/** Cycles a product may have in all (a weekly cycle for almost ten years). */
export const CYCLES_PER_PRODUCT_MAX = 500;
/** Tasks one request adds to a cycle. */
export const CYCLE_ADD_TASKS_MAX = 100;
/** Tasks a cycle holds (its page lists them all). */
export const CYCLE_TASKS_MAX = 500;
/** Finished cycles the velocity covers, by default and at most. */
export const VELOCITY_CYCLES_DEFAULT = 6;
export const VELOCITY_CYCLES_MAX = 24;

export const CYCLE_STATUSES = ['current', 'upcoming', 'completed'] as const;
export type CycleStatus = (typeof CYCLE_STATUSES)[number];

export const cycleMessages = {
  notFound: 'Cycle not found',
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${CYCLE_NAME_MAX} characters`,
  startsOnRequired: 'Start date is required',
  endsOnRequired: 'End date is required',
  dateInvalid: 'Enter a valid date (YYYY-MM-DD).',
  endBeforeStart: 'End date must be on or after the start date',
  tooLong: `A cycle spans at most ${CYCLE_MAX_DAYS} days`,
  overlaps: (name: string) => `The dates overlap the cycle "${name}"`,
  tooMany: `A product has at most ${CYCLES_PER_PRODUCT_MAX} cycles`,
  tooManyTasks: `A cycle holds at most ${CYCLE_TASKS_MAX} tasks`,
  timeZoneInvalid: 'Unknown time zone',
  readOnly: 'Guests cannot change cycles.',
  settingsForbidden: 'Only the product’s creator or an admin can change its cycle settings.',
  completed: 'This cycle is completed: its tasks no longer change.',
  otherProduct: 'A task joins only a cycle of its own product.',
  taskIdsRequired: 'Choose at least one task',
  taskIdsTooMany: `Add at most ${CYCLE_ADD_TASKS_MAX} tasks at once`,
  alreadyCompleted: 'This cycle is already completed.',
  loadFailed: 'Failed to load the cycles',
  saveFailed: 'Failed to save the cycle',
  deleteFailed: 'Failed to delete the cycle',
  moveFailed: 'Failed to change the task’s cycle',
} as const;

const day = (message: string) =>
  z
    .string(message)
    .check(
      z.trim(),
      z.regex(/^\d{4}-\d{2}-\d{2}$/, cycleMessages.dateInvalid),
      z.refine(isCalendarDay, cycleMessages.dateInvalid),
    );

const name = z
  .string(cycleMessages.nameRequired)
  .check(
    z.trim(),
    z.minLength(1, cycleMessages.nameRequired),
    z.maxLength(CYCLE_NAME_MAX, cycleMessages.nameTooLong),
    singleLine(),
  );

const timeZone = z.string(cycleMessages.timeZoneInvalid).check(
  z.trim(),
  z.maxLength(64, cycleMessages.timeZoneInvalid),
  z.refine((v) => v !== '' && isTimeZone(v), cycleMessages.timeZoneInvalid),
);

type Span = { starts_on?: string | undefined; ends_on?: string | undefined };
const inOrder = z.refine<Span>((v) => !v.starts_on || !v.ends_on || v.ends_on >= v.starts_on, {
  error: cycleMessages.endBeforeStart,
  path: ['ends_on'],
});
const notTooLong = z.refine<Span>(
  (v) =>
    !v.starts_on ||
    !v.ends_on ||
    v.ends_on < v.starts_on ||
    calendarDaysBetween(v.starts_on, v.ends_on) < CYCLE_MAX_DAYS,
  { error: cycleMessages.tooLong, path: ['ends_on'] },
);

/** POST /api/projects/{id}/cycles. */
export const CreateCycleSchema = z
  .object({
    name,
    starts_on: day(cycleMessages.startsOnRequired),
    ends_on: day(cycleMessages.endsOnRequired),
    /** The calendar the cycle's days are in (the creator's browser's); UTC when left out. */
    time_zone: z.optional(timeZone),
  })
  .check(inOrder, notTooLong);
export type CreateCycle = z.infer<typeof CreateCycleSchema>;

/** PATCH /api/cycles/{id}: any of the fields; the dates are checked together with the stored ones. */
export const UpdateCycleSchema = z
  .object({
    name: z.optional(name),
    starts_on: z.optional(day(cycleMessages.startsOnRequired)),
    ends_on: z.optional(day(cycleMessages.endsOnRequired)),
  })
  .check(
    inOrder,
    notTooLong,
    z.refine((v) => v.name !== undefined || v.starts_on !== undefined || v.ends_on !== undefined, {
      error: 'Nothing to change',
    }),
  );
export type UpdateCycle = z.infer<typeof UpdateCycleSchema>;

export const CycleIdParamsSchema = z.object({ id: z.uuid(cycleMessages.notFound) });
export const CycleTaskParamsSchema = z.object({
  id: z.uuid(cycleMessages.notFound),
  taskId: z.uuid(taskMessages.notFound),
});

/** POST /api/cycles/{id}/tasks: tasks of the cycle's product that join it (leaving another cycle). */
export const AddCycleTasksSchema = z.object({
  taskIds: z
    .array(z.uuid(taskMessages.notFound))
    .check(
      z.minLength(1, cycleMessages.taskIdsRequired),
      z.maxLength(CYCLE_ADD_TASKS_MAX, cycleMessages.taskIdsTooMany),
    ),
});
export type AddCycleTasks = z.infer<typeof AddCycleTasksSchema>;

/** PUT /api/tasks/{id}/cycle: the task's cycle, or null to take it out of its cycle. */
export const SetTaskCycleSchema = z.object({ cycleId: z.nullable(z.uuid(cycleMessages.notFound)) });
export type SetTaskCycle = z.infer<typeof SetTaskCycleSchema>;

/** PUT /api/projects/{id}/cycle-settings. */
export const CycleSettingsSchema = z.object({ rollOver: z.boolean() });
export type CycleSettings = z.infer<typeof CycleSettingsSchema>;

export const VelocityQuerySchema = z.object({
  cycles: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(VELOCITY_CYCLES_MAX))),
});

// ---- Answers ----

const TallySchema = z.object({
  tasks: z.number(),
  done: z.number(),
  points: z.number(),
  donePoints: z.number(),
});

export const CycleSchema = z.object({
  id: z.string(),
  projectId: z.string(),
  name: z.string(),
  starts_on: z.string(),
  ends_on: z.string(),
  time_zone: z.string(),
  status: z.enum(CYCLE_STATUSES),
  completedAt: z.nullable(z.string()),
  /** Its tasks now: how many, how many Completed, their estimates' sums. */
  tally: TallySchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Cycle = z.infer<typeof CycleSchema>;

export const CycleListSchema = z.object({
  cycles: z.array(CycleSchema),
  /** Whether the caller may create, change and delete cycles and move tasks (members and admins). */
  canEdit: z.boolean(),
  /** Whether the caller may change the product's cycle settings (its creator or an admin). */
  canManage: z.boolean(),
  /** The product's setting: unfinished tasks roll into the next cycle when one ends. */
  rollOver: z.boolean(),
  estimateScale: z.string(),
});
export type CycleList = z.infer<typeof CycleListSchema>;

export const CycleTaskSchema = z.object({
  id: z.string(),
  key: z.nullable(z.string()),
  title: z.string(),
  status: z.string(),
  estimate: z.nullable(z.string()),
  assignee: z.nullable(z.object({ id: z.string(), name: z.string() })),
  addedAt: z.string(),
});
export type CycleTask = z.infer<typeof CycleTaskSchema>;

/** One day of the cycle: its scope and what of it was completed by the day's end. */
export const BurnDaySchema = z.object({
  day: z.string(),
  scope: z.number(),
  completed: z.number(),
  scopePoints: z.number(),
  completedPoints: z.number(),
});
export type BurnDay = z.infer<typeof BurnDaySchema>;

export const CycleDetailSchema = z.object({
  cycle: CycleSchema,
  tasks: z.array(CycleTaskSchema),
  /** Every day from the start to the end; days after today (in the cycle's zone) are left out. */
  burn: z.array(BurnDaySchema),
  canEdit: z.boolean(),
  estimateScale: z.string(),
  /** The cycle after this one, where its unfinished tasks roll (null: none yet). */
  next: z.nullable(z.object({ id: z.string(), name: z.string() })),
});
export type CycleDetail = z.infer<typeof CycleDetailSchema>;

export const CycleCompletionSchema = z.object({
  cycle: CycleSchema,
  /** How many unfinished tasks moved, and where (null: none moved). */
  moved: z.number(),
  movedTo: z.nullable(z.object({ id: z.string(), name: z.string() })),
});
export type CycleCompletion = z.infer<typeof CycleCompletionSchema>;

export const TaskCycleSchema = z.object({
  taskId: z.string(),
  cycle: z.nullable(CycleSchema),
  /** The cycles of the task's product it may join (not completed), soonest first. */
  options: z.array(z.object({ id: z.string(), name: z.string(), status: z.enum(CYCLE_STATUSES) })),
  canEdit: z.boolean(),
});
export type TaskCycle = z.infer<typeof TaskCycleSchema>;

export const VelocitySchema = z.object({
  projectId: z.string(),
  estimateScale: z.string(),
  /** The last finished cycles, oldest first. */
  cycles: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      starts_on: z.string(),
      ends_on: z.string(),
      scope: z.number(),
      completed: z.number(),
      scopePoints: z.number(),
      completedPoints: z.number(),
    }),
  ),
  averageCompleted: z.number(),
  averagePoints: z.number(),
});
export type Velocity = z.infer<typeof VelocitySchema>;

/** Where a cycle stands on `today` (a 'YYYY-MM-DD' in its zone); a completed one stays completed. */
export function cycleStatus(
  cycle: { starts_on: string; ends_on: string; completedAt: string | null },
  today: string,
): CycleStatus {
  if (cycle.completedAt || cycle.ends_on < today) return 'completed';
  return cycle.starts_on > today ? 'upcoming' : 'current';
}

/** The list's order: current first, then upcoming (soonest first), then completed (latest first). */
export function sortCycles<T extends { status: CycleStatus; starts_on: string }>(cycles: readonly T[]): T[] {
  const rank: Record<CycleStatus, number> = { current: 0, upcoming: 1, completed: 2 };
  return [...cycles].sort(
    (a, b) =>
      rank[a.status] - rank[b.status] ||
      (a.status === 'completed'
        ? b.starts_on.localeCompare(a.starts_on)
        : a.starts_on.localeCompare(b.starts_on)),
  );
}
