import { orderMessages } from '@shipyard/shared';
import { describe, expect, it } from 'vitest';
import { tasks } from '../../db/schema/index.ts';
import { RANK_MAX_LENGTH } from '../../lib/rank.ts';
import { createTask } from '../../testing/factories.ts';
import { type Signed, UNKNOWN_ID, useTestApp } from '../../testing/http.ts';
import { entriesOf } from '../../testing/stored.ts';
import { storedTask } from './tasks.test-kit.ts';

// Manual order (issue 28): PATCH /api/tasks/{id}/task/update with where the card was dropped.
const { ctx, as, member, guest, productOf, publishedBy } = useTestApp();

const move = (id: string, payload: { status: string; afterId?: string; beforeId?: string }) => ({
  method: 'PATCH' as const,
  url: `/api/tasks/${id}/task/update`,
  payload,
});

type Board = { columns: { status: string; cards: { id: string; title: string; rank: string }[] }[] };

/** Each column's titles, top to bottom, as the board answers them. */
async function columns(who: Signed, productId: string) {
  const res = await as(who, { url: `/api/tasks/${productId}/board` });
  expect(res.statusCode).toBe(200);
  return Object.fromEntries(
    (res.json() as Board).columns.map((column) => [column.status, column.cards.map((card) => card.title)]),
  );
}

/** A product whose Pending column reads A, B, C from the top and whose In Progress holds X. */
async function boardOf(owner: Signed, people: Signed[] = []) {
  const { product } = await productOf(owner, people);
  // Each new task goes on top: created C, B, A.
  const c = await createTask(ctx, product.id, { title: 'C' });
  const b = await createTask(ctx, product.id, { title: 'B' });
  const a = await createTask(ctx, product.id, { title: 'A' });
  const x = await createTask(ctx, product.id, { title: 'X', status: 'In Progress' });
  return { product, a, b, c, x };
}

