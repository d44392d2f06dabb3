import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addJob } from '../../lib/jobs.ts';
import { createTask, signIn } from '../../testing/factories.ts';
import { useTestApp } from '../../testing/http.ts';
import { multipartFile } from '../../testing/multipart.ts';
import { deleteProduct, deleteTask, restore, trashList } from './trash.test-kit.ts';

// The purge (issue 28): what has been in the trash for 30 days goes, rows and files, by the
// hourly job; younger things stay. The test app's clock is moved instead of waiting.
const { ctx, as, member, taskOf } = useTestApp();
const DAY = 86_400_000;

/** The stored rows of a task or product, trashed or not (the tables, not the live views). */
const stored = async (table: 'tasks' | 'products', id: string) =>
  (await ctx.db.execute(sql`select id from ${sql.raw(`public.${table}`)} where id = ${id}`)).rows.length;

async function filesOnDisk(): Promise<string[]> {
  const dir = path.join(ctx.dataDir, 'uploads', 'documents');
  return readdir(dir).catch(() => []);
}

async function runPurge() {
  await addJob(ctx.db, 'trash.purge', {});
  await ctx.app.jobs.runDue();
}

describe('the purge job', () => {
  it('purges, with their files, the tasks and products deleted 30 days ago, and keeps younger ones', async () => {
    const owner = await member();
    const { product, task } = await taskOf(owner);
    const file = multipartFile('file', 'old.txt', 'text/plain', Buffer.from('old bytes'));
    const attached = await as(owner, {
      method: 'POST',
      url: `/api/tasks/${task.id}/files`,
      payload: file.payload,
      headers: file.headers,
    });
    expect(attached.statusCode).toBe(201);
    const onDisk = await filesOnDisk();
    expect(onDisk.length).toBeGreaterThan(0);
    const { product: gone } = await taskOf(owner);

    expect((await as(owner, deleteTask(task.id))).statusCode).toBe(200);
    expect((await as(owner, deleteProduct(gone.id))).statusCode).toBe(200);

    ctx.clock.advance(29 * DAY);
    await runPurge();
    // Sessions last 7 days: a new one for the rest.
    const later = { ...owner, ...(await signIn(ctx, owner.user)) };
    expect(await stored('tasks', task.id)).toBe(1);
    expect(await stored('products', gone.id)).toBe(1);
    expect((await as(later, trashList())).json().data).toHaveLength(2);

    // A task deleted now is 30 days younger than the others: it stays when they go.
    const young = await createTask(ctx, product.id, { title: 'Deleted later' });
    expect((await as(later, deleteTask(young.id))).statusCode).toBe(200);
    ctx.clock.advance(DAY + 60_000);
    await runPurge();
    expect(await stored('tasks', task.id)).toBe(0);
    expect(await stored('products', gone.id)).toBe(0);
    expect(await stored('tasks', young.id)).toBe(1);
    const left = await filesOnDisk();
    for (const key of onDisk) expect(left).not.toContain(key);
    expect((await as(later, restore('task', task.id))).statusCode).toBe(404);
    expect((await as(later, trashList())).json().data.map((i: { id: string }) => i.id)).toEqual([young.id]);
  });
});
