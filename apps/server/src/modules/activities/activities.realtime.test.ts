import { describe, expect, it } from 'vitest';
import { addMember, createProduct, createTeam } from '../../testing/factories.ts';
import { type Req, useTestApp } from '../../testing/http.ts';

// What a posted entry publishes to the realtime clients.
const { ctx, as, member, publishedBy, signedIn } = useTestApp();

const post = (payload: object): Req => ({ method: 'POST', url: '/api/activities', payload });

describe('realtime changes', () => {
  it('publishes a posted entry to everyone who sees its product', async () => {
    const owner = await member();
    const product = await createProduct(ctx, owner.user.id);
    let id = '';
    const published = await publishedBy(async () => {
      const res = await as(
        owner,
        post({ actionType: 'comment_added', description: 'Hello', projectId: product.id }),
      );
      expect(res.statusCode).toBe(201);
      id = res.json().data.id;
    });
    expect(published).toEqual([
      expect.objectContaining({
        kind: 'activity',
        op: 'created',
        id,
        productId: product.id,
        version: expect.any(Number),
      }),
    ]);
  });

  it('publishes nothing for a refused or invalid entry', async () => {
    const owner = await member();
    const visitor = await signedIn('guest');
    const product = await createProduct(ctx, owner.user.id);
    await addMember(ctx, (await createTeam(ctx, product.id)).id, visitor.user.id);
    const published = await publishedBy(async () => {
      const entry = { actionType: 'comment_added', description: 'Hi', projectId: product.id };
      expect((await as(visitor, post(entry))).statusCode).toBe(403);
      expect((await as(await member(), post(entry))).statusCode).toBe(404);
      expect((await as(owner, post({ ...entry, description: '' }))).statusCode).toBe(400);
    });
    expect(published).toEqual([]);
  });
});
