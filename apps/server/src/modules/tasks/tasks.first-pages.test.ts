import { TaskQuerySchema } from '@shipyard/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { labels, taskLabels, tasks } from '../../db/schema/index.ts';
import { addMember, createProduct, createTask, createTeam } from '../../testing/factories.ts';
import { useTestApp } from '../../testing/http.ts';
import { createFirstPages } from './tasks.first-pages.ts';
import { createTaskListing } from './tasks.listing.ts';

// A first page over several products is repaired from the rows kept of it after a write to some of
// them (tasks.first-pages.ts, decision 041): it must be, row for row, the page a fresh read gives,
// in every sort and grouping, after any write to any product, however many of its rows left.

const { ctx, member } = useTestApp();

const SHAPES = [
  {},
  { sort: 'title' },
  { sort: 'due', order: 'asc' },
  { sort: 'updated' },
  { sort: 'priority' },
  { status: 'Pending' },
  { label: 'bug' },
  { group: 'status' },
  { group: 'label' },
  { group: 'priority', sort: 'title' },
  { group: 'product', sort: 'due' },
  { group: 'assignee' },
].map((shape) => TaskQuerySchema.parse({ ...shape, limit: '2' }));

/** A small deterministic generator (the same writes on every run). */
function random(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state % n;
  };
}

describe('first pages repaired from the rows kept', () => {
  it('are the pages a fresh read gives after writes to one product or two', async () => {
    const owner = await member('Olga Owner');
    const dev = await member('Dev Eloper');
    const pick = random(7);
    const products: string[] = [];
    const taskIds: string[] = [];
    for (let p = 0; p < 6; p++) {
      const product = await createProduct(ctx, owner.user.id, { name: `Product ${p}` });
      const team = await createTeam(ctx, product.id);
      await addMember(ctx, team.id, dev.user.id);
      products.push(product.id);
      const [bug, docs] = await ctx.db
        .insert(labels)
        .values([
          { productId: product.id, name: 'bug', color: '#aa0000' },
          { productId: product.id, name: 'docs', color: '#0000aa' },
        ])
        .returning();
      for (let t = 0; t < 6; t++) {
        const task = await createTask(ctx, product.id, {
          title: `T${pick(100)}`,
          priority: (['low', 'medium', 'high', 'critical'] as const)[pick(4)],
          dueDate: pick(3) ? `2026-0${1 + pick(9)}-1${pick(10)}` : null,
          assigneeId: pick(2) ? dev.user.id : owner.user.id,
        });
        taskIds.push(task.id);
        const label = [bug, docs, undefined][pick(3)];
        if (label) await ctx.db.insert(taskLabels).values({ taskId: task.id, labelId: label.id });
      }
    }
    const viewer = { id: dev.user.id, role: 'member' as const };
    const now = () => new Date('2026-05-01T12:00:00Z');
    const kept = createTaskListing(ctx.db, { now });
    const pageOf = async (listing: ReturnType<typeof createTaskListing>, query: (typeof SHAPES)[number]) => {
      const page = await listing.list({ ...query, me: viewer, visibleTo: viewer });
      return { ids: page.rows.map((row) => row.task.id), next: page.nextCursor, total: page.total };
    };
    const compare = async (step: string) => {
      const fresh = createTaskListing(ctx.db, { now });
      for (const shape of SHAPES) {
        expect(await pageOf(kept, shape), `${step}: ${JSON.stringify(shape)}`).toEqual(
          await pageOf(fresh, shape),
        );
      }
    };
    await compare('first read');

    const writes = [
      async (id: string) => {
        await ctx.db.update(tasks).set({ status: 'Completed' }).where(eq(tasks.id, id));
      },
      async (id: string) => {
        await ctx.db
          .update(tasks)
          .set({ title: `A${pick(100)}`, updatedAt: new Date() })
          .where(eq(tasks.id, id));
      },
      async (id: string) => {
        await ctx.db.update(tasks).set({ dueDate: null, priority: 'critical' }).where(eq(tasks.id, id));
      },
      async (id: string) => {
        await ctx.db.delete(tasks).where(eq(tasks.id, id));
      },
      async (id: string) => {
        await ctx.db.execute(sql`delete from task_labels where task_id = ${id}`);
      },
      async (id: string) => {
        const [row] = await ctx.db.select({ productId: tasks.productId }).from(tasks).where(eq(tasks.id, id));
        if (!row) return;
        const [bug] = await ctx.db
          .select()
          .from(labels)
          .where(and(eq(labels.productId, row.productId), eq(labels.name, 'bug')));
        if (bug)
          await ctx.db.insert(taskLabels).values({ taskId: id, labelId: bug.id }).onConflictDoNothing();
      },
      // Many rows of one product leave at once (past the rows kept, others' rows are unknown).
      async (id: string) => {
        const [row] = await ctx.db.select({ productId: tasks.productId }).from(tasks).where(eq(tasks.id, id));
        if (row)
          await ctx.db.update(tasks).set({ status: 'Completed' }).where(eq(tasks.productId, row.productId));
      },
      async (id: string) => {
        const [row] = await ctx.db.select({ productId: tasks.productId }).from(tasks).where(eq(tasks.id, id));
        if (row)
          await ctx.db.execute(sql`delete from task_labels where task_id in
          (select id from tasks where product_id = ${row.productId})`);
      },
      async () => {
        const product = products[pick(products.length)] ?? '';
        const task = await createTask(ctx, product, { title: `N${pick(100)}`, dueDate: '2026-01-02' });
        taskIds.push(task.id);
      },
    ];
    for (let step = 0; step < 30; step++) {
      // One product written to, now and then two.
      for (let n = step % 5 === 4 ? 2 : 1; n > 0; n--) {
        const op = pick(writes.length);
        await writes[op]?.(taskIds[pick(taskIds.length)] ?? '');
      }
      await compare(`after step ${step}`);
    }
  });
});

