import { inboxMessages, notificationMessages } from '@shipyard/shared';
import { describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema/index.ts';
import { type Signed, useTestApp } from '../../testing/http.ts';

// Issue 30: the inbox triages. Done, snooze and unread on the caller's own notifications; the
// filters; the wake-up job that brings a snoozed one back unread, once, if still visible.

const { ctx, as, member, taskOf, publishedBy, otherProcess } = useTestApp();
const other = otherProcess();

const HOUR = 60 * 60 * 1000;

/** Notifications stored directly, one minute apart, the last one newest. */
async function notify(userId: string, types: (typeof notifications.$inferInsert)['type'][], metadata = {}) {
  const base = Date.UTC(2026, 0, 1, 9);
  const rows = [];
  for (const [i, type] of types.entries()) {
    const [row] = await ctx.db
      .insert(notifications)
      .values({ userId, type, message: `Message ${i + 1}`, metadata, createdAt: new Date(base + i * 60_000) })
      .returning();
    if (!row) throw new Error('no notification inserted');
    rows.push(row);
  }
  return rows;
}

async function inbox(who: Signed, filter?: string) {
  const res = await as(who, { url: `/api/notifications${filter ? `?filter=${filter}` : ''}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Array<{ id: string; read: boolean; message: string }>; unread: number }>();
}
const ids = (list: { data: Array<{ id: string }> }) => list.data.map((n) => n.id);
const id = (row: { id: string } | undefined) => row?.id ?? '';

/** Moves the app's clock `ms` before the real time: a snooze until then is past for the queue at once. */
const clockBehind = (ms: number) => ctx.clock.advance(Date.now() - ms - ctx.clock.now().getTime());

describe('the inbox list', () => {
  it('lists unread first, then newest, and filters mentions, assigned, unread and done', async () => {
    const me = await member();
    const [assigned, mention, comment, old] = await notify(me.user.id, [
      'TASK_ASSIGNED',
      'TASK_MENTION',
      'TASK_COMMENT',
      'TASK_STATUS',
    ]);
    await as(me, { method: 'PATCH', url: `/api/notifications/${id(comment)}/read` });
    expect(ids(await inbox(me))).toEqual([id(old), id(mention), id(assigned), id(comment)]);
    expect(ids(await inbox(me, 'mentions'))).toEqual([id(mention)]);
    expect(ids(await inbox(me, 'assigned'))).toEqual([id(assigned)]);
    expect(ids(await inbox(me, 'unread'))).toEqual([id(old), id(mention), id(assigned)]);
    expect(ids(await inbox(me, 'done'))).toEqual([]);
  });

  it('pages unread first, then read, each exactly once', async () => {
    const me = await member();
    const rows = await notify(me.user.id, Array(7).fill('TASK_STATUS'));
    for (const row of rows.filter((_, i) => i % 2 === 0)) {
      await as(me, { method: 'PATCH', url: `/api/notifications/${row.id}/read` });
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await as(me, {
        url: `/api/notifications?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      });
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json<{ data: { id: string }[]; nextCursor: string | null }>();
      seen.push(...ids(page));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual([...unreadIds(rows), ...readIds(rows)]);
  });

  it('refuses an unknown filter and a malformed cursor with 400, and no session with 401', async () => {
    const me = await member();
    expect((await as(me, { url: '/api/notifications?filter=starred' })).statusCode).toBe(400);
    expect((await as(me, { url: '/api/notifications?cursor=xyz' })).statusCode).toBe(400);
    expect((await as(undefined, { url: '/api/notifications?filter=done' })).statusCode).toBe(401);
  });
});

// Rows were inserted oldest first; even indexes were read.
const unreadIds = (rows: { id: string }[]) =>
  rows
    .filter((_, i) => i % 2 === 1)
    .reverse()
    .map(id);
const readIds = (rows: { id: string }[]) =>
  rows
    .filter((_, i) => i % 2 === 0)
    .reverse()
    .map(id);

describe('done', () => {
  it('marks done: read, out of the inbox and the count, listed under done; undone brings it back', async () => {
    const me = await member();
    const [a, b] = await notify(me.user.id, ['TASK_ASSIGNED', 'TASK_MENTION']);
    const res = await as(me, { method: 'PATCH', url: `/api/notifications/${id(a)}/done` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: id(a), read: true, doneAt: expect.any(String) });
    const after = await inbox(me);
    expect(ids(after)).toEqual([id(b)]);
    expect(after.unread).toBe(1);
    expect((await as(me, { url: '/api/notifications/unread-count' })).json()).toEqual({ unread: 1 });
    expect(ids(await inbox(me, 'done'))).toEqual([id(a)]);

    const back = await as(me, { method: 'DELETE', url: `/api/notifications/${id(a)}/done` });
    expect(back.json()).toMatchObject({ doneAt: null, read: true });
    expect(ids(await inbox(me))).toEqual([id(b), id(a)]);
  });

  it('toggles read back to unread', async () => {
    const me = await member();
    const [a] = await notify(me.user.id, ['TASK_ASSIGNED']);
    await as(me, { method: 'PATCH', url: `/api/notifications/${id(a)}/read` });
    const res = await as(me, { method: 'PATCH', url: `/api/notifications/${id(a)}/unread` });
    expect(res.json()).toMatchObject({ read: false });
    expect((await inbox(me)).unread).toBe(1);
  });
});

