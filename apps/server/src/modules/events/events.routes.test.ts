import { eventMessages, productMessages } from '@shipyard/shared';
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activities, events, users } from '../../db/schema/index.ts';
import { emailKey } from '../../lib/realtime/changes.ts';
import { addMember, createProduct, createSignedInUser, createTeam } from '../../testing/factories.ts';
import { type Req, type Signed, useTestApp } from '../../testing/http.ts';

const { ctx, as, member, guest } = useTestApp();

let admin: Signed;
beforeAll(async () => {
  admin = await createSignedInUser(ctx, { role: 'admin', name: 'Ada Admin' });
});

type Item = { id: string; source: string; title: string; date: string; canEdit: boolean };
const create = (payload: object): Req => ({ method: 'POST', url: '/api/events', payload });
const edit = (id: string, payload: object): Req => ({ method: 'PATCH', url: `/api/events/${id}`, payload });
const remove = (id: string): Req => ({ method: 'DELETE', url: `/api/events/${id}` });
const range = (from: string, to: string, extra = ''): Req => ({
  url: `/api/events?from=${from}&to=${to}${extra}`,
});
/** The titles a viewer sees on the days from..to. */
async function titlesSeen(who: Signed, from = '2026-01-01', to = '2026-12-31'): Promise<string[]> {
  const res = await as(who, range(from, to));
  expect(res.statusCode).toBe(200);
  return res.json<{ data: Item[] }>().data.map((item) => item.title);
}

const countEvents = async () => (await ctx.db.select({ n: count() }).from(events))[0]?.n;
const countActivities = async () => (await ctx.db.select({ n: count() }).from(activities))[0]?.n;
const entriesOf = (productId: string) =>
  ctx.db.select().from(activities).where(eq(activities.productId, productId));

/** A member's product (its target date far from the events' days unless told) and its team. */
async function productOf(
  owner: Signed,
  people: Signed[] = [],
  values: { name?: string; targetEndDate?: string } = {},
) {
  const product = await createProduct(ctx, owner.user.id, { targetEndDate: '2030-12-31', ...values });
  const team = await createTeam(ctx, product.id);
  for (const p of people) await addMember(ctx, team.id, p.user.id);
  return { product, team };
}

/** An event scheduled through the API by `who`; answers its id. */
async function scheduled(who: Signed, values: object = {}): Promise<string> {
  const res = await as(who, create({ title: 'Sync', date: '2026-05-04', type: 'meeting', ...values }));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe('POST /api/events', () => {
  it('schedules an event with the defaults for the caller, ignoring a createdBy in the body, recording nothing', async () => {
    const owner = await member();
    const other = await member();
    const activitiesBefore = await countActivities();

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
    expect(await countActivities()).toBe(activitiesBefore);
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
    const entries = await entriesOf(product.id);
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
      const before = [await countEvents(), await countActivities()];
      const res = await as(owner, create({ title: 'Valid', date: '2026-05-04', type: 'meeting', ...change }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        message,
        details: { fields: { [field]: [message] } },
      });
      expect([await countEvents(), await countActivities()]).toEqual(before);
    },
  );

  it('answers 404 Product not found for a product the caller cannot see or that does not exist', async () => {
    const owner = await member();
    const outsider = await member();
    const { product } = await productOf(owner);
    const before = await countEvents();
    for (const productId of [product.id, UNKNOWN]) {
      const res = await as(
        outsider,
        create({ title: 'Sneaky', date: '2026-05-04', type: 'meeting', productId }),
      );
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'PRODUCT_NOT_FOUND', message: productMessages.notFound });
    }
    expect(await countEvents()).toBe(before);
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
    const before = await countEvents();
    const res = await as(visitor, create({ title: 'Party', date: '2026-05-04', type: 'meeting' }));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'READ_ONLY', message: eventMessages.readOnly });
    expect(
      (await as(undefined, create({ title: 'Party', date: '2026-05-04', type: 'meeting' }))).statusCode,
    ).toBe(401);
    expect((await as(undefined, range('2026-01-01', '2026-12-31'))).statusCode).toBe(401);
    expect(await countEvents()).toBe(before);
  });
});

