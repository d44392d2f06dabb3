import { describe, expect, it } from 'vitest';
import { emailKey } from '../../lib/realtime/changes.ts';
import { refuseActivitiesWhen } from '../../testing/stored.ts';
import { create, edit, remove, useEventTests } from './events.test-kit.ts';

// What an event write publishes to the realtime clients.
const { ctx, as, member, guest, publishedBy, productOf, scheduled } = useEventTests();

describe('realtime changes', () => {
  // Participants travel as emailKeys, hashes of their addresses.
  it('publishes each change to its creator, its participants (old and new) and its product', async () => {
    const owner = await member();
    const { product } = await productOf(owner);
    const { product: other } = await productOf(owner);
    let id = '';
    expect(
      await publishedBy(async () => {
        id = await scheduled(owner, {
          productId: product.id,
          participants: ['a@example.com', 'b@example.com'],
        });
      }),
    ).toEqual([
      expect.objectContaining({
        kind: 'event',
        op: 'created',
        id,
        productId: product.id,
        userIds: [owner.user.id],
        emailKeys: ['a@example.com', 'b@example.com'].map(emailKey),
        version: expect.any(Number),
      }),
    ]);

    const published = await publishedBy(() =>
      as(owner, edit(id, { participants: ['b@example.com', 'c@example.com'], productId: other.id })),
    );
    expect(published).toEqual([
      expect.objectContaining({
        kind: 'event',
        op: 'updated',
        id,
        productId: other.id,
        userIds: [owner.user.id],
        emailKeys: expect.arrayContaining(['a@example.com', 'b@example.com', 'c@example.com'].map(emailKey)),
      }),
      // Who saw it through the product it left.
      expect.objectContaining({ kind: 'event', op: 'updated', id, productId: product.id }),
    ]);

    expect(await publishedBy(() => as(owner, remove(id)))).toEqual([
      expect.objectContaining({
        kind: 'event',
        op: 'deleted',
        id,
        productId: other.id,
        userIds: [owner.user.id],
        emailKeys: ['b@example.com', 'c@example.com'].map(emailKey),
      }),
    ]);
  });

  it('publishes an event without a product with productId null', async () => {
    const owner = await member();
    let id = '';
    const published = await publishedBy(async () => {
      id = await scheduled(owner);
    });
    expect(published).toEqual([
      expect.objectContaining({
        kind: 'event',
        op: 'created',
        id,
        productId: null,
        userIds: [owner.user.id],
      }),
    ]);
  });

  it('publishes nothing for an empty edit, a refused or invalid write, or a rollback', async () => {
    const owner = await member();
    const participant = await member();
    const visitor = await guest();
    const { product } = await productOf(owner);
    const id = await scheduled(owner, { participants: [participant.user.email] });
    const published = await publishedBy(async () => {
      expect((await as(owner, edit(id, {}))).statusCode).toBe(200);
      expect((await as(owner, create({ title: '', date: '2026-05-04', type: 'meeting' }))).statusCode).toBe(
        400,
      );
      expect(
        (await as(visitor, create({ title: 'No', date: '2026-05-04', type: 'meeting' }))).statusCode,
      ).toBe(403);
      expect((await as(participant, remove(id))).statusCode).toBe(403);
      const restore = await refuseActivitiesWhen(ctx);
      try {
        const res = await as(
          owner,
          create({ title: 'Lost', date: '2026-05-04', type: 'meeting', productId: product.id }),
        );
        expect(res.statusCode).toBe(500);
      } finally {
        await restore();
      }
    });
    expect(published).toEqual([]);
  });
});
