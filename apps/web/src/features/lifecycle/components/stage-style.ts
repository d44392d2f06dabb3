import type { ProductStatus } from '@shipyard/shared';
import { shownStatus } from '../../../lib/activity.ts';
import { t } from '../../../lib/i18n/index.ts';

// The stages' colours, the products board's (spec §4): planning blue, development amber, testing
// purple, production green, maintenance gray; the charts' as CSS variables, lighter in dark mode.
export const stageDot: Record<ProductStatus, string> = {
  planning: 'bg-blue-500',
  development: 'bg-amber-500',
  testing: 'bg-purple-500',
  production: 'bg-green-500',
  maintenance: 'bg-zinc-500',
};

export const stageColour: Record<string, string> = {
  planning: 'var(--color-blue-500)',
  development: 'var(--color-amber-500)',
  testing: 'var(--color-purple-500)',
  production: 'var(--color-green-600)',
  maintenance: 'var(--color-zinc-400)',
  Pending: 'var(--color-zinc-400)',
  'In Progress': 'var(--color-sky-500)',
  Completed: 'var(--color-green-600)',
};

/** 'testing' → 'Testing' in the reader's language. */
export const stageName = (stage: string) => shownStatus(stage);

/** Days as the reports show them: "12.5 d". */
export const daysText = (days: number | null | undefined) =>
  days === null || days === undefined ? '–' : t('{{days}} d', { days: days.toLocaleString() });

/** A share as a percentage: 0.333 → "33 %". */
export const rateText = (rate: number | null) =>
  rate === null ? '–' : t('{{percent}} %', { percent: Math.round(rate * 100).toLocaleString() });
