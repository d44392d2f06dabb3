import { productMessages } from '@shipyard/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activities } from '../../db/schema/index.ts';
import { addMember, createProduct, createTask, createTeam } from '../../testing/factories.ts';
import { type Req, type Signed, useTestApp } from '../../testing/http.ts';
import { entriesOf } from '../../testing/stored.ts';
import { storedProduct } from './products.test-kit.ts';

// Deleting a product and everything under it: DELETE /api/projects/{id}.
const { ctx, as, member, guest, signedInOnce } = useTestApp();
const admin = signedInOnce('admin', 'Ada Admin');

describe('DELETE /api/projects/{id}', () => {
  it('moves the product and everything under it to the trash, and logs the deletion for its performer and admins', async () => {
    const owner = await member();
    const teammate = await member();
    const product = await createProduct(ctx, owner.user.id, { name: 'Gone soon' });
    const team = await createTeam(ctx, product.id);
    await addMember(ctx, team.id, teammate.user.id);
    await createTask(ctx, product.id);
    await as(owner, {
      method: 'PATCH',
      url: `/api/projects/${product.id}/status`,
      payload: { status: 'testing' },
    });

    const res = await as(owner, { method: 'DELETE', url: `/api/projects/${product.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: productMessages.deleted });
    expect(await storedProduct(ctx, product.id)).toBeUndefined();
    // In the trash: its history is kept for a restore, and shown to nobody, admins included.
    const kept = (await entriesOf(ctx, product.id)).map((e) => e.description);
    expect(kept.length).toBeGreaterThan(0);
    const [deletion] = await ctx.db
      .select()
      .from(activities)
      .where(and(eq(activities.actionType, 'product_deleted'), eq(activities.performedBy, owner.user.id)));
    expect(deletion).toMatchObject({
      description: 'Deleted product "Gone soon"',
      productId: null,
      metadata: { productId: product.id, name: 'Gone soon' },
    });

    const descriptions = async (who: Signed) =>
      (await as(who, { url: '/api/activities' }))
        .json()
        .data.map((a: { description: string }) => a.description);
    expect(await descriptions(owner)).toContain('Deleted product "Gone soon"');
    expect(await descriptions(admin)).toContain('Deleted product "Gone soon"');
    expect(await descriptions(teammate)).not.toContain('Deleted product "Gone soon"');
    for (const description of kept) expect(await descriptions(admin)).not.toContain(description);
    expect((await as(owner, { url: `/api/projects/${product.id}` })).statusCode).toBe(404);
  });

  it('refuses a teammate (403), a guest creator (403) and a stranger (404), deleting nothing', async () => {
    const owner = await member();
    const teammate = await member();
    const stranger = await member();
    const demoted = await guest();
    const product = await createProduct(ctx, owner.user.id);
    const guestsOwn = await createProduct(ctx, demoted.user.id);
    await addMember(ctx, (await createTeam(ctx, product.id)).id, teammate.user.id);
    const del = (id: string): Req => ({ method: 'DELETE', url: `/api/projects/${id}` });

    expect((await as(teammate, del(product.id))).statusCode).toBe(403);
    expect((await as(stranger, del(product.id))).statusCode).toBe(404);
    const guestRefused = await as(demoted, del(guestsOwn.id));
    expect(guestRefused.statusCode).toBe(403);
    expect(guestRefused.json().message).toBe(productMessages.readOnly);
    expect(await storedProduct(ctx, product.id)).toBeDefined();
    expect(await storedProduct(ctx, guestsOwn.id)).toBeDefined();

    expect((await as(admin, del(product.id))).statusCode).toBe(200);
    expect(await storedProduct(ctx, product.id)).toBeUndefined();
  });
});
