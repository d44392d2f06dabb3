import { addCalendarDays, CALENDAR_FEED_DAYS_AFTER, CALENDAR_FEED_DAYS_BEFORE } from '@shipyard/shared';
import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { calendarFeeds, tasks } from '../../db/schema/index.ts';
import { sha256 } from '../../lib/crypto.ts';
import { createTask } from '../../testing/factories.ts';
import { type Req, type Signed, UNKNOWN_ID, useTestApp } from '../../testing/http.ts';
import { CALENDAR_FEED_PER_MINUTE } from './index.ts';

const { ctx, as, member, guest, signedInOnce, productOf: productWithTeam } = useTestApp();
const admin = signedInOnce('admin', 'Ada Admin');

const today = () => ctx.clock.now().toISOString().slice(0, 10);
const day = (n: number) => addCalendarDays(today(), n);

type Task = { id: string; title: string; dueDate: string; productName: string; assigneeId: string | null };
const calendarTasks = (from: string, to: string, extra = ''): Req => ({
  url: `/api/calendar/tasks?from=${from}&to=${to}${extra}`,
});
async function titlesDue(who: Signed, from = day(-10), to = day(40), extra = ''): Promise<string[]> {
  const res = await as(who, calendarTasks(from, to, extra));
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Task[] }>().data.map((t) => t.title);
}

/** A product of `owner` with a team holding `people`, its target 20 days from today. */
const productOf = async (owner: Signed, people: Signed[] = [], name = 'Apollo') =>
  (await productWithTeam(owner, people, { name, targetEndDate: day(20) })).product;

const feedStatus: Req = { url: '/api/user/calendar-feed' };
const createFeed: Req = { method: 'POST', url: '/api/user/calendar-feed' };
const deleteFeed: Req = { method: 'DELETE', url: '/api/user/calendar-feed' };
/** The path of a feed URL the API answered. */
const pathOf = (url: string) => new URL(url).pathname;

async function feedUrlOf(who: Signed): Promise<string> {
  const res = await as(who, createFeed);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ url: string }>().url;
}

type Parsed = {
  uid: string;
  summary: string;
  description: string;
  start: string;
  allDay: boolean;
  lastModified: string;
};
/** The feed fetched signed out and read by a real iCalendar parser (ical.js). */
async function fetchFeed(url: string) {
  const res = await as(undefined, { url: pathOf(url) });
  if (res.statusCode !== 200) return { status: res.statusCode, events: [] as Parsed[], res };
  const calendar = new ICAL.Component(ICAL.parse(res.body));
  const events = calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      uid: event.uid,
      summary: event.summary,
      description: event.description ?? '',
      start: event.startDate.toString(),
      allDay: event.startDate.isDate,
      lastModified: String(vevent.getFirstPropertyValue('last-modified')),
    };
  });
  return { status: 200, events, res, calendar };
}

