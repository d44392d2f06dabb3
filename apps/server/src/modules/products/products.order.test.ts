import { orderMessages } from '@shipyard/shared';
import { describe, expect, it } from 'vitest';
import { createProduct } from '../../testing/factories.ts';
import { type Signed, UNKNOWN_ID, useTestApp } from '../../testing/http.ts';
import { entriesOf } from '../../testing/stored.ts';
import { storedProduct } from './products.test-kit.ts';

// Manual order on the products board (issue 28): PATCH /api/projects/{id}/status with a place.
const { ctx, as, member, guest, publishedBy } = useTestApp();

const move = (id: string, payload: { status: string; afterId?: string; beforeId?: string }) => ({
  method: 'PATCH' as const,
  url: `/api/projects/${id}/status`,
  payload,
});

const rankOf = async (id: string) => (await storedProduct(ctx, id))?.rank ?? '';

/** Three products of `owner` in Testing (top to bottom: A, B, C) and one in Planning (X). */
async function stageOf(owner: Signed) {
  const c = await createProduct(ctx, owner.user.id, { name: 'C', status: 'testing' });
  const b = await createProduct(ctx, owner.user.id, { name: 'B', status: 'testing' });
  const a = await createProduct(ctx, owner.user.id, { name: 'A', status: 'testing' });
  const x = await createProduct(ctx, owner.user.id, { name: 'X' });
  return { a, b, c, x };
}

describe('PATCH /api/projects/{id}/status with a place', () => {
  it('puts new products on top of their stage and a dropped one between the two it was dropped between', async () => {
    const owner = await member();
    const { a, b, c, x } = await stageOf(owner);
    expect(a.rank < b.rank && b.rank < c.rank).toBe(true);
    const res = await as(owner, move(x.id, { status: 'Testing', afterId: a.id, beforeId: b.id }));
    expect(res.statusCode).toBe(200);
    const rank = await rankOf(x.id);
    expect(res.json()).toMatchObject({ status: 'testing', rank });
    expect(rank > a.rank && rank < b.rank).toBe(true);
    expect((await entriesOf(ctx, x.id)).map((e) => e.actionType)).toEqual(['status_changed']);
    // The board's list carries each product's rank.
    const list = await as(owner, { url: '/api/projects?status=testing&limit=200' });
    expect(list.json().data.find((p: { id: string }) => p.id === x.id)?.rank).toBe(rank);
  });

  it('reorders within a stage (to the bottom) without a history entry, published to the other browsers', async () => {
    const owner = await member();
    const { a, c } = await stageOf(owner);
    const published = await publishedBy(async () => {
      expect((await as(owner, move(a.id, { status: 'testing', afterId: c.id }))).statusCode).toBe(200);
    });
    expect((await rankOf(a.id)) > c.rank).toBe(true);
    expect(await entriesOf(ctx, a.id)).toEqual([]);
    expect(published).toEqual([expect.objectContaining({ kind: 'product', op: 'updated', id: a.id })]);
  });

  it('refuses a neighbour of another stage, one the caller does not see, or the product itself (400), changing nothing', async () => {
    const owner = await member();
    const { a, b, x } = await stageOf(owner);
    const hidden = await createProduct(ctx, (await member()).user.id, { name: 'Hidden', status: 'testing' });
    const planning = await createProduct(ctx, owner.user.id, { name: 'Y' });
    const rank = await rankOf(x.id);
    for (const place of [
      { afterId: planning.id },
      { beforeId: hidden.id },
      { afterId: b.id, beforeId: UNKNOWN_ID },
    ]) {
      const res = await as(owner, move(x.id, { status: 'testing', ...place }));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(orderMessages.neighbourNotInColumn);
    }
    expect((await as(owner, move(a.id, { status: 'testing', beforeId: a.id }))).json().message).toBe(
      orderMessages.neighbourIsItself,
    );
    expect(await storedProduct(ctx, x.id)).toMatchObject({ status: 'planning', rank });
  });

  it('puts a product whose stage is changed by an edit on top of its new stage', async () => {
    const owner = await member();
    const { a, x } = await stageOf(owner);
    const res = await as(owner, {
      method: 'PATCH',
      url: `/api/projects/${x.id}`,
      payload: { status: 'testing' },
    });
    expect(res.statusCode).toBe(200);
    const rank = await rankOf(x.id);
    expect(res.json().rank).toBe(rank);
    expect(rank < a.rank).toBe(true);
  });

  it('answers 401 without a session, 404 to who does not see the product, 403 to a guest', async () => {
    const owner = await member();
    const { a, b, x } = await stageOf(owner);
    const place = { status: 'testing', afterId: a.id, beforeId: b.id };
    expect((await as(undefined, move(x.id, place))).statusCode).toBe(401);
    expect((await as(await member(), move(x.id, place))).statusCode).toBe(404);
    const viewer = await guest();
    const own = await createProduct(ctx, viewer.user.id, { name: 'Guest’s' });
    expect((await as(viewer, move(own.id, { status: 'testing' }))).statusCode).toBe(403);
    expect((await storedProduct(ctx, x.id))?.status).toBe('planning');
  });
});
