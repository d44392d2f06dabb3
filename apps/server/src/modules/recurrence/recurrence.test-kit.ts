import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { tasks } from '../../db/schema/index.ts';
import type { Req, Signed, useTestApp } from '../../testing/http.ts';
import type { TestContext } from '../../testing/test-app.ts';

// What the recurrence tests send and read back.

type As = ReturnType<typeof useTestApp>['as'];

export const repeat = (taskId: string, payload: object): Req => ({
  method: 'PUT',
  url: `/api/tasks/${taskId}/recurrence`,
  payload,
});
export const stop = (taskId: string): Req => ({ method: 'DELETE', url: `/api/tasks/${taskId}/recurrence` });
export const recurrenceOf = (taskId: string): Req => ({ url: `/api/tasks/${taskId}/recurrence` });
/** The board's move (PATCH …/task/update). */
export const move = (taskId: string, status: string): Req => ({
  method: 'PATCH',
  url: `/api/tasks/${taskId}/task/update`,
  payload: { status },
});
/** The page's edit (PATCH …/update). */
export const edit = (taskId: string, payload: object): Req => ({
  method: 'PATCH',
  url: `/api/tasks/${taskId}/update`,
  payload,
});

export function useRecurrenceKit(ctx: TestContext, as: As) {
  return {
    /** Makes the task repeat; the answer must be 200. */
    async makeRepeat(who: Signed, taskId: string, payload: object) {
      const res = await as(who, repeat(taskId, payload));
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { seriesId: string; next: string[]; words: string };
    },
    /** The live tasks of a product with that title, by due date. */
    async titled(productId: string, title: string) {
      const rows = await ctx.db.select().from(tasks).where(eq(tasks.productId, productId));
      return rows
        .filter((row) => row.title === title)
        .sort((a, b) => (a.dueDate ?? '').localeCompare(b.dueDate ?? ''));
    },
  };
}
