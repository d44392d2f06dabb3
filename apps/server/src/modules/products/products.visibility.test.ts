import { productMessages } from '@shipyard/shared';
import { describe, expect, it } from 'vitest';
import { activities } from '../../db/schema/index.ts';
import { createProduct } from '../../testing/factories.ts';
import { type Req, useTestApp } from '../../testing/http.ts';
import { entriesOf } from '../../testing/stored.ts';
import { ids, storedProduct } from './products.test-kit.ts';

// Who sees which product, between two members and a guest.
const { ctx, as, member, guest, signedInOnce } = useTestApp();
const admin = signedInOnce('admin', 'Ada Admin');

describe('visibility between two members and a guest', () => {
  it('hides a product from whoever neither created it nor is an active member of its teams', async () => {
    const alice = await member('Alice');
    const bob = await member('Bob');
    const gus = await guest('Gus');
    const secret = await createProduct(ctx, alice.user.id, { name: 'Secret' });
    await ctx.db.insert(activities).values({
      actionType: 'milestone_reached',
      description: 'Secret milestone',
      productId: secret.id,
      performedBy: alice.user.id,
    });
    const before = await storedProduct(ctx, secret.id);
    const id = secret.id;

    for (const outsider of [bob, gus]) {
      const who = outsider.user.name;
      const calls: Req[] = [
        { url: `/api/projects/${id}` },
        { method: 'PATCH', url: `/api/projects/${id}/status`, payload: { status: 'testing' } },
        { method: 'PATCH', url: `/api/projects/${id}`, payload: { name: 'Mine now' } },
        { method: 'DELETE', url: `/api/projects/${id}` },
        { url: `/api/activities/product/${id}` },
        {
          method: 'POST',
          url: '/api/activities',
          payload: { actionType: 'comment_added', description: 'Hi', projectId: id },
        },
      ];
      for (const call of calls) {
        const res = await as(outsider, call);
        expect(res.statusCode, `${who} ${call.method ?? 'GET'} ${call.url}`).toBe(404);
        expect(res.json().message).toBe(productMessages.notFound);
      }
      expect(ids((await as(outsider, { url: '/api/projects' })).json())).not.toContain(id);
      const log = (await as(outsider, { url: '/api/activities' })).json();
      expect(log.data.map((a: { projectId: string }) => a.projectId)).not.toContain(id);
      expect(log.actionTypes).not.toContain('milestone_reached');
      const filtered = (await as(outsider, { url: `/api/activities?productId=${id}` })).json();
      expect(filtered).toMatchObject({ data: [], total: 0 });
    }

    expect(await storedProduct(ctx, id)).toEqual(before);
    expect((await entriesOf(ctx, id)).map((e) => e.description)).toEqual(['Secret milestone']);

    // Alice and any admin see it all.
    for (const insider of [alice, admin]) {
      expect((await as(insider, { url: `/api/projects/${id}` })).statusCode).toBe(200);
      expect(ids((await as(insider, { url: '/api/projects?limit=200' })).json())).toContain(id);
      expect((await as(insider, { url: '/api/activities' })).json().actionTypes).toContain(
        'milestone_reached',
      );
    }
  });
});
