import { productMessages } from '@shipyard/shared';
import { describe, expect, it } from 'vitest';
import { addMember, createProduct, createTeam } from '../../testing/factories.ts';
import { type Req, useTestApp } from '../../testing/http.ts';
import { entriesOf } from '../../testing/stored.ts';
import { storedProduct } from './products.test-kit.ts';

// Editing a product: PATCH /api/projects/{id}.
const { ctx, as, member, signedInOnce } = useTestApp();
const admin = signedInOnce('admin', 'Ada Admin');

describe('PATCH /api/projects/{id}', () => {
  const edit = (id: string, payload: object): Req => ({
    method: 'PATCH',
    url: `/api/projects/${id}`,
    payload,
  });

  it('changes only the given fields and records product_updated listing what changed', async () => {
    const owner = await member();
    const product = await createProduct(ctx, owner.user.id, { name: 'Old', priority: 'high' });
    const res = await as(owner, edit(product.id, { name: 'New', team_size: 9, description: 'A product' }));
    expect(res.statusCode).toBe(200);
    // An omitted priority is kept (it has a default only on create).
    expect(res.json()).toMatchObject({ name: 'New', team_size: 9, priority: 'high', status: 'planning' });
    expect(await storedProduct(ctx, product.id)).toMatchObject({
      name: 'New',
      teamSize: 9,
      priority: 'high',
    });
    const entries = await entriesOf(ctx, product.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actionType: 'product_updated',
      description: 'Updated product "New": name, team size',
      metadata: { changes: { name: { from: 'Old', to: 'New' }, team_size: { from: 3, to: 9 } } },
      performedBy: owner.user.id,
    });
  });

  it('records the previous and new status when the edit changes it, and nothing when nothing changes', async () => {
    const owner = await member();
    const product = await createProduct(ctx, owner.user.id);
    const same = await as(owner, edit(product.id, { name: product.name, status: 'PLANNING' }));
    expect(same.statusCode).toBe(200);
    expect(await entriesOf(ctx, product.id)).toEqual([]);

    await as(owner, edit(product.id, { status: 'Production' }));
    const [entry] = await entriesOf(ctx, product.id);
    expect(entry?.metadata).toMatchObject({ previousStatus: 'planning', newStatus: 'production' });
  });

  it('checks a single new date against the stored other, changing nothing', async () => {
    const owner = await member();
    const product = await createProduct(ctx, owner.user.id); // 2026-01-01 … 2026-12-31
    const res = await as(owner, edit(product.id, { target_end_date: '2025-12-31' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: productMessages.targetBeforeStart,
    });
    expect(res.json().details.fields.target_end_date).toEqual([productMessages.targetBeforeStart]);
    expect((await storedProduct(ctx, product.id))?.targetEndDate).toBe('2026-12-31');
    const blank = await as(owner, edit(product.id, { name: ' ' }));
    expect(blank.json().message).toBe(productMessages.nameRequired);
    expect(await entriesOf(ctx, product.id)).toEqual([]);
  });

  it('lets only its creator and admins edit: a teammate gets 403 and a stranger 404', async () => {
    const owner = await member();
    const teammate = await member();
    const stranger = await member();
    const product = await createProduct(ctx, owner.user.id, { name: 'Kept' });
    await addMember(ctx, (await createTeam(ctx, product.id)).id, teammate.user.id);

    const refused = await as(teammate, edit(product.id, { name: 'Taken' }));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(productMessages.forbidden);
    expect((await as(stranger, edit(product.id, { name: 'Taken' }))).statusCode).toBe(404);
    expect((await storedProduct(ctx, product.id))?.name).toBe('Kept');

    expect((await as(admin, edit(product.id, { name: 'By admin' }))).json().name).toBe('By admin');
  });
});
