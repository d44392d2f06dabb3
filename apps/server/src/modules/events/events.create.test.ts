import { eventMessages, productMessages } from '@shipyard/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activities, events } from '../../db/schema/index.ts';
import { UNKNOWN_ID } from '../../testing/http.ts';
import { countRows, entriesOf } from '../../testing/stored.ts';
import { create, range, useEventTests } from './events.test-kit.ts';

// Scheduling an event: POST /api/events.
const { ctx, as, member, guest, signedInOnce, productOf, scheduled } = useEventTests();
const admin = signedInOnce('admin', 'Ada Admin');

describe('POST /api/events', () => {
  it('schedules an event with the defaults for the caller, ignoring a createdBy in the body, recording nothing', async () => {
    const owner = await member();
    const other = await member();
    const activitiesBefore = await countRows(ctx, activities);

    const res = await as(
      owner,
      create({ title: '  Design review  ', date: '2026-05-04', type: 'review', createdBy: other.user.id }),
    );
    expect(res.statusCode).toBe(201);
    const body = res.json();
    const [row] = await ctx.db.select().from(events).where(eq(events.id, body.id));
    expect(body).toEqual({
      source: 'event',
      id: body.id,
      title: 'Design review',
      description: '',
      date: '2026-05-04',
      startTime: null,
      type: 'review',
      status: 'Planning',
      meetingLink: null,
      participants: [],
      productId: null,
      productName: null,
      createdBy: owner.user.id,
      canEdit: true,
      createdAt: row?.createdAt.toISOString(),
      updatedAt: row?.updatedAt.toISOString(),
    });
    expect(await countRows(ctx, activities)).toBe(activitiesBefore);
  });

  it('schedules an event with every field: participants lowercased and deduplicated, the product named, and its timeline told', async () => {
    const owner = await member('Olga Owner');
    const { product } = await productOf(owner, [], { name: 'Apollo' });

    const res = await as(
      owner,
      create({
        title: 'Sprint planning',
        date: '2026-06-01',
        startTime: '09:30',
        type: 'Workshop',
        status: 'development',
        description: 'Plan the sprint.',
        meetingLink: 'https://meet.example.com/abc-defg',
        participants: ['Grace@Example.com', ' linus@example.com ', 'grace@example.com'],
        productId: product.id,
      }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      title: 'Sprint planning',
      date: '2026-06-01',
      startTime: '09:30',
      type: 'workshop',
      status: 'Development',
      description: 'Plan the sprint.',
      meetingLink: 'https://meet.example.com/abc-defg',
      participants: ['grace@example.com', 'linus@example.com'],
      productId: product.id,
      productName: 'Apollo',
    });
    const entries = await entriesOf(ctx, product.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actionType: 'event_scheduled',
      description: 'Scheduled workshop "Sprint planning" on 2026-06-01',
      metadata: { eventId: res.json().id, type: 'workshop', status: 'Development', date: '2026-06-01' },
      performedBy: owner.user.id,
    });
  });

  it('takes participants as one comma-separated string, and empty optional fields as none', async () => {
    const owner = await member();
    const res = await as(
      owner,
      create({
        title: 'Retro',
        date: '2026-05-04',
        type: 'other',
        participants: 'a@example.com, B@example.com',
        meetingLink: '',
        startTime: '',
        productId: '',
      }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      participants: ['a@example.com', 'b@example.com'],
      meetingLink: null,
      startTime: null,
      productId: null,
    });
  });

  it('takes a title of 100 characters and a description of 500', async () => {
    const owner = await member();
    const res = await as(
      owner,
      create({ title: 't'.repeat(100), description: 'd'.repeat(500), date: '2026-05-04', type: 'meeting' }),
    );
    expect(res.statusCode).toBe(201);
  });

  it.each([
    ['title missing', { title: undefined }, 'title', eventMessages.titleRequired],
    ['title blank', { title: '   ' }, 'title', eventMessages.titleRequired],
    ['title of 101 characters', { title: 't'.repeat(101) }, 'title', eventMessages.titleTooLong],
    [
      'description of 501 characters',
      { description: 'd'.repeat(501) },
      'description',
      eventMessages.descriptionTooLong,
    ],
    [
      'meeting link without a scheme',
      { meetingLink: 'meet.example.com/abc' },
      'meetingLink',
      eventMessages.invalidUrl,
    ],
    [
      'meeting link not http(s)',
      { meetingLink: 'javascript:alert(1)' },
      'meetingLink',
      eventMessages.invalidUrl,
    ],
    [
      'meeting link of ftp',
      { meetingLink: 'ftp://files.example.com' },
      'meetingLink',
      eventMessages.invalidUrl,
    ],
    ['date missing', { date: undefined }, 'date', eventMessages.dateRequired],
    ['date not a real day', { date: '2026-02-30' }, 'date', eventMessages.dateInvalid],
    ['date not a day', { date: 'next week' }, 'date', eventMessages.dateInvalid],
    ['type unknown', { type: 'party' }, 'type', eventMessages.typeRequired],
    ['type missing', { type: undefined }, 'type', eventMessages.typeRequired],
    ['status only for an edit', { status: 'Completed' }, 'status', eventMessages.statusOnCreate],
    ['status unknown', { status: 'Done' }, 'status', eventMessages.statusOnCreate],
    ['start time not a time', { startTime: '25:00' }, 'startTime', eventMessages.timeInvalid],
    [
      'participant not an e-mail',
      { participants: ['ada@example.com', 'bob'] },
      'participants',
      'Invalid email address: bob',
    ],
    ['product not an id', { productId: 'apollo' }, 'productId', productMessages.notFound],
  ])(
    'refuses an event with %s (400 with the field’s message) and stores nothing',
    async (_, change, field, message) => {
      const owner = await member();
      const before = [await countRows(ctx, events), await countRows(ctx, activities)];
      const res = await as(owner, create({ title: 'Valid', date: '2026-05-04', type: 'meeting', ...change }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        message,
        details: { fields: { [field]: [message] } },
      });
      expect([await countRows(ctx, events), await countRows(ctx, activities)]).toEqual(before);
    },
  );

  it('answers 404 Product not found for a product the caller cannot see or that does not exist', async () => {
    const owner = await member();
    const outsider = await member();
    const { product } = await productOf(owner);
    const before = await countRows(ctx, events);
    for (const productId of [product.id, UNKNOWN_ID]) {
      const res = await as(
        outsider,
        create({ title: 'Sneaky', date: '2026-05-04', type: 'meeting', productId }),
      );
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'PRODUCT_NOT_FOUND', message: productMessages.notFound });
    }
    expect(await countRows(ctx, events)).toBe(before);
  });

  it('lets an active team member link an event to the product, and an admin any product', async () => {
    const owner = await member();
    const teammate = await member();
    const { product } = await productOf(owner, [teammate]);
    await scheduled(teammate, { productId: product.id });
    await scheduled(admin, { productId: product.id });
  });

  it('refuses a guest with 403 READ_ONLY, and a caller without a session with 401', async () => {
    const visitor = await guest();
    const before = await countRows(ctx, events);
    const res = await as(visitor, create({ title: 'Party', date: '2026-05-04', type: 'meeting' }));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'READ_ONLY', message: eventMessages.readOnly });
    expect(
      (await as(undefined, create({ title: 'Party', date: '2026-05-04', type: 'meeting' }))).statusCode,
    ).toBe(401);
    expect((await as(undefined, range('2026-01-01', '2026-12-31'))).statusCode).toBe(401);
    expect(await countRows(ctx, events)).toBe(before);
  });
});