describe('GET /api/calendar/tasks', () => {
  it('answers the visible tasks due in the range, by day and title, with their product', async () => {
    const owner = await member('Olga Owner');
    const mate = await member();
    const outsider = await member();
    const product = await productOf(owner, [mate], 'Calypso');
    await createTask(ctx, product.id, { title: 'B later', dueDate: day(3) });
    await createTask(ctx, product.id, { title: 'A first', dueDate: day(1) });
    await createTask(ctx, product.id, { title: 'No due date' });
    await createTask(ctx, product.id, { title: 'Out of range', dueDate: day(90) });

    const res = await as(mate, calendarTasks(day(0), day(30)));
    expect(res.statusCode).toBe(200);
    const body = res.json<{ data: Task[]; hasMore: boolean }>();
    expect(body.data.map((t) => [t.title, t.dueDate, t.productName])).toEqual([
      ['A first', day(1), 'Calypso'],
      ['B later', day(3), 'Calypso'],
    ]);
    expect(body.hasMore).toBe(false);
    // Another team's product is out of sight; an admin sees every product.
    expect(await titlesDue(outsider, day(0), day(30))).toEqual([]);
    expect(await titlesDue(admin, day(0), day(30))).toEqual(expect.arrayContaining(['A first', 'B later']));
  });

  it('filters by product and by "mine"', async () => {
    const owner = await member();
    const one = await productOf(owner, [], 'One');
    const two = await productOf(owner, [], 'Two');
    await createTask(ctx, one.id, { title: 'Mine in one', dueDate: day(2), assigneeId: owner.user.id });
    await createTask(ctx, one.id, { title: 'Unassigned in one', dueDate: day(2) });
    await createTask(ctx, two.id, { title: 'Mine in two', dueDate: day(2), assigneeId: owner.user.id });

    expect(await titlesDue(owner, day(0), day(5), `&productId=${one.id}`)).toEqual([
      'Mine in one',
      'Unassigned in one',
    ]);
    expect(await titlesDue(owner, day(0), day(5), '&mine=true')).toEqual(['Mine in one', 'Mine in two']);
    expect(await titlesDue(owner, day(0), day(5), `&mine=true&productId=${two.id}`)).toEqual(['Mine in two']);
    // A product the caller does not see answers nothing, not its tasks.
    expect(await titlesDue(await member(), day(0), day(5), `&productId=${one.id}`)).toEqual([]);
  });

  it('refuses a missing, reversed or too long range and a bad product id, with a message', async () => {
    const who = await member();
    for (const [url, field] of [
      ['/api/calendar/tasks', 'from'],
      [`/api/calendar/tasks?from=${day(0)}`, 'to'],
      [`/api/calendar/tasks?from=${day(5)}&to=${day(0)}`, 'to'],
      [`/api/calendar/tasks?from=${day(0)}&to=${day(62)}`, 'to'],
      [`/api/calendar/tasks?from=${day(0)}&to=${day(1)}&productId=nope`, 'productId'],
      [`/api/calendar/tasks?from=2026-02-30&to=${day(1)}`, 'from'],
    ] as const) {
      const res = await as(who, { url });
      expect(res.statusCode, url).toBe(400);
      expect(Object.keys(res.json().details?.fields ?? {}), url).toContain(field);
    }
    expect((await as(who, calendarTasks(day(0), day(61)))).statusCode).toBe(200);
  });

  it('is 401 signed out, and lets a guest read the tasks of the products they see', async () => {
    expect((await as(undefined, calendarTasks(day(0), day(1)))).statusCode).toBe(401);
    const owner = await member();
    const visitor = await guest();
    const product = await productOf(owner, [visitor]);
    await createTask(ctx, product.id, { title: 'Guest can see', dueDate: day(1) });
    expect(await titlesDue(visitor, day(0), day(2))).toEqual(['Guest can see']);
  });

  it('uses the due-date index for the range and the assignee index for "mine"', async () => {
    const plan = async (query: string) =>
      ctx.db.transaction(async (tx) => {
        await tx.execute('set local enable_seqscan = off' as never);
        const result = await tx.execute(`explain (costs off) ${query}` as never);
        return result.rows.map((r) => String(Object.values(r)[0])).join('\n');
      });
    expect(
      await plan(
        `select id from tasks where due_date >= '2026-01-01' and due_date <= '2026-02-01' order by due_date limit 501`,
      ),
    ).toContain('tasks_due_idx');
    expect(
      await plan(
        `select id from tasks where assignee_id = '${UNKNOWN_ID}' and due_date >= '2026-01-01' and due_date <= '2027-02-01'`,
      ),
    ).toContain('tasks_assignee_due_idx');
  });
});

