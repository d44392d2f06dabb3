import { z } from 'zod/mini';
import { isoDate } from './products.ts';

// Reports (spec §2.14; real figures, ARCHITECTURE §5): four report types over a period of days,
// answered as JSON for the Charts, Tables and Summary tabs and as CSV for 'Generate Report'.
// Super admins only (spec §6). What each figure means: docs/decisions/004.

export const REPORT_TYPES = [
  'project-status',
  'team-productivity',
  'milestone-analysis',
  'resource-allocation',
] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

export const REPORT_TYPE_LABELS: Record<ReportType, string> = {
  'project-status': 'Project Status',
  'team-productivity': 'Team Productivity',
  'milestone-analysis': 'Milestone Analysis',
  'resource-allocation': 'Resource Allocation',
};

/** What each report answers, under its title. */
export const REPORT_TYPE_DESCRIPTIONS: Record<ReportType, string> = {
  'project-status':
    'Every product as it stands: status, progress, open and overdue tasks and target date. The period counts the tasks completed in it.',
  'team-productivity':
    'Tasks completed in the period per team, person and week, with the tasks each has open now.',
  'milestone-analysis':
    'Products whose target date falls in the period, and earlier targets that were missed: met, missed or upcoming.',
  'resource-allocation':
    'Active people and open tasks per product and team as they stand now; the period does not change it.',
};

/** The period when none is given: the last 90 days, today included. */
export const REPORT_DEFAULT_DAYS = 90;
/** The longest period a report covers (about three years; the weekly series stays ≤ 158 points). */
export const REPORT_MAX_DAYS = 1096;
/** A report's table holds at most this many rows (the summary still counts every one). */
export const REPORT_ROW_LIMIT = 5000;

export const reportMessages = {
  forbidden: 'Only super admins can view reports.',
  unknownType: 'Unknown report type.',
  invalidDate: 'Enter a date as YYYY-MM-DD.',
  periodOrder: 'The start date must be on or before the end date.',
  periodTooLong: 'A report covers at most 1096 days.',
  downloadFailed: 'Failed to generate report',
  downloaded: 'Report downloaded',
  empty: 'No data for this period',
  emptyHint: 'Create products and tasks, or choose another period.',
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/** 'YYYY-MM-DD' plus `days` (negative: before), in calendar days. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Days from `from` to `to`, both counted: the same day is 1. */
export function periodDays(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

export type ReportPeriod = { from: string; to: string };

/**
 * The period a query asks for, given today's date: `to` defaults to today and `from` to the 90
 * days that end at `to`. An error names the field and the message.
 */
export function resolveReportPeriod(
  query: { from?: string | undefined; to?: string | undefined },
  today: string,
): { ok: true; period: ReportPeriod } | { ok: false; field: 'from' | 'to'; message: string } {
  const to = query.to ?? today;
  const from = query.from ?? addDays(to, -(REPORT_DEFAULT_DAYS - 1));
  if (from > to) return { ok: false, field: 'from', message: reportMessages.periodOrder };
  if (periodDays(from, to) > REPORT_MAX_DAYS)
    return { ok: false, field: 'from', message: reportMessages.periodTooLong };
  return { ok: true, period: { from, to } };
}

/** The CSV's file name: `shipyard-{type}-{from}-to-{to}.csv`. */
export const reportFileName = (type: ReportType, { from, to }: ReportPeriod) =>
  `shipyard-${type}-${from}-to-${to}.csv`;

export const ReportParamsSchema = z.object({ type: z.enum(REPORT_TYPES, reportMessages.unknownType) });

/** GET /reports/{type}.csv: the period. */
export const ReportPeriodQuerySchema = z.object({
  from: z.optional(isoDate(reportMessages.invalidDate)),
  to: z.optional(isoDate(reportMessages.invalidDate)),
});

/** GET /reports/{type}: the period, and `format=csv` for the same download as the .csv path. */
export const ReportQuerySchema = z.extend(ReportPeriodQuerySchema, {
  format: z.optional(z.enum(['json', 'csv'])),
});
export type ReportQuery = z.infer<typeof ReportQuerySchema>;

/** A cell of the table, a point of a chart or a summary figure. */
export const ReportValueSchema = z.union([z.string(), z.number(), z.null()]);
export type ReportValue = z.infer<typeof ReportValueSchema>;

/** How a value reads: a count or decimal, a 0–100 percentage, a number of days, a date, or text. */
export const REPORT_VALUE_KINDS = ['text', 'number', 'percent', 'days', 'date'] as const;
export type ReportValueKind = (typeof REPORT_VALUE_KINDS)[number];

export const ReportColumnSchema = z.object({
  key: z.string(),
  label: z.string(),
  kind: z.enum(REPORT_VALUE_KINDS),
});
export type ReportColumn = z.infer<typeof ReportColumnSchema>;

export const ReportRowSchema = z.record(z.string(), ReportValueSchema);
export type ReportRow = z.infer<typeof ReportRowSchema>;

export const ReportSummaryItemSchema = z.object({
  key: z.string(),
  label: z.string(),
  value: ReportValueSchema,
  kind: z.enum(REPORT_VALUE_KINDS),
});
export type ReportSummaryItem = z.infer<typeof ReportSummaryItemSchema>;

/**
 * The colour a series or a pie slice takes: the status colours of spec §4, the outcomes of a
 * milestone, task states, or the accent.
 */
export const REPORT_TONES = [
  'planning',
  'development',
  'testing',
  'production',
  'maintenance',
  'met',
  'missed',
  'upcoming',
  'completed',
  'open',
  'overdue',
  'unassigned',
  'accent',
] as const;
export type ReportTone = (typeof REPORT_TONES)[number];

export const ReportChartSchema = z.object({
  key: z.string(),
  /** bar: one bar per series; stacked-bar: the series stacked; line: a time series; pie: the first series. */
  kind: z.enum(['bar', 'stacked-bar', 'line', 'pie']),
  title: z.string(),
  /** The field of each data point that names its category (the x axis, or the slice). */
  categoryKey: z.string(),
  categoryLabel: z.string(),
  series: z.array(z.object({ key: z.string(), label: z.string(), tone: z.enum(REPORT_TONES) })),
  /** Each point: the category, a number per series, and for a pie a `tone` per slice. */
  data: z.array(ReportRowSchema),
});
export type ReportChart = z.infer<typeof ReportChartSchema>;

export const ReportSchema = z.object({
  type: z.enum(REPORT_TYPES),
  title: z.string(),
  from: z.string(),
  to: z.string(),
  generatedAt: z.string(),
  summary: z.array(ReportSummaryItemSchema),
  table: z.object({
    columns: z.array(ReportColumnSchema),
    rows: z.array(ReportRowSchema),
    /** True when the rows were cut at REPORT_ROW_LIMIT. */
    truncated: z.boolean(),
  }),
  charts: z.array(ReportChartSchema),
});
export type Report = z.infer<typeof ReportSchema>;
