import { z } from 'zod/mini';
import { isCalendarDay } from './events.ts';
import { ProductFiltersSchema } from './product-filters.ts';
import { PRODUCT_STATUSES, productMessages } from './products.ts';
import { TASK_STATUSES } from './tasks.ts';

// Stage history, time in stage and the lifecycle reports (issue 32,
// docs/decisions/060-stage-history-and-lifecycle-reports.md). Everything here is derived from the
// product's activity: its stage moves (`status_changed`, `product_updated` with a new status), its
// creation (`prd_created`) and the stage gates' decisions (`stage_gate_*`).

/** The reports' window when the query names none, and the widest one answered (days back from today). */
export const LIFECYCLE_DEFAULT_DAYS = 90;
export const LIFECYCLE_MAX_DAYS = 730;
/** How many products the "stuck longest" table lists. */
export const LIFECYCLE_STUCK_MAX = 20;
/** At most this many rows a drill-down answers (its CSV too). */
export const LIFECYCLE_ROWS_MAX = 5000;
/** How many products the report names for the task flow's product picker. */
export const LIFECYCLE_CHOICES_MAX = 500;

/** The gate decisions the stage gates record (issue 32's other part writes them). */
export const GATE_OUTCOMES = ['refused', 'overridden', 'passed'] as const;
export type GateOutcome = (typeof GATE_OUTCOMES)[number];

export const lifecycleMessages = {
  daysInvalid: `The window must be a whole number of days from 1 to ${LIFECYCLE_MAX_DAYS}`,
  stageUnknown: 'Stage must be one of planning, development, testing, production, maintenance',
  decisionUnknown: 'Decision must be one of refused, overridden, passed',
  dateInvalid: 'Enter a valid date (YYYY-MM-DD).',
  tableUnknown: 'Table must be one of durations, gates, stuck, flow, stays, gate-entries, day',
} as const;

const stage = z.pipe(
  z.transform((v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : v)),
  z.enum(PRODUCT_STATUSES, lifecycleMessages.stageUnknown),
);

const days = z._default(
  z.pipe(
    z.coerce.number(lifecycleMessages.daysInvalid),
    z
      .int(lifecycleMessages.daysInvalid)
      .check(
        z.minimum(1, lifecycleMessages.daysInvalid),
        z.maximum(LIFECYCLE_MAX_DAYS, lifecycleMessages.daysInvalid),
      ),
  ),
  LIFECYCLE_DEFAULT_DAYS,
);

/** The reports' filters: the last `days` days, the products of a team type (comma list). */
export const LifecycleQuerySchema = z.object({
  days,
  team: ProductFiltersSchema.shape.team,
});
export type LifecycleQuery = z.infer<typeof LifecycleQuerySchema>;

/** A drill-down: the stays of a stage, the gate entries of a stage (and decision), a day's products. */
export const LifecycleDrillQuerySchema = z.object({
  days,
  team: ProductFiltersSchema.shape.team,
  stage: z.optional(stage),
  decision: z.optional(z.enum(GATE_OUTCOMES, lifecycleMessages.decisionUnknown)),
  date: z.optional(
    z
      .string(lifecycleMessages.dateInvalid)
      .check(
        z.regex(/^\d{4}-\d{2}-\d{2}$/, lifecycleMessages.dateInvalid),
        z.refine(isCalendarDay, lifecycleMessages.dateInvalid),
      ),
  ),
});
export type LifecycleDrillQuery = z.infer<typeof LifecycleDrillQuerySchema>;

export const LIFECYCLE_TABLES = [
  'durations',
  'gates',
  'stuck',
  'flow',
  'stays',
  'gate-entries',
  'day',
] as const;
export type LifecycleTable = (typeof LIFECYCLE_TABLES)[number];
export const LifecycleCsvQuerySchema = z.extend(LifecycleDrillQuerySchema, {
  table: z.enum(LIFECYCLE_TABLES, lifecycleMessages.tableUnknown),
});
export type LifecycleCsvQuery = z.infer<typeof LifecycleCsvQuerySchema>;

/** GET /api/projects/{id}/task-flow: the window only. */
export const TaskFlowQuerySchema = z.object({ days });

