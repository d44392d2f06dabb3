import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { taskRelations } from '../../db/schema/index.ts';
import { createProduct, createTask } from '../../testing/factories.ts';
import { useTestApp } from '../../testing/http.ts';

// The CSV export's relation columns (issue 29): the parent's key and the related tasks' keys,
// joined by "; ", naming only tasks the exporter sees.

const { ctx, as, member, productOf } = useTestApp();

describe('the task CSV export', () => {
  it('names each task’s parent and related tasks by key, only those the exporter sees', async () => {
    const owner = await member('Olive Owner');
    const { product } = await productOf(owner);
    const top = await createTask(ctx, product.id, { title: 'Top' });
    const sub = await createTask(ctx, product.id, { title: 'Sub', parentId: top.id });
    const side = await createTask(ctx, product.id, { title: 'Side' });
    const copy = await createTask(ctx, product.id, { title: 'Copy' });
    // A task of a product the owner does not see.
    const stranger = await member('Sid Stranger');
    const hidden = await createTask(ctx, (await createProduct(ctx, stranger.user.id)).id, {
      title: 'Hidden',
    });
    await ctx.db.insert(taskRelations).values([
      { kind: 'blocks', sourceId: top.id, targetId: side.id },
      { kind: 'blocks', sourceId: top.id, targetId: sub.id },
      { kind: 'relates', sourceId: side.id, targetId: sub.id },
      { kind: 'duplicates', sourceId: copy.id, targetId: side.id },
      { kind: 'blocks', sourceId: hidden.id, targetId: side.id },
    ]);

    const res = await as(owner, { url: `/api/tasks/export.csv?productId=${product.id}&sort=title` });
    expect(res.statusCode).toBe(200);
    const rows = parse(res.body, { columns: true, bom: true }) as Array<Record<string, string>>;
    const cells = (title: string) => {
      const row = rows.find((r) => r.title === title);
      return [row?.key, row?.parent, row?.blocks, row?.blocked_by, row?.relates_to, row?.duplicate_of];
    };
    const bothBlocked = [side.key, sub.key].sort().join('; ');
    expect(cells('Top')).toEqual([top.key, '', bothBlocked, '', '', '']);
    expect(cells('Sub')).toEqual([sub.key, top.key, '', top.key, side.key, '']);
    // Blocked by a task out of the owner's sight: not named.
    expect(cells('Side')).toEqual([side.key, '', '', top.key, sub.key, '']);
    expect(cells('Copy')).toEqual([copy.key, '', '', '', '', side.key]);
  });
});
