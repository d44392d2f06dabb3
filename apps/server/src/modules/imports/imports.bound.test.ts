import { IMPORT_MAX_ITEMS } from '@shipyard/shared';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { taskChecklistItems, taskComments, tasks } from '../../db/schema/index.ts';
import { createProduct } from '../../testing/factories.ts';
import { type Signed, useTestApp } from '../../testing/http.ts';

// Issue 27 #4: an import's work is bounded as a whole, not only its bytes and rows: the checklist
// items and comments it would create, counted over every row, at most IMPORT_MAX_ITEMS in all.

const { ctx, as, member } = useTestApp();

const PER_ROW = 200;
const message = (n: number) =>
  `An import may create at most ${IMPORT_MAX_ITEMS} checklist items and comments in all; this one would create ${n}.`;

/** A CSV whose checklist column holds `items` items in all, 200 to a row. */
function csvWith(items: number) {
  const rows = ['Title,Checklist'];
  for (let row = 0; items > 0; row++, items -= PER_ROW) {
    const n = Math.min(PER_ROW, items);
    rows.push(`Task ${row},${Array.from({ length: n }, (_, i) => `i${i}`).join(';')}`);
  }
  return rows.join('\n');
}

async function stored(productId: string) {
  const ofProduct = eq(tasks.productId, productId);
  const [t] = await ctx.db.select({ n: count() }).from(tasks).where(ofProduct);
  const [i] = await ctx.db
    .select({ n: count() })
    .from(taskChecklistItems)
    .innerJoin(tasks, eq(tasks.id, taskChecklistItems.taskId))
    .where(ofProduct);
  const [c] = await ctx.db
    .select({ n: count() })
    .from(taskComments)
    .innerJoin(tasks, eq(tasks.id, taskComments.taskId))
    .where(ofProduct);
  return { tasks: t?.n ?? 0, items: i?.n ?? 0, comments: c?.n ?? 0 };
}

const importCsv = (who: Signed, productId: string, csv: string, dryRun: boolean) =>
  as(who, {
    method: 'POST',
    url: `/api/tasks/${productId}/import/csv${dryRun ? '?dryRun=1' : ''}`,
    payload: { csv },
  });

describe('the bound on the work of one import', () => {
  it('imports a CSV that creates exactly the most checklist items an import may', async () => {
    const ivy = await member('Ivy Importer');
    const product = await createProduct(ctx, ivy.user.id);
    const csv = csvWith(IMPORT_MAX_ITEMS);

    const dry = await importCsv(ivy, product.id, csv, true);
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json()).toMatchObject({ errorCount: 0, total: IMPORT_MAX_ITEMS / PER_ROW });
    const real = await importCsv(ivy, product.id, csv, false);
    expect(real.statusCode, real.body).toBe(200);
    expect(await stored(product.id)).toEqual({
      tasks: IMPORT_MAX_ITEMS / PER_ROW,
      items: IMPORT_MAX_ITEMS,
      comments: 0,
    });
  });

  it('refuses one item more in the dry run and in the import, saying the bound, and stores nothing', async () => {
    const ivy = await member('Ivo Importer');
    const product = await createProduct(ctx, ivy.user.id);
    const csv = csvWith(IMPORT_MAX_ITEMS + 1);

    for (const dryRun of [true, false]) {
      const res = await importCsv(ivy, product.id, csv, dryRun);
      expect(res.statusCode, `dryRun ${dryRun}`).toBe(400);
      expect(res.json()).toMatchObject({ code: 'IMPORT_TOO_LARGE', message: message(IMPORT_MAX_ITEMS + 1) });
    }
    expect(await stored(product.id)).toEqual({ tasks: 0, items: 0, comments: 0 });
  });

  it("counts a Trello board's comments with its checklist items", async () => {
    const tom = await member('Tom Trello');
    const product = await createProduct(ctx, tom.user.id);
    const cards = IMPORT_MAX_ITEMS / PER_ROW;
    const board = {
      name: 'Big board',
      lists: [{ id: 'l1', name: 'To do' }],
      cards: Array.from({ length: cards }, (_, i) => ({ id: `c${i}`, name: `Card ${i}`, idList: 'l1' })),
      checklists: Array.from({ length: cards }, (_, i) => ({
        id: `k${i}`,
        idCard: `c${i}`,
        name: 'Steps',
        checkItems: Array.from({ length: PER_ROW }, (_, j) => ({ name: `s${j}`, state: 'incomplete' })),
      })),
      actions: [{ type: 'commentCard', data: { text: 'One comment too many', card: { id: 'c0' } } }],
    };
    for (const dryRun of [true, false]) {
      const res = await as(tom, {
        method: 'POST',
        url: `/api/tasks/${product.id}/import/trello${dryRun ? '?dryRun=1' : ''}`,
        payload: { board },
      });
      expect(res.statusCode, `dryRun ${dryRun}`).toBe(400);
      expect(res.json()).toMatchObject({ code: 'IMPORT_TOO_LARGE', message: message(IMPORT_MAX_ITEMS + 1) });
    }
    expect(await stored(product.id)).toEqual({ tasks: 0, items: 0, comments: 0 });
  });
});
