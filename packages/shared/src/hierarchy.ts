import { z } from 'zod/mini';

// Sub-tasks and estimates (issue 29, docs/decisions/038-hierarchy-relations-estimates.md).

/** How deep sub-tasks go: a task, its sub-task and theirs. */
export const SUBTASK_DEPTH_MAX = 3;

export const hierarchyMessages = {
  parentNotFound: 'The parent task was not found.',
  parentOtherProduct: 'A sub-task must be in the same product as its parent.',
  parentCycle: 'A task cannot be a sub-task of itself or of one of its sub-tasks.',
  parentTooDeep: `Sub-tasks go at most ${SUBTASK_DEPTH_MAX} levels deep.`,
  subtaskCreateFailed: 'Failed to add the sub-task',
  parentSaveFailed: 'Failed to change the parent',
  openSubtasksTitle: 'Complete with open sub-tasks?',
  openSubtasks: (open: number) =>
    `This task has ${open} open sub-task${open === 1 ? '' : 's'}. Complete it anyway?`,
  completeAnyway: 'Complete anyway',
} as const;

/** A task's sub-tasks: how many, how many Completed ("2/5" on cards and rows). */
export const SubtaskCountsSchema = z.object({ done: z.number(), total: z.number() });
export type SubtaskCounts = z.infer<typeof SubtaskCountsSchema>;

// ---- Estimates ----

export const ESTIMATE_SCALES = ['none', 'points', 'tshirt', 'hours'] as const;
export type EstimateScale = (typeof ESTIMATE_SCALES)[number];
export const ESTIMATE_POINTS = ['1', '2', '3', '5', '8'] as const;
export const ESTIMATE_TSHIRTS = ['XS', 'S', 'M', 'L', 'XL'] as const;
/** What a t-shirt size counts as in a sum (the decision's fixed mapping). */
export const TSHIRT_POINTS: Record<string, number> = { XS: 1, S: 2, M: 3, L: 5, XL: 8 };
export const ESTIMATE_HOURS_MIN = 0.25;
export const ESTIMATE_HOURS_MAX = 999;

export const ESTIMATE_SCALE_LABELS: Record<EstimateScale, string> = {
  none: 'None',
  points: 'Points (1, 2, 3, 5, 8)',
  tshirt: 'T-shirt sizes (XS, S, M, L, XL)',
  hours: 'Hours (quarter hours, up to 999)',
};

export const estimateMessages = {
  none: 'This product does not use estimates.',
  points: 'Estimate must be 1, 2, 3, 5 or 8 points.',
  tshirt: 'Estimate must be XS, S, M, L or XL.',
  hours: `Estimate must be between ${ESTIMATE_HOURS_MIN} and ${ESTIMATE_HOURS_MAX} hours, in quarter hours.`,
  manageForbidden: 'Only the product’s creator or an admin can change its estimate scale.',
  scaleUnknown: 'Estimate scale must be none, points, tshirt or hours.',
  scaleSaved: 'Estimate scale saved',
  scaleFailed: 'Failed to save the estimate scale',
  scaleClears: (count: number) =>
    `${count} task${count === 1 ? '' : 's'} ha${count === 1 ? 's an estimate' : 've estimates'} that do${count === 1 ? 'es' : ''} not fit the new scale and will be cleared.`,
} as const;

/**
 * The estimate as stored ('3', 'M', '0.25') if it fits the scale, else undefined. Numbers and
 * number-like text are read as numbers ('1.50' → '1.5'); sizes ignore case.
 */
export function estimateOnScale(scale: EstimateScale, value: string | number): string | undefined {
  const text = String(value).trim();
  if (scale === 'tshirt') {
    const size = text.toUpperCase();
    return (ESTIMATE_TSHIRTS as readonly string[]).includes(size) ? size : undefined;
  }
  if (scale === 'none' || text === '') return undefined;
  const n = Number(text);
  if (!Number.isFinite(n)) return undefined;
  if (scale === 'points')
    return (ESTIMATE_POINTS as readonly string[]).includes(String(n)) ? String(n) : undefined;
  const quarter = Number.isInteger(n * 4);
  return quarter && n >= ESTIMATE_HOURS_MIN && n <= ESTIMATE_HOURS_MAX ? String(n) : undefined;
}

/** What an estimate counts as in a sum: its number, a t-shirt size by TSHIRT_POINTS. */
export function estimateValue(estimate: string | null | undefined): number {
  if (!estimate) return 0;
  const n = TSHIRT_POINTS[estimate] ?? Number(estimate);
  return Number.isFinite(n) ? n : 0;
}

/** A sum for a column's or a group's header: '13', '7.5'. */
export const formatEstimateSum = (sum: number): string => String(Math.round(sum * 100) / 100);

/** The values offered on a scale (hours: a few common ones; any quarter hour may be typed). */
export function estimateChoices(scale: EstimateScale): readonly string[] {
  if (scale === 'points') return ESTIMATE_POINTS;
  if (scale === 'tshirt') return ESTIMATE_TSHIRTS;
  if (scale === 'hours') return ['0.5', '1', '2', '4', '8', '16'];
  return [];
}

/** A task's estimate in a create or an edit: a value of its product's scale (checked by the server), or none. */
export const EstimateInputSchema = z.pipe(
  z.transform((v: unknown) => (v === '' || v === undefined ? null : v)),
  z.nullable(z.union([z.string().check(z.maxLength(10)), z.number()])),
);

/** PUT /api/projects/{id}/estimates. */
export const EstimateScaleUpdateSchema = z.object({
  scale: z.enum(ESTIMATE_SCALES, estimateMessages.scaleUnknown),
});
export type EstimateScaleUpdate = z.infer<typeof EstimateScaleUpdateSchema>;

/** GET/PUT /api/projects/{id}/estimates: the scale, and (GET ?scale=) how many estimates a change clears. */
export const EstimateScaleSchema = z.object({
  scale: z.enum(ESTIMATE_SCALES),
  /** How many of the product's estimates do not fit `scale` (a change to it clears them). */
  misfits: z.number(),
});
export type EstimateScaleInfo = z.infer<typeof EstimateScaleSchema>;

export const EstimateScaleQuerySchema = z.object({
  scale: z.optional(z.enum(ESTIMATE_SCALES, estimateMessages.scaleUnknown)),
});
