import { describeRule, type RuleParts, WEEKDAYS } from '@shipyard/shared';
import { currentLanguage, formattingLocale, t } from './i18n/index.ts';

// Issue 33: a repeat rule in the reader's words ("Every week on Mon, Thu"). English is the shared
// describeRule's text itself (packages/shared, the server writes it too); another language builds
// the same sentence from whole translated parts, with its own day and month names.

const WORK_WEEK = 'MO,TU,WE,TH,FR';

const format = (options: Intl.DateTimeFormatOptions, date: Date) =>
  new Intl.DateTimeFormat(formattingLocale(), { ...options, timeZone: 'UTC' }).format(date);

/** The rule's first words: 'Every week', 'Every 2 months', 'Every weekday'. */
function every(parts: RuleParts): string {
  const n = parts.interval;
  switch (parts.freq) {
    case 'DAILY':
      return n === 1 ? t('Every day') : t('Every {{count}} days', { count: n });
    case 'WEEKLY':
      return n === 1 ? t('Every week') : t('Every {{count}} weeks', { count: n });
    case 'MONTHLY':
      return n === 1 ? t('Every month') : t('Every {{count}} months', { count: n });
    default:
      return n === 1 ? t('Every year') : t('Every {{count}} years', { count: n });
  }
}

/** The rule in the reader's words. */
export function ruleWords(parts: RuleParts): string {
  if (currentLanguage() === 'en') return describeRule(parts);
  const days = [...parts.byDay].sort((a, b) => WEEKDAYS.indexOf(a) - WEEKDAYS.indexOf(b));
  let words: string;
  if (parts.freq === 'WEEKLY' && parts.interval === 1 && days.join() === WORK_WEEK) {
    words = t('Every weekday');
  } else {
    words = every(parts);
    if (days.length > 0) {
      // 2024-01-01 was a Monday.
      const names = days.map((day) =>
        format({ weekday: 'short' }, new Date(Date.UTC(2024, 0, 1 + WEEKDAYS.indexOf(day)))),
      );
      words = t('{{rule}} on {{days}}', { rule: words, days: names.join(', ') });
    }
    if (parts.byMonth !== null) {
      const month = format({ month: 'short' }, new Date(Date.UTC(2024, parts.byMonth - 1, 1)));
      words = t('{{rule}} in {{month}}', { rule: words, month });
    }
    if (parts.byMonthDay !== null) {
      words = t('{{rule}} on day {{day}}', { rule: words, day: parts.byMonthDay });
    }
  }
  if (parts.count !== null) words = t('{{rule}}, {{count}} times', { rule: words, count: parts.count });
  if (parts.until !== null) {
    const until = format({ dateStyle: 'medium' }, new Date(`${parts.until}T00:00:00Z`));
    words = t('{{rule}}, until {{date}}', { rule: words, date: until });
  }
  return words;
}
