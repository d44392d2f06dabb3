import { datesInOrderCheck } from './task-dates.ts';
import { CreateTaskSchema } from './tasks.ts';

/** The task dialog's schema: a create's, with the start date on or before the due date (issue 31). */
export const CreateTaskFormSchema = CreateTaskSchema.check(datesInOrderCheck());
