import { eventMessages } from '@shipyard/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { events, users } from '../../db/schema/index.ts';
import { UNKNOWN_ID } from '../../testing/http.ts';
import { entriesOf } from '../../testing/stored.ts';
import { edit, useEventTests } from './events.test-kit.ts';

// Editing an event: PATCH /api/events/{id}.
const { ctx, as, member, signedInOnce, productOf, scheduled } = useEventTests();
const admin = signedInOnce('admin', 'Ada Admin');

describe('PATCH /api/events/{id}', () => {
  it('lets the creator change any subset of the fields, with any of the seven statuses', async () => {
    const owner = await member();
    const id = await scheduled(owner, { title: 'Sync', participants: ['a@example.com'] });
    const res = await as(
      owner,
      edit(id, {
        title: 'Weekly sync',
        status: 'in progress',
        startTime: '10:00',
        participants: 'A@example.com, c@example.com',
        meetingLink: 'https://zoom.example.com/j/1',
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id,
      title: 'Weekly sync',
      status: 'In Progress',
      startTime: '10:00',
      participants: ['a@example.com', 'c@example.com'],
      meetingLink: 'https://zoom.example.com/j/1',
      date: '2026-05-04',
      type: 'meeting',
    });
    for (const status of ['Completed', 'Cancelled', 'Production']) {
      expect((await as(owner, edit(id, { status }))).json().status).toBe(status);
    }
    const cleared = await as(owner, edit(id, { meetingLink: '', startTime: null, participants: [] }));
    expect(cleared.json()).toMatchObject({ meetingLink: null, startTime: null, participants: [] });
  });

  it('answers the event unchanged for an empty edit, and records nothing', async () => {
    const owner = await member();
    const id = await scheduled(owner, { startTime: '09:00' });
    const [before] = await ctx.db.select().from(events).where(eq(events.id, id));
    const res = await as(owner, edit(id, { startTime: '09:00', title: 'Sync' }));
    expect(res.statusCode).toBe(200);
    expect(res.json().updatedAt).toBe(before?.updatedAt.toISOString());
  });

  it.each([
    ['title blank', { title: '' }, 'title', eventMessages.titleRequired],
    ['title too long', { title: 't'.repeat(101) }, 'title', eventMessages.titleTooLong],
    [
      'description too long',
      { description: 'd'.repeat(501) },
      'description',
      eventMessages.descriptionTooLong,
    ],
    ['meeting link invalid', { meetingLink: 'zoom' }, 'meetingLink', eventMessages.invalidUrl],
    ['status unknown', { status: 'Done' }, 'status', eventMessages.statusRequired],
    ['date not real', { date: '2026-04-31' }, 'date', eventMessages.dateInvalid],
  ])('refuses an edit with %s', async (_, change, field, message) => {
    const owner = await member();
    const id = await scheduled(owner);
    const res = await as(owner, edit(id, change));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message, details: { fields: { [field]: [message] } } });
  });

  it('records the link to a product on its timeline, and refuses a product the caller cannot see', async () => {
    const owner = await member();
    const other = await member();
    const { product } = await productOf(owner);
    const { product: hidden } = await productOf(other);
    const id = await scheduled(owner, { title: 'Demo', type: 'review' });

    const refused = await as(owner, edit(id, { productId: hidden.id }));
    expect(refused.statusCode).toBe(404);
    expect(refused.json().code).toBe('PRODUCT_NOT_FOUND');

    const res = await as(owner, edit(id, { productId: product.id }));
    expect(res.json()).toMatchObject({ productId: product.id, productName: 'Apollo' });
    expect((await entriesOf(ctx, product.id)).map((e) => e.description)).toEqual([
      'Scheduled review "Demo" on 2026-05-04',
    ]);
    expect((await as(owner, edit(id, { productId: null }))).json().productId).toBeNull();
  });

  it('lets an admin change a product’s event, even to unlink it', async () => {
    const owner = await member();
    const { product } = await productOf(owner);
    const id = await scheduled(owner, { productId: product.id });
    const res = await as(admin, edit(id, { status: 'Cancelled' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'Cancelled', canEdit: true });
    const unlinked = await as(admin, edit(id, { productId: null }));
    expect(unlinked.statusCode).toBe(200);
    expect(unlinked.json()).toMatchObject({ id, productId: null });
  });

  it('refuses participants and the product’s people (403), strangers (404) and a creator who became a guest (403 READ_ONLY)', async () => {
    const owner = await member();
    const participant = await member();
    const teammate = await member();
    const stranger = await member();
    const { product } = await productOf(owner, [teammate]);
    const id = await scheduled(owner, { productId: product.id, participants: [participant.user.email] });

    for (const who of [participant, teammate]) {
      const res = await as(who, edit(id, { title: 'Mine now' }));
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'FORBIDDEN', message: eventMessages.forbidden });
    }
    for (const eventId of [id, UNKNOWN_ID]) {
      const res = await as(stranger, edit(eventId, { title: 'Mine now' }));
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'EVENT_NOT_FOUND', message: eventMessages.notFound });
    }
    await ctx.db.update(users).set({ role: 'guest' }).where(eq(users.id, owner.user.id));
    const demoted = await as(owner, edit(id, { title: 'Still mine?' }));
    expect(demoted.statusCode).toBe(403);
    expect(demoted.json().code).toBe('READ_ONLY');
    const [row] = await ctx.db.select().from(events).where(eq(events.id, id));
    expect(row?.title).toBe('Sync');
  });

  it('answers 400 for an id that is not one (a product milestone’s)', async () => {
    const owner = await member();
    const res = await as(owner, edit(`product-${UNKNOWN_ID}`, { title: 'X' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(eventMessages.notFound);
  });
});
