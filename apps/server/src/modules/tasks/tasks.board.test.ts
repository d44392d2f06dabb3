import { BOARD_COLUMN_CARDS_MAX, productMessages } from '@shipyard/shared';
import { describe, expect, it } from 'vitest';
import { labels, taskLabels, tasks } from '../../db/schema/index.ts';
import { addMember, createTask } from '../../testing/factories.ts';
import { UNKNOWN_ID, useTestApp } from '../../testing/http.ts';

const { ctx, as, member, guest, signedInOnce, productOf } = useTestApp();

const admin = signedInOnce('admin', 'Ada Admin');

type Card = { id: string; title: string; labelIds: string[]; assigneeId: string | null; rank: string };
type Board = {
  product: { id: string; name: string };
  labels: { id: string; name: string; color: string }[];
  people: { id: string; name: string; avatar_url: string | null }[];
  columns: {
    status: string;
    state: { id: string } | null;
    total: number;
    cards: Card[];
    nextCursor: string | null;
  }[];
};
const boardUrl = (productId: string, query = '') => `/api/tasks/${productId}/board${query}`;

describe('GET /api/tasks/{productId}/board', () => {
  it('answers every column with its total, compact cards in their order (new ones on top), and the labels and assignees once', async () => {
    const owner = await member('Olga Owner');
    const dev = await member('Dev Eloper');
    const { product, team } = await productOf(owner, [dev]);
    const [ui, bug] = await ctx.db
      .insert(labels)
      .values([
        { productId: product.id, name: 'UI', color: '#00aa00' },
        { productId: product.id, name: 'bug', color: '#ff0000' },
      ])
      .returning();
    const older = await createTask(ctx, product.id, {
      title: 'Older',
      description: 'Long text the card does not show',
      assigneeId: dev.user.id,
      teamId: team.id,
      dueDate: '2030-06-01',
      createdAt: new Date('2030-05-01'),
    });
    const newer = await createTask(ctx, product.id, {
      title: 'Newer',
      assigneeId: dev.user.id,
      createdAt: new Date('2030-05-02'),
    });
    const done = await createTask(ctx, product.id, { title: 'Done', status: 'Completed' });
    if (!ui || !bug) throw new Error('no labels inserted');
    await ctx.db.insert(taskLabels).values([
      { taskId: older.id, labelId: ui.id },
      { taskId: older.id, labelId: bug.id },
    ]);
    await createTask(ctx, (await productOf(owner)).product.id, { title: 'Elsewhere' });

    const res = await as(owner, { url: boardUrl(product.id) });
    expect(res.statusCode).toBe(200);
    const body = res.json() as Board;
    expect(body.product).toEqual({ id: product.id, name: 'Apollo' });
    // Ordered by name, ignoring case; cards name them in that order.
    expect(body.labels.map((l) => l.name)).toEqual(['bug', 'UI']);
    expect(body.people).toEqual([{ id: dev.user.id, name: 'Dev Eloper', avatar_url: null }]);
    expect(body.columns.map((c) => [c.status, c.total, c.cards.map((t) => t.title), c.nextCursor])).toEqual([
      ['Pending', 2, ['Newer', 'Older'], null],
      ['In Progress', 0, [], null],
      ['Completed', 1, ['Done'], null],
    ]);
    expect(body.columns[0]?.cards[1]).toEqual({
      id: older.id,
      key: older.key,
      title: 'Older',
      priority: 'medium',
      phase: null,
      dueDate: '2030-06-01',
      teamId: team.id,
      assigneeId: dev.user.id,
      labelIds: [bug.id, ui.id],
      checklist: { done: 0, total: 0 },
      // Issue 29: no sub-tasks, estimate or blocker.
      subtasks: { done: 0, total: 0 },
      estimate: null,
      blocked: false,
      blockedBy: [],
      rank: older.rank,
      createdAt: '2030-05-01T00:00:00.000Z',
      updatedAt: older.updatedAt.toISOString(),
    });
    expect(body.columns[0]?.cards[0]?.id).toBe(newer.id);
    expect(body.columns[2]?.cards[0]?.id).toBe(done.id);
    expect(res.body).not.toContain('Long text');
  });

  it('applies the list filters: status leaves columns out, search, label, assignee and phase narrow them', async () => {
    const owner = await member();
    const { product } = await productOf(owner);
    const [label] = await ctx.db
      .insert(labels)
      .values({ productId: product.id, name: 'bug', color: '#ff0000' })
      .returning();
    const a = await createTask(ctx, product.id, { title: 'Alpha', description: 'needle here' });
    const b = await createTask(ctx, product.id, { title: 'Beta', status: 'In Progress', phase: 'testing' });
    const c = await createTask(ctx, product.id, { title: 'Gamma', assigneeId: owner.user.id });
    if (!label) throw new Error('no label inserted');
    await ctx.db.insert(taskLabels).values({ taskId: b.id, labelId: label.id });

    const cards = async (query: string) => {
      const res = await as(owner, { url: boardUrl(product.id, query) });
      expect(res.statusCode).toBe(200);
      const body = res.json() as Board;
      return body.columns.map((col) => [col.status, col.total, col.cards.map((t) => t.id)]);
    };
    expect(await cards('?status=in-progress,completed')).toEqual([
      ['In Progress', 1, [b.id]],
      ['Completed', 0, []],
    ]);
    expect(await cards('?search=NEEDLE')).toEqual([
      ['Pending', 1, [a.id]],
      ['In Progress', 0, []],
      ['Completed', 0, []],
    ]);
    expect((await cards(`?labelId=${label.id}`))[1]).toEqual(['In Progress', 1, [b.id]]);
    expect((await cards(`?assigneeId=${owner.user.id}`))[0]).toEqual(['Pending', 1, [c.id]]);
    expect((await cards('?phase=testing'))[1]).toEqual(['In Progress', 1, [b.id]]);
    expect((await as(owner, { url: boardUrl(product.id, '?status=nope') })).statusCode).toBe(400);
  });

  it(`sends at most ${BOARD_COLUMN_CARDS_MAX} cards a column; the column goes on from its cursor in rank order, every task once`, async () => {
    const owner = await member();
    const { product } = await productOf(owner);
    const n = BOARD_COLUMN_CARDS_MAX + 7;
    await ctx.db.insert(tasks).values(
      Array.from({ length: n }, (_, i) => ({
        productId: product.id,
        title: `Task ${i}`,
        // Many share a rank: the order and the cursor break ties by id.
        rank: `a${Math.floor(i / 3) % 10}`,
      })),
    );
    const body = (await as(owner, { url: boardUrl(product.id) })).json() as Board;
    const pending = body.columns[0];
    expect(pending?.total).toBe(n);
    expect(pending?.cards).toHaveLength(BOARD_COLUMN_CARDS_MAX);
    expect(pending?.nextCursor).toEqual(expect.any(String));
    const rest = await as(owner, {
      // A column is a state (issue 29): its page names it.
      url: boardUrl(product.id, `?stateId=${pending?.state?.id}&cursor=${pending?.nextCursor}`),
    });
    expect(rest.statusCode).toBe(200);
    const next = (rest.json() as Board).columns;
    expect(next.map((c) => c.status)).toEqual(['Pending']);
    const seen = [...(pending?.cards ?? []), ...(next[0]?.cards ?? [])];
    expect(next[0]?.nextCursor).toBeNull();
    expect(new Set(seen.map((t) => t.id)).size).toBe(n);
    // Top to bottom: ascending ranks, ties by id (byte order: the column's COLLATE "C").
    const keys = seen.map((t) => `${t.rank}|${t.id}`);
    expect(keys).toEqual([...keys].sort((a, b) => (a < b ? -1 : 1)));
    // A page asks for one column; a cursor that no column gave is refused.
    const twoColumns = await as(owner, { url: boardUrl(product.id, `?cursor=${pending?.nextCursor}`) });
    expect(twoColumns.statusCode).toBe(400);
    expect(
      (await as(owner, { url: boardUrl(product.id, `?stateId=${pending?.state?.id}&cursor=bm9wZQ`) }))
        .statusCode,
    ).toBe(400);
  });

  it('sees exactly what the column route sees: 404 for a product out of sight, 401 without a session, 400 for a bad id', async () => {
    const owner = await member();
    const invited = await member();
    const teammate = await member();
    const { product, team } = await productOf(owner, [teammate]);
    await addMember(ctx, team.id, invited.user.id, { status: 'invited' });
    await createTask(ctx, product.id);
    const viewer = await guest();
    await addMember(ctx, team.id, viewer.user.id);

    for (const who of [invited, await member(), await guest()]) {
      const column = await as(who, { url: `/api/tasks/${product.id}/tasks?status=Pending` });
      const res = await as(who, { url: boardUrl(product.id) });
      expect(res.statusCode).toBe(404);
      expect(res.statusCode).toBe(column.statusCode);
      expect(res.json()).toMatchObject({ message: productMessages.notFound, code: 'PRODUCT_NOT_FOUND' });
      expect({ ...res.json(), requestId: 0 }).toEqual({ ...column.json(), requestId: 0 });
    }
    for (const who of [owner, teammate, viewer, admin]) {
      const res = await as(who, { url: boardUrl(product.id) });
      expect(res.statusCode).toBe(200);
      expect((res.json() as Board).columns[0]?.total).toBe(1);
    }
    expect((await as(undefined, { url: boardUrl(product.id) })).statusCode).toBe(401);
    expect((await as(owner, { url: '/api/tasks/apollo/board' })).statusCode).toBe(400);
    const unknown = await as(owner, { url: boardUrl(UNKNOWN_ID) });
    expect(unknown.statusCode).toBe(404);
  });
});
