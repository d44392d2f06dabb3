import { eq } from 'drizzle-orm';
import { tasks } from '../../db/schema/index.ts';
import type { Req } from '../../testing/http.ts';
import type { TestContext } from '../../testing/test-app.ts';

// The requests the task route tests send, and what they read back.

export const create = (payload: object): Req => ({ method: 'POST', url: '/api/tasks', payload });
export const edit = (id: string, payload: object, method: 'PATCH' | 'PUT' = 'PATCH'): Req => ({
  method,
  url: `/api/tasks/${id}/update`,
  payload,
});
export const setStatus = (id: string, status: unknown): Req => ({
  method: 'PATCH',
  url: `/api/tasks/${id}/task/update`,
  payload: { status },
});

type Listed = { data: { id: string; title: string }[]; total: number; nextCursor: string | null };
export const ids = (body: Listed) => body.data.map((t) => t.id);
export const titles = (body: Listed) => body.data.map((t) => t.title);

export const storedTask = async (ctx: Pick<TestContext, 'db'>, id: string) =>
  (await ctx.db.select().from(tasks).where(eq(tasks.id, id)))[0];
