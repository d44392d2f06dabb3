import type { ReportValue, ReportValueKind } from '@shipyard/shared';
import { format } from 'date-fns';
import { formatDate } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n/index.ts';

// How a report's values read on screen (the CSV keeps them raw): numbers with the locale's
// grouping and at most one decimal, percentages with %, days with their unit, dates in the
// user's locale, and a dash for "none".

const numberFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });

export const NONE = '—';

export function formatReportValue(value: ReportValue, kind: ReportValueKind, withUnit = false): string {
  if (value === null || value === '') return NONE;
  if (typeof value === 'string') return kind === 'date' ? formatDate(value) : value;
  const n = numberFormat.format(value);
  if (kind === 'percent') return `${n}%`;
  if (kind === 'days' && withUnit) return t('{{number}} days', { count: value, number: n });
  return n;
}

/** The local calendar day as 'YYYY-MM-DD' (the periods are chosen in the user's time zone). */
export const localDay = (date: Date = new Date()) => format(date, 'yyyy-MM-dd');

/** '2026-03-02' → 'Mar 2' on a chart's axis. */
export function shortDay(value: string): string {
  const [y, m, d] = value.split('-').map(Number);
  if (!y || !m || !d) return value;
  return format(new Date(y, m - 1, d), 'MMM d');
}
