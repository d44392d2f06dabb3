import { k } from '../../../lib/i18n/index.ts';

// The snooze picker's choices (issue 30), in the user's local time.

export type SnoozeChoice = 'laterToday' | 'tomorrow' | 'nextWeek';

/** Shown with `t()`. */
export const snoozeLabels: Record<SnoozeChoice, string> = {
  laterToday: k('Later today'),
  tomorrow: k('Tomorrow'),
  nextWeek: k('Next week'),
};

export const SNOOZE_CHOICES: readonly SnoozeChoice[] = ['laterToday', 'tomorrow', 'nextWeek'];

const HOUR_MS = 60 * 60 * 1000;

/** Later today: in three hours. Tomorrow: 9:00. Next week: the coming Monday, 9:00. */
export function snoozeUntil(choice: SnoozeChoice, now: Date): Date {
  if (choice === 'laterToday') return new Date(now.getTime() + 3 * HOUR_MS);
  const at = new Date(now);
  at.setHours(9, 0, 0, 0);
  if (choice === 'tomorrow') {
    at.setDate(at.getDate() + 1);
    return at;
  }
  // Days until the next Monday (getDay: Sunday 0, Monday 1); a Monday goes to the one after.
  const days = (8 - at.getDay()) % 7 || 7;
  at.setDate(at.getDate() + days);
  return at;
}
