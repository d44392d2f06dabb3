import type { AnalyticsGranularity, AnalyticsKpi } from '@shipyard/shared';
import { formatNumber, toDate } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n/index.ts';

// How the analytics figures read, in the user's locale (ARCHITECTURE §6).

export const NO_VALUE = '—';

const oneDecimal = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });
const percent = new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 1 });

/** 12,345 · 66.7% · 2.5 days; '—' when there is nothing to measure. */
export function formatKpiValue(value: number | null, unit: AnalyticsKpi['unit']): string {
  if (value === null) return NO_VALUE;
  if (unit === 'percent') return `${oneDecimal.format(value)}%`;
  if (unit === 'days') return t('{{number}} days', { count: value, number: oneDecimal.format(value) });
  return formatNumber(value);
}

/** The size of a change ratio as a percentage (its direction is the arrow): -0.125 → '12.5%'. */
export function formatChangeMagnitude(change: number): string {
  return percent.format(Math.abs(change));
}

export type ChangeTone = 'good' | 'bad' | 'neutral';

/** Good news is a rise of what should rise and a fall of what should fall. */
export function changeTone(change: number, better: AnalyticsKpi['better']): ChangeTone {
  if (change === 0 || better === 'neutral') return 'neutral';
  return change > 0 === (better === 'up') ? 'good' : 'bad';
}

const dayFormat = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' });
const monthFormat = new Intl.DateTimeFormat(undefined, { month: 'short', year: 'numeric' });

/** A bucket's first day as an axis label: 'Mar 9' for days and weeks, 'Mar 2026' for months. */
export function bucketLabel(date: string, granularity: AnalyticsGranularity): string {
  const day = toDate(date);
  if (!day) return date;
  return granularity === 'month' ? monthFormat.format(day) : dayFormat.format(day);
}

/** The same, spelled out for a tooltip or a table: 'Week of Mar 9'. */
export function bucketTitle(date: string, granularity: AnalyticsGranularity): string {
  const label = bucketLabel(date, granularity);
  return granularity === 'week' ? t('Week of {{date}}', { date: label }) : label;
}

export const formatDays = (value: number | null) => formatKpiValue(value, 'days');
export const formatPercent = (value: number | null) => formatKpiValue(value, 'percent');