describe('PATCH /api/tasks/{id}/task/update with a place', () => {
  it('puts a card dropped between two cards of another column between them, for every later reader', async () => {
    const owner = await member();
    const { product, a, b, x } = await boardOf(owner);
    expect(await columns(owner, product.id)).toMatchObject({
      Pending: ['A', 'B', 'C'],
      'In Progress': ['X'],
    });

    const res = await as(owner, move(x.id, { status: 'Pending', afterId: a.id, beforeId: b.id }));
    expect(res.statusCode).toBe(200);
    const stored = await storedTask(ctx, x.id);
    expect(res.json()).toMatchObject({ id: x.id, status: 'Pending', rank: stored?.rank });
    const rank = stored?.rank ?? '';
    expect(rank > a.rank && rank < b.rank).toBe(true);
    expect(await columns(owner, product.id)).toMatchObject({
      Pending: ['A', 'X', 'B', 'C'],
      'In Progress': [],
    });
    // A status move is recorded as before; the place is not history.
    expect((await entriesOf(ctx, product.id)).map((e) => e.actionType)).toContain('task_status_updated');
    // GET /tasks/{id} (what another browser reads on the realtime change) carries the rank.
    expect((await as(owner, { url: `/api/tasks/${x.id}` })).json().rank).toBe(stored?.rank);
  });

  it('drops at the top (before the first card), at the bottom (after the last) and on top without a place', async () => {
    const owner = await member();
    const { product, a, c, x } = await boardOf(owner);
    expect((await as(owner, move(x.id, { status: 'Pending', afterId: c.id }))).statusCode).toBe(200);
    expect((await columns(owner, product.id)).Pending).toEqual(['A', 'B', 'C', 'X']);
    expect((await as(owner, move(c.id, { status: 'Pending', beforeId: a.id }))).statusCode).toBe(200);
    expect((await columns(owner, product.id)).Pending).toEqual(['C', 'A', 'B', 'X']);
    // The status select names no place: the card goes on top of its new column.
    expect((await as(owner, move(x.id, { status: 'Completed' }))).statusCode).toBe(200);
    expect((await as(owner, move(a.id, { status: 'Completed' }))).statusCode).toBe(200);
    expect(await columns(owner, product.id)).toMatchObject({ Pending: ['C', 'B'], Completed: ['A', 'X'] });
    // And so does a new task.
    await as(owner, { method: 'POST', url: '/api/tasks', payload: { title: 'New', projectId: product.id } });
    expect((await columns(owner, product.id)).Pending).toEqual(['New', 'C', 'B']);
  });

  it('reorders a card within its column without a history entry, and tells the other browsers', async () => {
    const owner = await member();
    const { product, a, b, c } = await boardOf(owner);
    const before = (await entriesOf(ctx, product.id)).length;
    const published = await publishedBy(async () => {
      const res = await as(owner, move(a.id, { status: 'pending', afterId: b.id, beforeId: c.id }));
      expect(res.statusCode).toBe(200);
    });
    expect((await columns(owner, product.id)).Pending).toEqual(['B', 'A', 'C']);
    expect(published).toEqual([
      expect.objectContaining({ kind: 'task', op: 'updated', id: a.id, productId: product.id }),
    ]);
    expect((await entriesOf(ctx, product.id)).length).toBe(before);
  });

  it('answers where the card was, and sending that back (Undo) puts it back in its place and status', async () => {
    const owner = await member();
    const { product, b, x } = await boardOf(owner);
    const away = await as(owner, move(b.id, { status: 'In Progress', afterId: x.id }));
    expect(away.statusCode).toBe(200);
    const { previous } = away.json();
    expect(previous).toEqual({
      status: 'Pending',
      stateId: expect.any(String),
      afterId: expect.any(String),
      beforeId: expect.any(String),
    });
    expect(await columns(owner, product.id)).toMatchObject({
      Pending: ['A', 'C'],
      'In Progress': ['X', 'B'],
    });
    const undo = await as(
      owner,
      move(b.id, { status: previous.status, afterId: previous.afterId, beforeId: previous.beforeId }),
    );
    expect(undo.statusCode).toBe(200);
    expect(await columns(owner, product.id)).toMatchObject({
      Pending: ['A', 'B', 'C'],
      'In Progress': ['X'],
    });
    expect(undo.json().previous).toEqual({
      status: 'In Progress',
      stateId: expect.any(String),
      afterId: x.id,
      beforeId: null,
    });
  });

  it('refuses a neighbour of another column or product, or the card itself, with 400 and changes nothing', async () => {
    const owner = await member();
    const { product, a, b, x } = await boardOf(owner);
    const other = await boardOf(owner);
    const w = await createTask(ctx, product.id, { title: 'W', status: 'In Progress' });
    const rank = (await storedTask(ctx, x.id))?.rank;
    for (const place of [
      { afterId: w.id }, // In Progress, not Pending
      { beforeId: other.a.id }, // another product's Pending
      { afterId: a.id, beforeId: other.b.id },
      { afterId: UNKNOWN_ID },
    ]) {
      const res = await as(owner, move(x.id, { status: 'Pending', ...place }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: orderMessages.neighbourNotInColumn });
    }
    const self = await as(owner, move(b.id, { status: 'Pending', afterId: b.id }));
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe(orderMessages.neighbourIsItself);
    expect((await as(owner, move(x.id, { status: 'Pending', afterId: 'top' }))).statusCode).toBe(400);
    expect(await storedTask(ctx, x.id)).toMatchObject({ status: 'In Progress', rank });
  });

  it('answers 401 without a session, 404 to who does not see the product, 403 to a guest on a task not theirs', async () => {
    const owner = await member();
    const viewer = await guest();
    const { a, b, x } = await boardOf(owner, [viewer]);
    const place = { status: 'Pending', afterId: a.id, beforeId: b.id };
    expect((await as(undefined, move(x.id, place))).statusCode).toBe(401);
    expect((await as(await member(), move(x.id, place))).statusCode).toBe(404);
    expect((await as(viewer, move(x.id, place))).statusCode).toBe(403);
    expect((await as(owner, move(UNKNOWN_ID, place))).statusCode).toBe(404);
    expect((await storedTask(ctx, x.id))?.status).toBe('In Progress');
    // A guest places the tasks assigned to them.
    await ctx.db.update(tasks).set({ assigneeId: viewer.user.id });
    expect((await as(viewer, move(x.id, place))).statusCode).toBe(200);
  });

  it('gives two drops into the same gap at once two distinct ranks, both in the gap', async () => {
    const owner = await member();
    const { product, a, b } = await boardOf(owner);
    const y = await createTask(ctx, product.id, { title: 'Y', status: 'Completed' });
    const z = await createTask(ctx, product.id, { title: 'Z', status: 'Completed' });
    const place = { status: 'Pending', afterId: a.id, beforeId: b.id };
    const answers = await Promise.all([as(owner, move(y.id, place)), as(owner, move(z.id, place))]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200]);
    const ranks = [(await storedTask(ctx, y.id))?.rank ?? '', (await storedTask(ctx, z.id))?.rank ?? ''];
    expect(ranks[0]).not.toBe(ranks[1]);
    for (const rank of ranks) expect(rank > a.rank && rank < b.rank).toBe(true);
    const pending = (await columns(owner, product.id)).Pending;
    expect(pending?.slice(0, 1)).toEqual(['A']);
    expect(pending?.slice(1, 3).sort()).toEqual(['Y', 'Z']);
    expect(pending?.slice(3)).toEqual(['B', 'C']);
  });

  it('renumbers a column whose keys grew long, keeping its order, and tells the product’s lists to reread', async () => {
    const owner = await member();
    const { product } = await productOf(owner);
    const long = `a0${'V'.repeat(RANK_MAX_LENGTH)}`;
    const top = await createTask(ctx, product.id, { title: 'Top', rank: long });
    const next = await createTask(ctx, product.id, { title: 'Next', rank: `${long}V` });
    const last = await createTask(ctx, product.id, { title: 'Last', rank: 'a1' });
    const moved = await createTask(ctx, product.id, { title: 'Moved', status: 'Completed' });
    const published = await publishedBy(async () => {
      const res = await as(owner, move(moved.id, { status: 'Pending', afterId: top.id, beforeId: next.id }));
      expect(res.statusCode).toBe(200);
    });
    expect((await columns(owner, product.id)).Pending).toEqual(['Top', 'Moved', 'Next', 'Last']);
    for (const task of [top, next, last, moved]) {
      expect((await storedTask(ctx, task.id))?.rank.length).toBeLessThanOrEqual(3);
    }
    expect(published).toContainEqual(
      expect.objectContaining({ kind: 'product', op: 'updated', id: product.id, productId: product.id }),
    );
  });

  it('renumbers a column holding a key no move made (a row written by hand) instead of failing', async () => {
    const owner = await member();
    const { product } = await productOf(owner);
    const top = await createTask(ctx, product.id, { title: 'Top', rank: 'a0' });
    // 'x' is no fractional-indexing key: its head asks for 25 digits.
    const odd = await createTask(ctx, product.id, { title: 'Odd', rank: 'x' });
    const moved = await createTask(ctx, product.id, { title: 'Moved', status: 'Completed' });
    const res = await as(owner, move(moved.id, { status: 'Pending', afterId: top.id }));
    expect(res.statusCode).toBe(200);
    expect((await columns(owner, product.id)).Pending).toEqual(['Top', 'Moved', 'Odd']);
    expect((await storedTask(ctx, odd.id))?.rank).not.toBe('x');
  });

  it('puts a task moved by the edit dialog (status or product) on top of its new column', async () => {
    const owner = await member();
    const { product, c } = await boardOf(owner);
    const edited = await as(owner, {
      method: 'PATCH',
      url: `/api/tasks/${c.id}/update`,
      payload: { status: 'In Progress' },
    });
    expect(edited.statusCode).toBe(200);
    expect((await columns(owner, product.id))['In Progress']).toEqual(['C', 'X']);
    const elsewhere = await boardOf(owner);
    const carried = await as(owner, {
      method: 'PATCH',
      url: `/api/tasks/${c.id}/update`,
      payload: { projectId: elsewhere.product.id, status: 'Pending' },
    });
    expect(carried.statusCode).toBe(200);
    expect((await columns(owner, elsewhere.product.id)).Pending).toEqual(['C', 'A', 'B', 'C']);
  });
});
