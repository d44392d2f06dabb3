import { productMessages } from '@shipyard/shared';
import { describe, expect, it } from 'vitest';
import { addMember, createProduct, createTask, createTeam } from '../../testing/factories.ts';
import { type Req, useTestApp } from '../../testing/http.ts';
import { entriesOf, refuseActivitiesWhen } from '../../testing/stored.ts';
import { storedProduct } from './products.test-kit.ts';

// Moving a product between the board's columns: PATCH /api/projects/{id}/status.
const { ctx, as, member, guest, signedInOnce } = useTestApp();
const admin = signedInOnce('admin', 'Ada Admin');

describe('PATCH /api/projects/{id}/status', () => {
  const move = (id: string, status: string): Req => ({
    method: 'PATCH',
    url: `/api/projects/${id}/status`,
    payload: { status },
  });

  it('moves the product and records exactly one status_changed entry with the previous and new status', async () => {
    const owner = await member();
    const product = await createProduct(ctx, owner.user.id);
    await createTask(ctx, product.id, { status: 'Completed' });
    await createTask(ctx, product.id);

    const res = await as(owner, move(product.id, 'Testing'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: product.id, status: 'testing', progress: 50 });
    expect((await storedProduct(ctx, product.id))?.status).toBe('testing');
    const entries = await entriesOf(ctx, product.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actionType: 'status_changed',
      description: 'Status changed from Planning to Testing',
      metadata: { previousStatus: 'planning', newStatus: 'testing' },
      performedBy: owner.user.id,
    });
  });

  it('answers the product as it is and records nothing when the status is the same', async () => {
    const owner = await member();
    const product = await createProduct(ctx, owner.user.id, { status: 'production' });
    const res = await as(owner, move(product.id, 'Production'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'production', updatedAt: product.updatedAt.toISOString() });
    expect(await entriesOf(ctx, product.id)).toEqual([]);
  });

  it('lets an active team member and an admin move it, and refuses a guest on its team with 403', async () => {
    const owner = await member();
    const teammate = await member('Tia Teammate');
    const visitor = await guest();
    const product = await createProduct(ctx, owner.user.id);
    const team = await createTeam(ctx, product.id);
    await addMember(ctx, team.id, teammate.user.id);
    await addMember(ctx, team.id, visitor.user.id);

    expect((await as(teammate, move(product.id, 'development'))).statusCode).toBe(200);
    expect((await as(admin, move(product.id, 'maintenance'))).statusCode).toBe(200);
    const refused = await as(visitor, move(product.id, 'planning'));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(productMessages.readOnly);

    expect((await storedProduct(ctx, product.id))?.status).toBe('maintenance');
    const entries = await entriesOf(ctx, product.id);
    expect(entries.map((e) => [e.performedBy, e.metadata])).toEqual([
      [teammate.user.id, { previousStatus: 'planning', newStatus: 'development' }],
      [admin.user.id, { previousStatus: 'development', newStatus: 'maintenance' }],
    ]);
  });

  it('refuses an unknown status with the spec message', async () => {
    const owner = await member();
    const product = await createProduct(ctx, owner.user.id);
    const res = await as(owner, move(product.id, 'shipped'));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(productMessages.statusRequired);
  });

  it('changes nothing when the activity entry cannot be written', async () => {
    const owner = await member();
    const product = await createProduct(ctx, owner.user.id);
    const restore = await refuseActivitiesWhen(ctx, `new.product_id = '${product.id}'`);
    try {
      expect((await as(owner, move(product.id, 'testing'))).statusCode).toBe(500);
    } finally {
      await restore();
    }
    expect((await storedProduct(ctx, product.id))?.status).toBe('planning');
    expect(await entriesOf(ctx, product.id)).toEqual([]);
  });
});