describe('snooze', () => {
  it('hides until due, then the job brings it back unread and tells the owner alone', async () => {
    const me = await member();
    const [a, b] = await notify(me.user.id, ['TASK_ASSIGNED', 'TASK_STATUS']);
    await as(me, { method: 'PATCH', url: `/api/notifications/${id(a)}/read` });
    clockBehind(2 * HOUR);
    const until = new Date(Date.now() - HOUR).toISOString(); // the app's future, the queue's past
    const res = await as(me, {
      method: 'PATCH',
      url: `/api/notifications/${id(a)}/snooze`,
      payload: { until },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ snoozedUntil: until });
    expect(ids(await inbox(me))).toEqual([id(b)]);
    expect((await inbox(me)).unread).toBe(1);

    const published = await publishedBy(() => ctx.app.jobs.runDue());
    expect(published).toEqual([
      expect.objectContaining({ kind: 'notification', op: 'updated', id: id(a), userIds: [me.user.id] }),
    ]);
    const back = await inbox(me);
    expect(ids(back)).toEqual([id(b), id(a)]);
    expect(back.data.find((n) => n.id === id(a))?.read).toBe(false);
    expect(back.unread).toBe(2);
  });

  it('wakes once across processes, and a snooze replaced or cancelled does not wake early', async () => {
    const me = await member();
    const [a, b] = await notify(me.user.id, ['TASK_ASSIGNED', 'TASK_STATUS']);
    clockBehind(2 * HOUR);
    const past = new Date(Date.now() - HOUR).toISOString();
    await as(me, { method: 'PATCH', url: `/api/notifications/${id(a)}/snooze`, payload: { until: past } });
    await as(me, { method: 'PATCH', url: `/api/notifications/${id(b)}/snooze`, payload: { until: past } });
    // b is snoozed again, further out: its first wake-up must not bring it back.
    const later = new Date(Date.now() + 10 * HOUR).toISOString();
    await as(me, { method: 'PATCH', url: `/api/notifications/${id(b)}/snooze`, payload: { until: later } });

    const published = await publishedBy(() => Promise.all([ctx.app.jobs.runDue(), other.jobs.runDue()]));
    // Whichever process won the wake-up published it on its own bus (the other's is not this
    // one's): this process saw it once or, when the other won, not at all.
    expect(published.filter((c) => c.id === id(a)).length).toBeLessThanOrEqual(1);
    expect(ids(await inbox(me))).toEqual([id(a)]);

    const cancel = await as(me, { method: 'DELETE', url: `/api/notifications/${id(b)}/snooze` });
    expect(cancel.json()).toMatchObject({ snoozedUntil: null });
    expect(ids(await inbox(me))).toEqual([id(b), id(a)]);
  });

  it('stays hidden when the owner can no longer see the task at wake time', async () => {
    const owner = await member('Olga Owner');
    const me = await member('Gail Gone');
    const { task, team } = await taskOf(owner, [me]);
    const [a] = await notify(me.user.id, ['TASK_ASSIGNED'], { taskId: task.id, productId: task.productId });
    clockBehind(2 * HOUR);
    const until = new Date(Date.now() - HOUR).toISOString();
    await as(me, { method: 'PATCH', url: `/api/notifications/${id(a)}/snooze`, payload: { until } });
    const removed = await as(owner, { method: 'DELETE', url: `/api/team/${team.id}/remove/${me.user.id}` });
    expect(removed.statusCode, removed.body).toBe(200);

    const published = await publishedBy(() => ctx.app.jobs.runDue());
    expect(published.filter((c) => c.id === id(a))).toEqual([]);
    expect(ids(await inbox(me))).not.toContain(id(a));
  });

  it('refuses a time in the past, beyond 90 days or not a time with 400, changing nothing', async () => {
    const me = await member();
    const [a] = await notify(me.user.id, ['TASK_ASSIGNED']);
    const now = ctx.clock.now().getTime();
    const cases: [string, string][] = [
      [new Date(now - 60_000).toISOString(), inboxMessages.snoozeInPast],
      [new Date(now + 91 * 24 * HOUR).toISOString(), inboxMessages.snoozeTooFar],
      ['tomorrow', inboxMessages.snoozeInvalid],
    ];
    for (const [until, message] of cases) {
      const res = await as(me, {
        method: 'PATCH',
        url: `/api/notifications/${id(a)}/snooze`,
        payload: { until },
      });
      expect(res.statusCode, until).toBe(400);
      expect(res.body).toContain(message);
    }
    expect(ids(await inbox(me))).toEqual([id(a)]);
  });
});

describe('someone else’s notification', () => {
  it('is 404 for every triage call, and no session is 401', async () => {
    const me = await member();
    const them = await member('Tess Them');
    const [theirs] = await notify(them.user.id, ['TASK_ASSIGNED']);
    const until = new Date(ctx.clock.now().getTime() + HOUR).toISOString();
    const calls = [
      { method: 'PATCH', url: `/api/notifications/${id(theirs)}/done` },
      { method: 'DELETE', url: `/api/notifications/${id(theirs)}/done` },
      { method: 'PATCH', url: `/api/notifications/${id(theirs)}/unread` },
      { method: 'PATCH', url: `/api/notifications/${id(theirs)}/snooze`, payload: { until } },
      { method: 'DELETE', url: `/api/notifications/${id(theirs)}/snooze` },
    ] as const;
    for (const call of calls) {
      const res = await as(me, call);
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(404);
      expect(res.json().message).toBe(notificationMessages.notFound);
      expect((await as(undefined, call)).statusCode).toBe(401);
    }
    expect(ids(await inbox(them))).toEqual([id(theirs)]);
    expect((await inbox(them)).unread).toBe(1);
  });
});