describe('a first page whose kept rows left', () => {
  it('reads past the last row kept only what it knows: the rows of other products there were never kept', async () => {
    const owner = await member('Olga Owner');
    const dev = await member('Dev Eloper');
    const titles: Record<string, string[]> = {
      A: ['A0', 'A1', 'A2', 'A3', 'A4', 'Z7', 'Z8', 'Z9'],
      B: ['B0', 'B1', 'B2'],
      C: ['C0', 'C1'],
      D: ['D0', 'D1'],
    };
    const gone: string[] = [];
    for (const [name, list] of Object.entries(titles)) {
      const product = await createProduct(ctx, owner.user.id, { name });
      await addMember(ctx, (await createTeam(ctx, product.id)).id, dev.user.id);
      for (const title of list) {
        const task = await createTask(ctx, product.id, { title });
        if (/^A[0-4]$/.test(title)) gone.push(task.id);
      }
    }
    const viewer = { id: dev.user.id, role: 'member' as const };
    const now = () => new Date('2026-05-01T12:00:00Z');
    const query = { ...TaskQuerySchema.parse({ sort: 'title', limit: '2' }), me: viewer, visibleTo: viewer };
    const listing = createTaskListing(ctx.db, { now });
    const titlesOf = async () => (await listing.list(query)).rows.map((row) => row.task.title);
    // Kept: A0, A1, A2 (the page and the row that says another follows).
    expect(await titlesOf()).toEqual(['A0', 'A1']);
    await ctx.db.delete(tasks).where(inArray(tasks.id, gone));
    // Product A's Z7..Z9 are past A2, the last row kept: B0, B1 and the others come before them.
    expect(await titlesOf()).toEqual(['B0', 'B1']);
  });
});

describe('which products a kept first page is repaired for', () => {
  const versions = (entries: [string, string][]) => new Map(entries);
  const row = (id: string, productId: string) => ({ id, productId, cursorValues: [id] });

  it('repairs the products whose version moved, bounded by the last row kept', () => {
    const pages = createFirstPages({ maxEntries: 2 });
    const ids = ['p1', 'p2', 'p3', 'p4'];
    const at = versions(ids.map((id) => [id, '1.0']));
    pages.keep(
      'list',
      { products: ids, now: at, rows: [row('a', 'p1'), row('b', 'p2'), row('c', 'p1')], complete: false },
      'whole',
      1,
    );
    expect(pages.repair('list', ids, at)).toEqual({
      kept: [row('a', 'p1'), row('b', 'p2'), row('c', 'p1')],
      changed: [],
      bound: { values: ['c'], id: 'c' },
      complete: false,
    });
    const moved = versions([...at, ['p1', '2.0']]);
    expect(pages.repair('list', ids, moved)).toMatchObject({ kept: [row('b', 'p2')], changed: ['p1'] });
  });

  it('picks the whole page again while its repair took longer than its whole pick', () => {
    const pages = createFirstPages({ maxEntries: 2 });
    const ids = ['p1', 'p2', 'p3', 'p4'];
    const at = versions(ids.map((id) => [id, '1']));
    const kept = { products: ids, now: at, rows: [row('a', 'p1')], complete: false };
    pages.keep('list', kept, 'whole', 0.5);
    pages.keep('list', kept, 'repaired', 1.5);
    expect(pages.repair('list', ids, at)).toBeUndefined();
    // The whole pick got dearer (the list grew, or its index no longer serves it): repaired again.
    pages.keep('list', kept, 'whole', 4);
    expect(pages.repair('list', ids, at)).toBeDefined();
  });

  it('starts anew for other products, more than a quarter of them changed, or a page pushed out', () => {
    const pages = createFirstPages({ maxEntries: 1 });
    const ids = ['p1', 'p2', 'p3', 'p4'];
    const at = versions(ids.map((id) => [id, '1']));
    pages.keep('list', { products: ids, now: at, rows: [row('a', 'p1')], complete: true }, 'whole', 1);
    expect(pages.repair('list', ['p1', 'p2', 'p3'], at)).toBeUndefined();
    expect(pages.repair('list', ids, versions([...at, ['p1', '2'], ['p2', '2']]))).toBeUndefined();
    expect(pages.repair('list', ids, at)?.bound).toBeUndefined();
    pages.keep('other', { products: ids, now: at, rows: [], complete: true }, 'whole', 1);
    expect(pages.repair('list', ids, at)).toBeUndefined();
  });
});
