import { eventMessages } from '@shipyard/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { events } from '../../db/schema/index.ts';
import { remove, useEventTests } from './events.test-kit.ts';

// Deleting an event: DELETE /api/events/{id}.
const { ctx, as, member, guest, signedInOnce, productOf, scheduled } = useEventTests();
const admin = signedInOnce('admin', 'Ada Admin');

describe('DELETE /api/events/{id}', () => {
  it('lets the creator delete their event', async () => {
    const owner = await member();
    const id = await scheduled(owner);
    const res = await as(owner, remove(id));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: eventMessages.deleted });
    expect(await ctx.db.select().from(events).where(eq(events.id, id))).toEqual([]);
    expect((await as(owner, { url: `/api/events/${id}` })).statusCode).toBe(404);
  });

  it('lets an admin delete a product’s event', async () => {
    const owner = await member();
    const { product } = await productOf(owner);
    const id = await scheduled(owner, { productId: product.id });
    expect((await as(admin, remove(id))).statusCode).toBe(200);
  });

  it('refuses a participant (403), a stranger and an admin who cannot see it (404), and a guest (403)', async () => {
    const owner = await member();
    const participant = await member();
    const stranger = await member();
    const visitor = await guest();
    const id = await scheduled(owner, { participants: [participant.user.email, visitor.user.email] });

    expect((await as(participant, remove(id))).statusCode).toBe(403);
    expect((await as(stranger, remove(id))).statusCode).toBe(404);
    expect((await as(admin, remove(id))).statusCode).toBe(404);
    const guestAnswer = await as(visitor, remove(id));
    expect(guestAnswer.statusCode).toBe(403);
    expect(guestAnswer.json().code).toBe('READ_ONLY');
    expect(await ctx.db.select().from(events).where(eq(events.id, id))).toHaveLength(1);
  });
});
