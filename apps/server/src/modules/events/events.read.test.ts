import { eventMessages } from '@shipyard/shared';
import { describe, expect, it } from 'vitest';
import { addMember, createProduct } from '../../testing/factories.ts';
import type { Signed } from '../../testing/http.ts';
import { type Item, range, useEventTests } from './events.test-kit.ts';

// The calendar's events: who sees which, the product milestones among them, and one event.
const { ctx, as, member, guest, signedInOnce, titlesSeen, productOf, scheduled } = useEventTests();
const admin = signedInOnce('admin', 'Ada Admin');

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

describe('GET /api/events/{id}', () => {
  it('answers an event the caller may see, and 404 otherwise', async () => {
    const owner = await member();
    const stranger = await member();
    const id = await scheduled(owner, { title: 'Visible' });
    expect((await as(owner, { url: `/api/events/${id}` })).json()).toMatchObject({ id, title: 'Visible' });
    expect((await as(stranger, { url: `/api/events/${id}` })).statusCode).toBe(404);
  });
});
