import { NOTIFICATION_TYPES, notificationMessages } from '@shipyard/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notifications, users } from '../../db/schema/index.ts';
import { cursorMessages, encodeCursor } from '../../lib/cursor.ts';
import { createProduct, createTeam, createUser } from '../../testing/factories.ts';
import { useTestApp } from '../../testing/http.ts';

const { ctx, as, signedIn } = useTestApp();

type Listed = {
  data: { id: string; type: string; message: string; read: boolean; invitationPending: boolean }[];
  unread: number;
  nextCursor: string | null;
};

/** Notifications stored directly, one minute apart, the last one newest. */
async function notify(
  userId: string,
  count: number,
  values: Partial<typeof notifications.$inferInsert> = {},
) {
  const base = Date.UTC(2026, 0, 1, 9);
  const rows = [];
  for (let i = 0; i < count; i++) {
    const [row] = await ctx.db
      .insert(notifications)
      .values({
        userId,
        type: 'TASK_ASSIGNED',
        message: `Message ${i + 1}`,
        createdAt: new Date(base + i * 60_000),
        ...values,
      })
      .returning();
    if (!row) throw new Error('no notification inserted');
    rows.push(row);
  }
  return rows;
}
const stored = async (id: string) =>
  (await ctx.db.select().from(notifications).where(eq(notifications.id, id)))[0];

