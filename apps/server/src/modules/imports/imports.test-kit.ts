import { count, eq } from 'drizzle-orm';
import { beforeAll, expect } from 'vitest';
import { tasks } from '../../db/schema/index.ts';
import { useProductCast } from '../../testing/cast.ts';
import { createTeam } from '../../testing/factories.ts';
import { type Req, type Signed, useTestApp } from '../../testing/http.ts';

// The import route tests' prelude: the product cast (testing/cast.ts) with a second team, Web,
// the import requests, and the tasks a product holds afterwards.

export const csvImport = (payload: object, id: string, dryRun = false): Req => ({
  method: 'POST',
  url: `/api/tasks/${id}/import/csv${dryRun ? '?dryRun=1' : ''}`,
  payload,
});
export const trelloImport = (payload: object, id: string, dryRun = false): Req => ({
  method: 'POST',
  url: `/api/tasks/${id}/import/trello${dryRun ? '?dryRun=1' : ''}`,
  payload,
});

export type ListedTask = {
  id: string;
  title: string;
  description: string;
  status: string;
  priority: string;
  phase: string | null;
  dueDate: string | null;
  assignee: { name: string } | null;
  team: { name: string } | null;
  labels: { name: string; color: string }[];
};

export function useImportTests() {
  const prelude = useTestApp();
  const { ctx, as } = prelude;
  const cast = useProductCast(ctx);
  beforeAll(async () => {
    await createTeam(ctx, cast.productId(), { name: 'Web' });
  });

  async function taskCount(id = cast.productId()) {
    const [row] = await ctx.db.select({ n: count() }).from(tasks).where(eq(tasks.productId, id));
    return row?.n ?? 0;
  }
  /** The tasks of a product as its list answers them. */
  async function board(id: string, who: Signed = cast.alice): Promise<ListedTask[]> {
    const res = await as(who, { url: `/api/tasks/${id}/tasks?limit=200` });
    expect(res.statusCode).toBe(200);
    return res.json<{ data: ListedTask[] }>().data;
  }
  return { ...prelude, ...cast, taskCount, board };
}
