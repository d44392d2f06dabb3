import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createProduct, createTask } from '../testing/factories.ts';
import { useTestApp } from '../testing/http.ts';
import { createLiveViews, dropLiveViews } from './live-views.ts';
import { runMigrations } from './migrate.ts';

// The live views (docs/decisions/034-trash.md): the app's connections read `tasks` and `products`
// without what is in the trash, migrations change the tables, and the views follow their columns.
const { ctx } = useTestApp();

const viewOid = async () =>
  (await ctx.pool.query<{ oid: number }>(`select to_regclass('live.tasks')::oid as oid`)).rows[0]?.oid;

describe('the live views', () => {
  it('hide a trashed row from the app’s connections; the table keeps it', async () => {
    const product = await createProduct(ctx, null);
    const task = await createTask(ctx, product.id);
    await ctx.pool.query('update public.tasks set deleted_at = now() where id = $1', [task.id]);
    expect((await ctx.pool.query('select id from tasks where id = $1', [task.id])).rows).toEqual([]);
    // Nor can a write reach it through the view.
    expect((await ctx.pool.query(`update tasks set title = 'x' where id = $1`, [task.id])).rowCount).toBe(0);
    expect((await ctx.pool.query('select id from public.tasks where id = $1', [task.id])).rows).toHaveLength(
      1,
    );
  });

  it('are left alone by a start with nothing to migrate, and carry a column a migration adds', async () => {
    const before = await viewOid();
    await runMigrations(ctx.databaseUrl);
    expect(await viewOid()).toBe(before);

    const client = new pg.Client({ connectionString: ctx.databaseUrl });
    await client.connect();
    try {
      await dropLiveViews(client);
      await client.query('alter table public.tasks add column test_added integer not null default 7');
      await createLiveViews(client);
    } finally {
      await client.end();
    }
    const product = await createProduct(ctx, null);
    const task = await createTask(ctx, product.id);
    const { rows } = await ctx.pool.query('select test_added from tasks where id = $1', [task.id]);
    expect(rows).toEqual([{ test_added: 7 }]);
  });
});