describe('the calendar feed settings', () => {
  it('creates, answers the URL once, tells whether one exists, and stores only a hash', async () => {
    const who = await member();
    expect((await as(who, feedStatus)).json()).toEqual({ enabled: false, createdAt: null });

    const res = await as(who, createFeed);
    expect(res.statusCode).toBe(201);
    const { url, createdAt } = res.json<{ url: string; createdAt: string }>();
    expect(url).toMatch(/^http:\/\/shipyard\.test\/api\/calendar\/feed\/[A-Za-z0-9_-]{43}\.ics$/);
    expect((await as(who, feedStatus)).json()).toEqual({ enabled: true, createdAt });

    const token = /feed\/(.+)\.ics$/.exec(url)?.[1] ?? '';
    const [stored] = await ctx.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, who.user.id));
    expect(stored?.tokenHash).toBe(sha256(token));
    expect(JSON.stringify(stored)).not.toContain(token);
  });

  it('regenerating makes the old URL a 404 at once; turning off makes the new one a 404 too', async () => {
    const who = await member();
    const first = await feedUrlOf(who);
    expect((await fetchFeed(first)).status).toBe(200);
    const second = await feedUrlOf(who);
    expect(second).not.toBe(first);
    expect((await fetchFeed(first)).status).toBe(404);
    expect((await fetchFeed(second)).status).toBe(200);

    const off = await as(who, deleteFeed);
    expect(off.statusCode).toBe(200);
    expect((await fetchFeed(second)).status).toBe(404);
    expect((await as(who, feedStatus)).json().enabled).toBe(false);
    // Nothing left to turn off.
    expect((await as(who, deleteFeed)).statusCode).toBe(404);
  });

  it('is 401 signed out and 403 with an API token', async () => {
    for (const req of [feedStatus, createFeed, deleteFeed]) {
      expect((await as(undefined, req)).statusCode, req.url).toBe(401);
    }
    const who = await member();
    const minted = await as(who, {
      method: 'POST',
      url: '/api/auth/tokens',
      payload: { name: 'script', scope: 'write', expires_in_days: 7 },
    });
    const bearer = { authorization: `Bearer ${minted.json().token}` };
    for (const req of [feedStatus, createFeed, deleteFeed]) {
      const res = await as(undefined, { ...req, headers: bearer });
      expect(res.statusCode, req.method).toBe(403);
    }
  });

  it('ends with a password change and when the account is disabled', async () => {
    const who = await member();
    const url = await feedUrlOf(who);
    const changed = await as(who, {
      method: 'PATCH',
      url: '/api/auth/change-password',
      payload: {
        currentPassword: who.user.password,
        newPassword: 'new-pass-word-7',
        confirmPassword: 'new-pass-word-7',
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await fetchFeed(url)).status).toBe(404);
    expect((await as(who, feedStatus)).json().enabled).toBe(false);

    const other = await member();
    const otherUrl = await feedUrlOf(other);
    const disabled = await as(admin, {
      method: 'PATCH',
      url: '/api/user/update-user',
      payload: { id: other.user.id, disabled: true },
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect((await fetchFeed(otherUrl)).status).toBe(404);
  });
});

describe('GET /api/calendar/feed/{token}.ics', () => {
  it('is valid iCalendar with the events, milestones and own tasks the owner may see', async () => {
    const owner = await member('Olga Owner');
    const mate = await member();
    const stranger = await member();
    const product = await productOf(owner, [mate], 'Pegasus');
    const hidden = await productOf(stranger, [], 'Secret product');

    const mine = await createTask(ctx, product.id, {
      title: 'Ship it, then; rest\nnext line',
      dueDate: day(5),
      assigneeId: mate.user.id,
    });
    await createTask(ctx, product.id, {
      title: 'Someone else’s',
      dueDate: day(5),
      assigneeId: owner.user.id,
    });
    await createTask(ctx, product.id, {
      title: 'Too far',
      dueDate: day(CALENDAR_FEED_DAYS_AFTER + 5),
      assigneeId: mate.user.id,
    });
    await createTask(ctx, product.id, {
      title: 'Too old',
      dueDate: day(-CALENDAR_FEED_DAYS_BEFORE - 5),
      assigneeId: mate.user.id,
    });
    // Assigned, but in a product the mate does not see (e.g. they left its team): never in the feed.
    await createTask(ctx, hidden.id, { title: 'Hidden task', dueDate: day(5), assigneeId: mate.user.id });

    const timed = await as(owner, {
      method: 'POST',
      url: '/api/events',
      payload: {
        title: 'Review, part 1; notes',
        date: day(2),
        startTime: '14:30',
        type: 'review',
        productId: product.id,
      },
    });
    expect(timed.statusCode, timed.body).toBe(201);
    const hiddenEvent = await as(stranger, {
      method: 'POST',
      url: '/api/events',
      payload: { title: 'Secret meeting', date: day(2), type: 'meeting', productId: hidden.id },
    });
    expect(hiddenEvent.statusCode).toBe(201);

    const url = await feedUrlOf(mate);
    const feed = await fetchFeed(url);
    expect(feed.status).toBe(200);
    expect(feed.res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(feed.calendar?.getFirstPropertyValue('x-wr-calname')).toContain(mate.user.name);
    // Lines are CRLF and folded at 75 octets (RFC 5545 §3.1).
    expect(feed.res.body).toContain('\r\n');
    for (const line of feed.res.body.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);

    const byUid = new Map(feed.events.map((e) => [e.uid, e]));
    expect(byUid.get(`task-${mine.id}@shipyard.test`)).toMatchObject({
      summary: 'Due: Ship it, then; rest\nnext line',
      start: day(5),
      allDay: true,
    });
    expect(byUid.get(`task-${mine.id}@shipyard.test`)?.description).toContain('Product: Pegasus');
    expect(byUid.get(`event-${timed.json().id}@shipyard.test`)).toMatchObject({
      summary: 'Review, part 1; notes',
      start: `${day(2)}T14:30:00`,
      allDay: false,
    });
    expect(byUid.get(`milestone-${product.id}@shipyard.test`)).toMatchObject({
      summary: 'Pegasus target date',
      start: day(20),
      allDay: true,
    });
    const summaries = feed.events.map((e) => e.summary).join('|');
    for (const absent of [
      'Someone else’s',
      'Too far',
      'Too old',
      'Hidden task',
      'Secret meeting',
      'Secret product',
    ]) {
      expect(summaries).not.toContain(absent);
    }
    // The raw text escapes what iCalendar reserves.
    expect(feed.res.body).toContain('Ship it\\, then\\; rest\\nnext line');
  });

  it('shows a change on the next fetch, under the same UID with a newer LAST-MODIFIED', async () => {
    const who = await member();
    const product = await productOf(who);
    const task = await createTask(ctx, product.id, {
      title: 'Before',
      dueDate: day(3),
      assigneeId: who.user.id,
    });
    const url = await feedUrlOf(who);
    const before = (await fetchFeed(url)).events.find((e) => e.uid === `task-${task.id}@shipyard.test`);
    expect(before?.summary).toBe('Due: Before');

    const moved = await as(who, {
      method: 'PATCH',
      url: `/api/tasks/${task.id}/update`,
      payload: { title: 'After', dueDate: day(4) },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const after = (await fetchFeed(url)).events.find((e) => e.uid === `task-${task.id}@shipyard.test`);
    expect(after).toMatchObject({ summary: 'Due: After', start: day(4) });
    const [row] = await ctx.db.select().from(tasks).where(eq(tasks.id, task.id));
    expect(after?.lastModified).toContain(row?.updatedAt.toISOString().slice(0, 10));
  });

  it('is 404 for an unknown or malformed token, with nothing said about why', async () => {
    for (const file of [`${'A'.repeat(43)}.ics`, 'short.ics', 'A'.repeat(43), '..%2F..%2Fetc.ics']) {
      const res = await as(undefined, { url: `/api/calendar/feed/${file}` });
      expect(res.statusCode, file).toBe(404);
      expect(res.json().code).toMatch(/NOT_FOUND/);
    }
  });

  it(`limits fetches to ${CALENDAR_FEED_PER_MINUTE} a minute per address`, async () => {
    const remoteAddress = '203.0.113.9';
    const fetchOnce = () =>
      ctx.app.inject({ url: `/api/calendar/feed/${'B'.repeat(43)}.ics`, remoteAddress });
    for (let i = 0; i < CALENDAR_FEED_PER_MINUTE; i++) expect((await fetchOnce()).statusCode).toBe(404);
    const limited = await fetchOnce();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    // Another address is not affected.
    const other = await ctx.app.inject({
      url: `/api/calendar/feed/${'B'.repeat(43)}.ics`,
      remoteAddress: '203.0.113.10',
    });
    expect(other.statusCode).toBe(404);
  });
});
