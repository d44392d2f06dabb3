import { z } from 'zod/mini';
import { calendarDaysBetween, isCalendarDay } from './events.ts';
import { ProductFiltersSchema } from './product-filters.ts';
import { PRODUCT_STATUSES, type ProductStatus, productMessages } from './products.ts';

// The roadmap across products (issue 31, docs/decisions/056-roadmap.md): every product the caller
// sees on one timeline, from its start to its target completion, with a planned span for each of
// the five stages (spec §4) and its milestone events. Issue 32 builds stage gates and forecasts on
// these planned dates.

/** The widest window GET /api/roadmap answers: three years, a quarter zoom's worth and more. */
export const ROADMAP_RANGE_MAX_DAYS = 1100;
/** The window when the query names none: from 90 days back to 365 days ahead of today. */
export const ROADMAP_DEFAULT_DAYS_BEFORE = 90;
export const ROADMAP_DEFAULT_DAYS_AFTER = 365;
/** At most this many products a roadmap answers (the rest: `hasMore`), newest start last. */
export const ROADMAP_PRODUCTS_MAX = 300;
/** At most this many milestone events a roadmap carries, over all its products. */
export const ROADMAP_MILESTONES_MAX = 2000;

export const roadmapMessages = {
  dateInvalid: 'Enter a valid date (YYYY-MM-DD).',
  startsOnRequired: 'Planned start is required',
  endsOnRequired: 'Planned end is required',
  endBeforeStart: 'Planned end must be on or after the planned start',
  stageUnknown: 'Stage must be one of planning, development, testing, production, maintenance',
  rangeOrder: 'The end of the range must be on or after its start',
  rangeTooLong: `The range may span at most ${ROADMAP_RANGE_MAX_DAYS} days`,
} as const;

const day = (message: string) =>
  z
    .string(message)
    .check(z.trim(), z.regex(/^\d{4}-\d{2}-\d{2}$/, message), z.refine(isCalendarDay, message));

/**
 * GET /api/roadmap: the calendar days `from` to `to` (both included; the server fills what is
 * missing), the products whose span or a stage plan meets them, filtered by stage and team type.
 */
export const RoadmapQuerySchema = z
  .object({
    from: z.optional(day(roadmapMessages.dateInvalid)),
    to: z.optional(day(roadmapMessages.dateInvalid)),
    // The products list's own filters: comma lists of stages and team types, any casing.
    stage: ProductFiltersSchema.shape.status,
    team: ProductFiltersSchema.shape.team,
  })
  .check(
    z.refine((q) => !q.from || !q.to || q.to >= q.from, { error: roadmapMessages.rangeOrder, path: ['to'] }),
    z.refine((q) => !q.from || !q.to || calendarDaysBetween(q.from, q.to) < ROADMAP_RANGE_MAX_DAYS, {
      error: roadmapMessages.rangeTooLong,
      path: ['to'],
    }),
  );
export type RoadmapQuery = z.infer<typeof RoadmapQuerySchema>;

/** A stage of the spec's lifecycle, any casing (as the board sends it). */
export const RoadmapStageSchema = z.pipe(
  z.transform((v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : v)),
  z.enum(PRODUCT_STATUSES, roadmapMessages.stageUnknown),
);

/** /api/projects/{id}/stage-plans/{stage}. */
export const StagePlanParamsSchema = z.object({
  id: z.uuid(productMessages.notFound),
  stage: RoadmapStageSchema,
});

/** PUT /api/projects/{id}/stage-plans/{stage}: the stage's planned days, start ≤ end. */
export const StagePlanBodySchema = z
  .object({
    starts_on: day(roadmapMessages.startsOnRequired),
    ends_on: day(roadmapMessages.endsOnRequired),
  })
  .check(
    z.refine((v) => v.ends_on >= v.starts_on, { error: roadmapMessages.endBeforeStart, path: ['ends_on'] }),
  );
export type StagePlanBody = z.infer<typeof StagePlanBodySchema>;

export const StagePlanSchema = z.object({
  stage: z.enum(PRODUCT_STATUSES),
  starts_on: z.string(),
  ends_on: z.string(),
  updated_by: z.nullable(z.string()),
  updated_at: z.string(),
});
export type StagePlan = z.infer<typeof StagePlanSchema>;

export const RoadmapMilestoneSchema = z.object({
  id: z.string(),
  title: z.string(),
  date: z.string(),
});
export type RoadmapMilestone = z.infer<typeof RoadmapMilestoneSchema>;

export const RoadmapProductSchema = z.object({
  id: z.string(),
  name: z.string(),
  key: z.string(),
  /** Its current stage (the board's column). */
  status: z.enum(PRODUCT_STATUSES),
  start_date: z.string(),
  target_end_date: z.string(),
  /** Whether the caller may move its dates: its creator or an admin, never a guest (archived ones are not shown). */
  canEdit: z.boolean(),
  /** Its planned stages in lifecycle order; a stage without a plan is absent. */
  stages: z.array(StagePlanSchema),
  /** Its one-day events of type milestone in the window, by date (a repeating event is a cadence, not a milestone: left out). */
  milestones: z.array(RoadmapMilestoneSchema),
});
export type RoadmapProduct = z.infer<typeof RoadmapProductSchema>;

export const RoadmapSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** By start date, then name. */
  products: z.array(RoadmapProductSchema),
  /** More products match than ROADMAP_PRODUCTS_MAX. */
  hasMore: z.boolean(),
});
export type Roadmap = z.infer<typeof RoadmapSchema>;

/** The lifecycle order of a stage (0 planning … 4 maintenance). */
export const stageIndex = (stage: ProductStatus) => PRODUCT_STATUSES.indexOf(stage);