describe('GET /api/notifications', () => {
  it('lists the caller’s notifications newest first, with the sender, and counts the unread ones', async () => {
    const me = await signedIn('member', 'Mo Me');
    const sender = await createUser(ctx, { name: 'Sam Sender' });
    const someone = await createUser(ctx);
    const [first, second] = await notify(me.user.id, 2, {
      senderId: sender.id,
      type: 'INVITE',
      metadata: { teamId: 'team-1' },
    });
    const [system] = await notify(me.user.id, 1, { createdAt: new Date(Date.UTC(2026, 0, 2)) });
    await ctx.db
      .update(notifications)
      .set({ readAt: new Date() })
      .where(eq(notifications.id, first?.id ?? ''));
    await notify(someone.id, 3);

    const res = await as(me, { url: '/api/notifications' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.unread).toBe(2);
    expect(body.nextCursor).toBeNull();
    expect(body.data.map((n: { id: string }) => n.id)).toEqual([system?.id, second?.id, first?.id]);
    expect(body.data[1]).toEqual({
      _id: second?.id,
      id: second?.id,
      type: 'INVITE',
      message: 'Message 2',
      read: false,
      sender: { _id: sender.id, name: 'Sam Sender', avatar: null },
      metadata: { teamId: 'team-1' },
      // No such team: nothing to accept.
      invitationPending: false,
      doneAt: null,
      snoozedUntil: null,
      createdAt: second?.createdAt.toISOString(),
    });
    expect(body.data[0]).toMatchObject({ sender: null, metadata: {}, read: false });
    expect(body.data[2].read).toBe(true);

    const unread = await as(me, { url: '/api/notifications?unread=true' });
    expect(unread.json().data.map((n: { id: string }) => n.id)).toEqual([system?.id, second?.id]);
    expect(unread.json().unread).toBe(2);
  });

  it('shows a deleted sender as none (the screen’s System)', async () => {
    const me = await signedIn('member');
    const sender = await createUser(ctx, { name: 'Gone Soon' });
    const [row] = await notify(me.user.id, 1, { senderId: sender.id });
    await ctx.db.delete(users).where(eq(users.id, sender.id));
    const body = (await as(me, { url: '/api/notifications' })).json();
    expect(body.data).toEqual([expect.objectContaining({ id: row?.id, sender: null })]);
  });

  it('pages through every notification exactly once, newest first, by cursor', async () => {
    const me = await signedIn('member');
    // Two with the very same instant: the id breaks the tie, and the microseconds must survive the cursor.
    const rows = await notify(me.user.id, 5);
    await ctx.pool.query(
      `update notifications set created_at = '2026-01-01T10:00:00.123456Z' where id = any($1::uuid[])`,
      [[rows[3]?.id, rows[4]?.id]],
    );
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const url: string = `/api/notifications?limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const body: Listed = (await as(me, { url })).json();
      seen.push(...body.data.map((n) => n.id));
      expect(body.unread).toBe(5);
      cursor = body.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    const newest = [rows[3]?.id, rows[4]?.id].sort().reverse();
    expect(seen).toEqual([...newest, rows[2]?.id, rows[1]?.id, rows[0]?.id]);
  });

  it('refuses a malformed cursor and a limit out of range with 400, and no session with 401', async () => {
    const me = await signedIn('member');
    for (const cursor of ['nope!', encodeCursor({ createdAt: '2026-02-30T00:00:00.000000Z', id: 'x' })]) {
      const res = await as(me, { url: `/api/notifications?cursor=${encodeURIComponent(cursor)}` });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: cursorMessages.invalid });
    }
    expect((await as(me, { url: '/api/notifications?limit=0' })).statusCode).toBe(400);
    expect((await as(me, { url: '/api/notifications?limit=201' })).statusCode).toBe(400);
    expect((await as(undefined, { url: '/api/notifications' })).statusCode).toBe(401);
    expect((await as(undefined, { url: '/api/notifications/unread-count' })).statusCode).toBe(401);
  });
});

describe('an invitation', () => {
  it('stays acceptable once read, until it is accepted (invitationPending)', async () => {
    const admin = await signedIn('admin');
    const invitee = await signedIn('member');
    const product = await createProduct(ctx, admin.user.id);
    const team = await createTeam(ctx, product.id);
    const invited = await ctx.app.inject({
      method: 'POST',
      url: `/api/team/${team.id}/${product.id}/invite`,
      headers: admin.headers,
      payload: { userId: invitee.user.id, role: 'developer' },
    });
    expect(invited.statusCode).toBe(201);
    const [other] = await notify(invitee.user.id, 1);
    const invitation = async () => {
      const list = (await as(invitee, { url: '/api/notifications' })).json<Listed>();
      return list.data.find((n) => n.id !== other?.id);
    };
    expect(await invitation()).toMatchObject({ type: 'INVITE', read: false, invitationPending: true });
    expect((await as(invitee, { method: 'PATCH', url: '/api/notifications/read-all' })).statusCode).toBe(200);
    expect(await invitation()).toMatchObject({ read: true, invitationPending: true });
    const list = (await as(invitee, { url: '/api/notifications' })).json<Listed>();
    expect(list.data.find((n) => n.id === other?.id)).toMatchObject({ invitationPending: false });

    const accepted = await as(invitee, { method: 'PATCH', url: `/api/team/${team.id}/accept` });
    expect(accepted.statusCode).toBe(200);
    expect(await invitation()).toMatchObject({ read: true, invitationPending: false });
  });
});

describe('GET /api/notifications/unread-count', () => {
  it('counts only the caller’s unread notifications', async () => {
    const me = await signedIn('member');
    await notify(me.user.id, 3);
    await notify(me.user.id, 1, { readAt: new Date() });
    await notify((await createUser(ctx)).id, 2);
    const res = await as(me, { url: '/api/notifications/unread-count' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ unread: 3 });
  });
});

describe('PATCH /api/notifications/{id}/read and /api/notifications/read-all', () => {
  it('marks one read, keeping the first read time when marked again', async () => {
    const me = await signedIn('member');
    const [row] = await notify(me.user.id, 1);
    const id = row?.id ?? '';

    const res = await as(me, { method: 'PATCH', url: `/api/notifications/${id}/read` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, read: true, message: 'Message 1' });
    const readAt = (await stored(id))?.readAt;
    expect(readAt).toBeInstanceOf(Date);
    const again = await as(me, { method: 'PATCH', url: `/api/notifications/${id}/read` });
    expect(again.statusCode).toBe(200);
    expect(again.json().read).toBe(true);
    expect((await stored(id))?.readAt).toEqual(readAt);
    expect((await as(me, { url: '/api/notifications/unread-count' })).json()).toEqual({ unread: 0 });
  });

  it('marks all of the caller’s unread notifications read, and no one else’s', async () => {
    const me = await signedIn('member');
    const other = await signedIn('member');
    await notify(me.user.id, 3);
    await notify(me.user.id, 1, { readAt: new Date() });
    await notify(other.user.id, 2);

    const res = await as(me, { method: 'PATCH', url: '/api/notifications/read-all' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ updated: 3 });
    expect((await as(me, { url: '/api/notifications/unread-count' })).json()).toEqual({ unread: 0 });
    expect((await as(other, { url: '/api/notifications/unread-count' })).json()).toEqual({ unread: 2 });
    expect((await as(me, { method: 'PATCH', url: '/api/notifications/read-all' })).json()).toEqual({
      updated: 0,
    });
  });
});

describe('DELETE /api/notifications/{id}/delete and /api/notifications/{id}', () => {
  it('deletes the caller’s notification by either path', async () => {
    const me = await signedIn('member');
    const [a, b] = await notify(me.user.id, 2);
    for (const url of [`/api/notifications/${a?.id}/delete`, `/api/notifications/${b?.id}`]) {
      const res = await as(me, { method: 'DELETE', url });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Notification deleted.' });
    }
    expect((await as(me, { url: '/api/notifications' })).json().data).toEqual([]);
    expect((await as(me, { method: 'DELETE', url: `/api/notifications/${a?.id}` })).statusCode).toBe(404);
  });
});

describe('someone else’s notifications', () => {
  it('are never listed, read, marked or deleted: 404 as if they did not exist', async () => {
    const alice = await signedIn('member');
    const bob = await signedIn('member');
    const [row] = await notify(alice.user.id, 1);
    const id = row?.id ?? '';

    expect((await as(bob, { url: '/api/notifications' })).json()).toEqual({
      data: [],
      unread: 0,
      nextCursor: null,
    });
    for (const req of [
      { method: 'PATCH', url: `/api/notifications/${id}/read` },
      { method: 'DELETE', url: `/api/notifications/${id}/delete` },
      { method: 'DELETE', url: `/api/notifications/${id}` },
    ] as const) {
      const res = await as(bob, req);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({
        code: 'NOTIFICATION_NOT_FOUND',
        message: notificationMessages.notFound,
      });
    }
    expect(await stored(id)).toMatchObject({ readAt: null });
    expect((await as(bob, { method: 'PATCH', url: '/api/notifications/not-an-id/read' })).statusCode).toBe(
      400,
    );
  });
});

describe('the notifications table', () => {
  it('stores every shared notification type and refuses any other', async () => {
    const user = await createUser(ctx);
    for (const type of NOTIFICATION_TYPES) await notify(user.id, 1, { type });
    await expect(
      ctx.pool.query(`insert into notifications (user_id, type, message) values ($1, 'OTHER', 'x')`, [
        user.id,
      ]),
    ).rejects.toThrow(/notifications_type_known/);
  });
});

describe('OpenAPI', () => {
  it('documents every notification call under the notifications tag', async () => {
    const doc = (await ctx.app.inject('/api/openapi.json')).json();
    const operations = Object.entries(doc.paths as Record<string, Record<string, { tags: string[] }>>)
      .filter(([path]) => path.startsWith('/api/notifications'))
      .flatMap(([path, methods]) => Object.entries(methods).map(([m, op]) => [`${m} ${path}`, op.tags]));
    expect(Object.fromEntries(operations)).toEqual({
      'get /api/notifications': ['notifications'],
      'get /api/notifications/unread-count': ['notifications'],
      'patch /api/notifications/read-all': ['notifications'],
      'patch /api/notifications/{id}/read': ['notifications'],
      'delete /api/notifications/{id}/delete': ['notifications'],
      'delete /api/notifications/{id}': ['notifications'],
      'patch /api/notifications/{id}/unread': ['notifications'],
      'patch /api/notifications/{id}/done': ['notifications'],
      'delete /api/notifications/{id}/done': ['notifications'],
      'patch /api/notifications/{id}/snooze': ['notifications'],
      'delete /api/notifications/{id}/snooze': ['notifications'],
      'get /api/notifications/unsubscribe': ['notifications'],
      'post /api/notifications/unsubscribe': ['notifications'],
    });
  });
});

describe('realtime changes', () => {
  /** What the app publishes while `action` runs. */
  async function publishedBy(action: () => Promise<unknown>) {
    const before = ctx.published.length;
    await action();
    return ctx.published.slice(before);
  }
  const own = (op: string, id: string, userId: string) =>
    expect.objectContaining({ kind: 'notification', op, id, productId: null, userIds: [userId] });

  it('publishes each change to the owner alone', async () => {
    const me = await signedIn('member');
    const [a, b] = await notify(me.user.id, 3);
    const id = a?.id ?? '';
    expect(
      await publishedBy(() => as(me, { method: 'PATCH', url: `/api/notifications/${id}/read` })),
    ).toEqual([own('updated', id, me.user.id)]);
    expect(await publishedBy(() => as(me, { method: 'PATCH', url: '/api/notifications/read-all' }))).toEqual([
      own('updated', me.user.id, me.user.id),
    ]);
    expect(await publishedBy(() => as(me, { method: 'DELETE', url: `/api/notifications/${b?.id}` }))).toEqual(
      [own('deleted', b?.id ?? '', me.user.id)],
    );
  });

  it('publishes nothing when nothing was unread, for someone else’s notification or an invalid id', async () => {
    const me = await signedIn('member');
    const other = await signedIn('member');
    const [theirs] = await notify(other.user.id, 1);
    const published = await publishedBy(async () => {
      expect((await as(me, { method: 'PATCH', url: '/api/notifications/read-all' })).json()).toEqual({
        updated: 0,
      });
      expect(
        (await as(me, { method: 'PATCH', url: `/api/notifications/${theirs?.id}/read` })).statusCode,
      ).toBe(404);
      expect((await as(me, { method: 'DELETE', url: `/api/notifications/${theirs?.id}` })).statusCode).toBe(
        404,
      );
      expect((await as(me, { method: 'PATCH', url: '/api/notifications/not-an-id/read' })).statusCode).toBe(
        400,
      );
    });
    expect(published).toEqual([]);
  });
});