describe('GET /api/events: who sees what', () => {
  it('shows the creator, the participants (by e-mail) and the product’s people their events, and a stranger nothing', async () => {
    const owner = await member('Olga Owner');
    const teammate = await member('Tia Teammate');
    const invitee = await member('Ivan Invitee');
    const pending = await member('Pia Pending');
    const stranger = await member('Sam Stranger');
    const { product, team } = await productOf(owner, [teammate]);
    await addMember(ctx, team.id, pending.user.id, { status: 'invited' });

    await scheduled(owner, { title: 'Private' });
    await scheduled(owner, { title: 'With Ivan', participants: [invitee.user.email.toUpperCase()] });
    await scheduled(owner, { title: 'Product sync', productId: product.id });
    await scheduled(stranger, { title: 'Stranger’s own' });

    expect(await titlesSeen(owner)).toEqual(['Private', 'Product sync', 'With Ivan']);
    expect(await titlesSeen(invitee)).toEqual(['With Ivan']);
    expect(await titlesSeen(teammate)).toEqual(['Product sync']);
    // An invitation is not a membership: the product, and its events, stay hidden.
    expect(await titlesSeen(pending)).toEqual([]);
    expect(await titlesSeen(stranger)).toEqual(['Stranger’s own']);
  });

  it('shows an admin every product’s events but not someone’s private ones', async () => {
    const owner = await member();
    const { product } = await productOf(owner);
    const linked = await scheduled(owner, { title: 'Linked', date: '2027-03-03', productId: product.id });
    await scheduled(owner, { title: 'Private', date: '2027-03-03' });

    const res = await as(admin, range('2027-03-03', '2027-03-03'));
    const items = res.json<{ data: Item[] }>().data.filter((item) => item.source === 'event');
    expect(items.map((item) => [item.id, item.canEdit])).toEqual([[linked, true]]);
    expect((await as(admin, { url: `/api/events/${linked}` })).statusCode).toBe(200);
  });

  it('tells each viewer whether they may change an event, and hides a product a participant cannot see', async () => {
    const owner = await member();
    const participant = await member();
    const teammate = await member();
    const { product } = await productOf(owner, [teammate], { name: 'Secret' });
    await scheduled(owner, { productId: product.id, participants: [participant.user.email] });

    const seenBy = async (who: Signed) =>
      (await as(who, range('2026-05-04', '2026-05-04'))).json<{ data: Item[] }>().data[0];
    expect(await seenBy(owner)).toMatchObject({ canEdit: true, productName: 'Secret' });
    expect(await seenBy(teammate)).toMatchObject({ canEdit: false, productName: 'Secret' });
    expect(await seenBy(participant)).toMatchObject({
      canEdit: false,
      productName: null,
      productId: product.id,
    });
  });

  it('shows a guest the events they take part in, read-only', async () => {
    const owner = await member();
    const visitor = await guest();
    await scheduled(owner, { title: 'Demo for the guest', participants: [visitor.user.email] });
    const res = await as(visitor, range('2026-01-01', '2026-12-31'));
    expect(res.json().data).toEqual([
      expect.objectContaining({ title: 'Demo for the guest', canEdit: false }),
    ]);
  });

  it('answers the days from..to, both included, by date, all-day first, then time and title', async () => {
    const owner = await member();
    await scheduled(owner, { title: 'Before', date: '2026-04-30' });
    await scheduled(owner, { title: 'First day late', date: '2026-05-01', startTime: '16:00' });
    await scheduled(owner, { title: 'First day early', date: '2026-05-01', startTime: '08:15' });
    await scheduled(owner, { title: 'First day all day B', date: '2026-05-01' });
    await scheduled(owner, { title: 'First day all day A', date: '2026-05-01' });
    await scheduled(owner, { title: 'Last day', date: '2026-05-31' });
    await scheduled(owner, { title: 'After', date: '2026-06-01' });

    const res = await as(owner, range('2026-05-01', '2026-05-31'));
    expect(res.json()).toMatchObject({ from: '2026-05-01', to: '2026-05-31', hasMore: false });
    expect(res.json<{ data: Item[] }>().data.map((item) => item.title)).toEqual([
      'First day all day A',
      'First day all day B',
      'First day early',
      'First day late',
      'Last day',
    ]);
  });

  it('stops at the limit and says there is more', async () => {
    const owner = await member();
    for (const title of ['One', 'Two', 'Three']) await scheduled(owner, { title, date: '2026-07-07' });
    const res = await as(owner, range('2026-07-07', '2026-07-07', '&limit=2'));
    expect(res.json()).toMatchObject({ hasMore: true });
    expect(res.json().data.map((item: Item) => item.title)).toEqual(['One', 'Three']);
  });

  it('defaults to a window around today and answers the range it used', async () => {
    const owner = await member();
    const today = ctx.clock.now().toISOString().slice(0, 10);
    await scheduled(owner, { title: 'Today', date: today });
    const res = await as(owner, { url: '/api/events' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((item: Item) => item.title)).toEqual(['Today']);
    expect(res.json().from < today && res.json().to > today).toBe(true);

    const fromOnly = await as(owner, { url: '/api/events?from=2026-01-01' });
    expect(fromOnly.json()).toMatchObject({ from: '2026-01-01', to: '2026-05-01' });
  });

  it.each([
    ['an end before the start', 'from=2026-05-02&to=2026-05-01', eventMessages.rangeOrder],
    ['more than 400 days', 'from=2026-01-01&to=2027-02-05', eventMessages.rangeTooLong],
    ['a day that does not exist', 'from=2026-02-30&to=2026-03-01', eventMessages.dateInvalid],
  ])('refuses a range with %s', async (_, query, message) => {
    const owner = await member();
    const res = await as(owner, { url: `/api/events?${query}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', message });
  });

  it('takes a range of exactly 400 days', async () => {
    const owner = await member();
    expect((await as(owner, range('2026-01-01', '2027-02-04'))).statusCode).toBe(200);
  });
});

describe('GET /api/events: product milestones', () => {
  it('shows the target end date of each visible product in the range as a read-only milestone', async () => {
    const owner = await member();
    const teammate = await member();
    const stranger = await member();
    const { product } = await productOf(owner, [teammate], { name: 'Apollo', targetEndDate: '2026-09-15' });
    await productOf(owner, [], { name: 'Later', targetEndDate: '2026-10-01' });
    await createProduct(ctx, owner.user.id, {
      name: 'Shipped',
      status: 'maintenance',
      targetEndDate: '2026-09-20',
    });
    await scheduled(owner, { title: 'Launch party', date: '2026-09-15', startTime: '18:00' });

    const res = await as(owner, range('2026-09-01', '2026-09-30'));
    expect(res.json().data).toEqual([
      {
        source: 'product',
        id: `product-${product.id}`,
        title: 'Apollo target date',
        description: '',
        date: '2026-09-15',
        startTime: null,
        type: 'milestone',
        status: 'Planning',
        meetingLink: null,
        participants: [],
        productId: product.id,
        productName: 'Apollo',
        createdBy: owner.user.id,
        canEdit: false,
      },
      expect.objectContaining({ source: 'event', title: 'Launch party' }),
      expect.objectContaining({ source: 'product', title: 'Shipped target date', status: 'Completed' }),
    ]);
    expect(await titlesSeen(teammate, '2026-09-01', '2026-09-30')).toEqual(['Apollo target date']);
    expect(await titlesSeen(stranger, '2026-09-01', '2026-09-30')).toEqual([]);
  });

  it('shows an admin every product’s target date', async () => {
    const owner = await member();
    const { product } = await productOf(owner, [], { targetEndDate: '2031-02-03' });
    const res = await as(admin, range('2031-02-03', '2031-02-03'));
    expect(res.json().data.map((item: Item) => item.id)).toContain(`product-${product.id}`);
  });
});

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
    expect((await entriesOf(product.id)).map((e) => e.description)).toEqual([
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
    for (const eventId of [id, UNKNOWN]) {
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
    const res = await as(owner, edit(`product-${UNKNOWN}`, { title: 'X' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(eventMessages.notFound);
  });
});

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

describe('GET /api/events/{id}', () => {
  it('answers an event the caller may see, and 404 otherwise', async () => {
    const owner = await member();
    const stranger = await member();
    const id = await scheduled(owner, { title: 'Visible' });
    expect((await as(owner, { url: `/api/events/${id}` })).json()).toMatchObject({ id, title: 'Visible' });
    expect((await as(stranger, { url: `/api/events/${id}` })).statusCode).toBe(404);
  });
});

describe('realtime changes', () => {
  /** What the app publishes while `action` runs. */
  async function publishedBy(action: () => Promise<unknown>) {
    const before = ctx.published.length;
    await action();
    return ctx.published.slice(before);
  }

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
      await ctx.pool.query(`create or replace function test_refuse_activity() returns trigger language plpgsql
        as $$ begin raise exception 'activity refused by the test'; end $$`);
      await ctx.pool.query(`create trigger test_refuse_activity before insert on activities
        for each row execute function test_refuse_activity()`);
      try {
        const res = await as(
          owner,
          create({ title: 'Lost', date: '2026-05-04', type: 'meeting', productId: product.id }),
        );
        expect(res.statusCode).toBe(500);
      } finally {
        await ctx.pool.query('drop trigger test_refuse_activity on activities');
      }
    });
    expect(published).toEqual([]);
  });
});
