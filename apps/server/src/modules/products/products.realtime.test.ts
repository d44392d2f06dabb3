import { describe, expect, it } from 'vitest';
import { addMember, createProduct, createTeam } from '../../testing/factories.ts';
import { useTestApp } from '../../testing/http.ts';
import { refuseActivitiesWhen } from '../../testing/stored.ts';
import { validProduct } from './products.test-kit.ts';

// What a product write publishes to the realtime clients.
const { ctx, as, member, guest, publishedBy } = useTestApp();

describe('realtime changes', () => {
  it('publishes a product change after each write; a creation lets the creator see it', async () => {
    const owner = await member();
    let id = '';
    expect(
      await publishedBy(async () => {
        const res = await as(owner, { method: 'POST', url: '/api/projects', payload: validProduct });
        expect(res.statusCode).toBe(201);
        id = res.json().id;
      }),
    ).toEqual([
      expect.objectContaining({
        kind: 'product',
        op: 'created',
        id,
        productId: id,
        access: [owner.user.id],
        version: expect.any(Number),
      }),
    ]);
    const updated = expect.objectContaining({ kind: 'product', op: 'updated', id, productId: id });
    expect(
      await publishedBy(() =>
        as(owner, { method: 'PATCH', url: `/api/projects/${id}/status`, payload: { status: 'testing' } }),
      ),
    ).toEqual([updated]);
    expect(
      await publishedBy(() =>
        as(owner, { method: 'PATCH', url: `/api/projects/${id}`, payload: { name: 'Renamed' } }),
      ),
    ).toEqual([updated]);
    expect(await publishedBy(() => as(owner, { method: 'DELETE', url: `/api/projects/${id}` }))).toEqual([
      expect.objectContaining({ kind: 'product', op: 'deleted', id, productId: id }),
    ]);
  });

  it('publishes nothing for a change that changes nothing, a refused or invalid write, or a rollback', async () => {
    const owner = await member();
    const teammate = await member();
    const visitor = await guest();
    const product = await createProduct(ctx, owner.user.id, { name: 'Steady', status: 'planning' });
    const team = await createTeam(ctx, product.id);
    await addMember(ctx, team.id, teammate.user.id);
    await addMember(ctx, team.id, visitor.user.id);
    const url = `/api/projects/${product.id}`;
    const published = await publishedBy(async () => {
      expect((await as(owner, { method: 'PATCH', url, payload: { name: 'Steady' } })).statusCode).toBe(200);
      expect(
        (await as(owner, { method: 'PATCH', url: `${url}/status`, payload: { status: 'planning' } }))
          .statusCode,
      ).toBe(200);
      expect(
        (await as(owner, { method: 'POST', url: '/api/projects', payload: { ...validProduct, name: '' } }))
          .statusCode,
      ).toBe(400);
      expect(
        (await as(visitor, { method: 'POST', url: '/api/projects', payload: validProduct })).statusCode,
      ).toBe(403);
      expect((await as(teammate, { method: 'DELETE', url })).statusCode).toBe(403);
      const restore = await refuseActivitiesWhen(ctx, `new.product_id = '${product.id}'`);
      try {
        expect((await as(owner, { method: 'PATCH', url, payload: { name: 'Lost' } })).statusCode).toBe(500);
      } finally {
        await restore();
      }
    });
    expect(published).toEqual([]);
  });
});
