import {
  addDays,
  REPORT_TYPES,
  type ReportPeriod,
  ReportQuerySchema,
  type ReportType,
  reportMessages,
  resolveReportPeriod,
} from '@shipyard/shared';
import { k } from '../../../lib/i18n/index.ts';

// The report and period the page shows, kept in the URL (?type=&period=&from=&to=) so that a
// report can be linked to and survives a reload.

export const PERIOD_CHOICES = [
  { value: '30', label: k('Last 30 days') },
  { value: '90', label: k('Last 90 days') },
  { value: '365', label: k('Last 365 days') },
  { value: 'custom', label: k('Custom range') },
] as const;
export type PeriodChoice = (typeof PERIOD_CHOICES)[number]['value'];
const DEFAULT_PERIOD: PeriodChoice = '90';

const isPeriodChoice = (v: string | null): v is PeriodChoice => PERIOD_CHOICES.some((c) => c.value === v);
const isReportType = (v: string | null): v is ReportType => REPORT_TYPES.some((t) => t === v);

/** The last `days` days, today included. */
const lastDays = (days: number, today: string): ReportPeriod => ({
  from: addDays(today, -(days - 1)),
  to: today,
});

export type ReportSelection = {
  type: ReportType;
  choice: PeriodChoice;
  /** What the date inputs hold (custom), or the dates of the chosen range. */
  from: string;
  to: string;
  /** The period to ask for, or why there is none (a custom range that is not valid). */
  period: { ok: true; value: ReportPeriod } | { ok: false; message: string };
};

export function readSelection(params: URLSearchParams, today: string): ReportSelection {
  const rawType = params.get('type');
  const type = isReportType(rawType) ? rawType : 'project-status';
  const rawChoice = params.get('period');
  const choice = isPeriodChoice(rawChoice) ? rawChoice : DEFAULT_PERIOD;
  if (choice !== 'custom') {
    const value = lastDays(Number(choice), today);
    return { type, choice, ...value, period: { ok: true, value } };
  }
  const fallback = lastDays(Number(DEFAULT_PERIOD), today);
  const from = params.get('from') ?? fallback.from;
  const to = params.get('to') ?? fallback.to;
  if (!from || !to || !ReportQuerySchema.safeParse({ from, to }).success)
    return { type, choice, from, to, period: { ok: false, message: reportMessages.invalidDate } };
  const resolved = resolveReportPeriod({ from, to }, today);
  return {
    type,
    choice,
    from,
    to,
    period: resolved.ok ? { ok: true, value: resolved.period } : { ok: false, message: resolved.message },
  };
}