export const ProductIdSchema = z.object({ id: z.uuid(productMessages.notFound) });

const PersonSchema = z.nullable(z.object({ _id: z.string(), name: z.string() }));

/** One stay of a product in a stage: entered, left (null: still there), by whom, overridden. */
export const StageStaySchema = z.object({
  product_id: z.string(),
  product_name: z.string(),
  stage: z.enum(PRODUCT_STATUSES),
  entered_at: z.string(),
  left_at: z.nullable(z.string()),
  /** Whole and fractional days in the stage (to now while it is still there). */
  days: z.number(),
  entered_by: PersonSchema,
  left_by: PersonSchema,
  /** The move into this stage passed a gate with an override, with its reason. */
  overridden: z.boolean(),
  override_reason: z.nullable(z.string()),
});
export type StageStay = z.infer<typeof StageStaySchema>;

export const StageHistorySchema = z.object({
  product_id: z.string(),
  stage: z.enum(PRODUCT_STATUSES),
  stage_entered_at: z.string(),
  stays: z.array(StageStaySchema),
});
export type StageHistory = z.infer<typeof StageHistorySchema>;

const SpreadSchema = z.object({
  count: z.number(),
  median: z.nullable(z.number()),
  p25: z.nullable(z.number()),
  p75: z.nullable(z.number()),
  min: z.nullable(z.number()),
  max: z.nullable(z.number()),
});
export type Spread = z.infer<typeof SpreadSchema>;

export const StageDurationSchema = z.object({
  stage: z.enum(PRODUCT_STATUSES),
  /** Stays that ended in the window: days each. */
  completed: SpreadSchema,
  /** Products in the stage now: their days so far (a lower bound of their stay), apart. */
  current: SpreadSchema,
});

export const GateRateSchema = z.object({
  stage: z.enum(PRODUCT_STATUSES),
  refused: z.number(),
  overridden: z.number(),
  passed: z.number(),
  /** (refused + overridden) / all checks; null with none. */
  failure_rate: z.nullable(z.number()),
  /** overridden / (refused + overridden): of the checks that found unmet criteria; null with none. */
  override_rate: z.nullable(z.number()),
});

export const FlowDaySchema = z.object({
  date: z.string(),
  counts: z.record(z.string(), z.number()),
});
export type FlowDay = z.infer<typeof FlowDaySchema>;

export const LifecycleReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  products: z.number(),
  durations: z.array(StageDurationSchema),
  gates: z.array(GateRateSchema),
  stuck: z.array(StageStaySchema),
  flow: z.array(FlowDaySchema),
  /** The products in scope by name (at most 500), to choose one for its task flow. */
  product_choices: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type LifecycleReport = z.infer<typeof LifecycleReportSchema>;

export const GateEntrySchema = z.object({
  id: z.string(),
  product_id: z.string(),
  product_name: z.string(),
  decision: z.enum(GATE_OUTCOMES),
  from_stage: z.string(),
  to_stage: z.string(),
  reason: z.nullable(z.string()),
  unmet: z.array(z.string()),
  performed_by: PersonSchema,
  created_at: z.string(),
});
export type GateEntry = z.infer<typeof GateEntrySchema>;

export const StaysListSchema = z.object({ data: z.array(StageStaySchema), truncated: z.boolean() });
export const GateEntriesSchema = z.object({ data: z.array(GateEntrySchema), truncated: z.boolean() });

/** A CFD day's drill-down: the products in each stage at the end of that day. */
export const FlowDayProductsSchema = z.object({
  date: z.string(),
  data: z.array(
    z.object({ product_id: z.string(), product_name: z.string(), stage: z.enum(PRODUCT_STATUSES) }),
  ),
});
export type FlowDayProducts = z.infer<typeof FlowDayProductsSchema>;

/** A product's tasks over their statuses, per day (the product's CFD). */
export const TaskFlowSchema = z.object({
  product_id: z.string(),
  from: z.string(),
  to: z.string(),
  statuses: z.array(z.enum(TASK_STATUSES)),
  flow: z.array(FlowDaySchema),
});
export type TaskFlow = z.infer<typeof TaskFlowSchema>;
