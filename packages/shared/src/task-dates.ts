import { z } from 'zod/mini';
import { isoDate } from './products.ts';

// A task's start date (issue 31, docs/decisions/057-gantt.md): on or before its due date.

export const taskDateMessages = {
  startDateInvalid: 'Start date must be a valid date',
  startAfterDue: 'The start date must be on or before the due date.',
} as const;

/** A start date in a body: a day, or none ('' too). */
export const StartDateInputSchema = z.pipe(
  z.transform((v: unknown) => (v === '' || v === undefined ? null : v)),
  z.nullable(isoDate(taskDateMessages.startDateInvalid)),
);

/** A task's start and due dates are in order when either is missing or start ≤ due (issue 31). */
export const taskDatesInOrder = (startDate: string | null | undefined, dueDate: string | null | undefined) =>
  !startDate || !dueDate || startDate <= dueDate;

/**
 * The check of a form or body holding both dates: the message goes to the start date's field.
 * (A check of its own, not one on CreateTaskSchema: the templates omit fields from that schema.)
 */
export const datesInOrderCheck = <T extends { startDate?: string | null; dueDate?: string | null }>() =>
  z.refine<T>((v) => taskDatesInOrder(v.startDate, v.dueDate), {
    error: taskDateMessages.startAfterDue,
    path: ['startDate'],
  });
