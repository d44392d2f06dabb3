import { casual } from 'chrono-node/en';
import { format, isValid, parseISO } from 'date-fns';

// Due dates typed in words (issue 28): "fri", "next week", "in 3 days", "tomorrow", "dec 3", or a
// date as YYYY-MM-DD, read with chrono-node (English) against the user's own clock.

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The day the text means, as YYYY-MM-DD; null for an empty text (no due date); undefined when it
 * means no date. Weekdays and month days look forward ("fri" is the coming Friday).
 */
export function parseDueDate(text: string, now: Date = new Date()): string | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (ISO_DAY.test(trimmed)) return isValid(parseISO(trimmed)) ? trimmed : undefined;
  const date = casual.parseDate(trimmed, now, { forwardDate: true });
  return date && isValid(date) ? format(date, 'yyyy-MM-dd') : undefined;
}
