import { COMMENT_BODY_MAX, COMMENTS_PER_MINUTE, commentMessages, mentionMarkdown } from '@shipyard/shared';
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activities, products, taskComments, taskWatchers } from '../../db/schema/index.ts';
import { encodeCursor } from '../../lib/cursor.ts';
import { addMember, createUser } from '../../testing/factories.ts';
import { type Req, type Signed, UNKNOWN_ID, useTestApp } from '../../testing/http.ts';
import { notificationsOf } from '../../testing/stored.ts';

const { ctx, as, member, guest, signedInOnce, taskOf } = useTestApp();

const admin = signedInOnce('admin', 'Ada Admin');

const post = (taskId: string, body: unknown): Req => ({
  method: 'POST',
  url: `/api/tasks/${taskId}/comments`,
  payload: { body },
});
const list = (taskId: string, query = ''): Req => ({ url: `/api/tasks/${taskId}/comments${query}` });
const edit = (id: string, body: unknown): Req => ({
  method: 'PATCH',
  url: `/api/comments/${id}`,
  payload: { body },
});
const remove = (id: string): Req => ({ method: 'DELETE', url: `/api/comments/${id}` });

const storedComments = (taskId: string) =>
  ctx.db.select().from(taskComments).where(eq(taskComments.taskId, taskId));
const watcherIds = async (taskId: string) =>
  (await ctx.db.select().from(taskWatchers).where(eq(taskWatchers.taskId, taskId)))
    .map((w) => w.userId)
    .sort();

async function comment(who: Signed, taskId: string, body: string) {
  const res = await as(who, post(taskId, body));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>();
}

describe('who may read and write comments', () => {
  it('answers 401 to every route without a session', async () => {
    const owner = await member();
    const { task } = await taskOf(owner);
    const c = await comment(owner, task.id, 'Hello');
    for (const req of [list(task.id), post(task.id, 'x'), edit(c.id, 'y'), remove(c.id)]) {
      expect((await as(undefined, req)).statusCode, req.url).toBe(401);
    }
    expect(await storedComments(task.id)).toHaveLength(1);
  });

  it('answers 404 for a task or comment of a product the caller does not see, and changes nothing', async () => {
    const owner = await member();
    const stranger = await member();
    const { task } = await taskOf(owner);
    const c = await comment(owner, task.id, 'Secret plan');
    for (const req of [list(task.id), post(task.id, 'x'), edit(c.id, 'y'), remove(c.id)]) {
      const res = await as(stranger, req);
      expect(res.statusCode, req.url).toBe(404);
      expect(res.body).not.toContain('Secret');
    }
    const missing = UNKNOWN_ID;
    expect((await as(owner, list(missing))).json().message).toBe('Task not found');
    expect((await as(owner, edit(missing, 'y'))).json().message).toBe(commentMessages.notFound);
    expect((await storedComments(task.id)).map((r) => r.body)).toEqual(['Secret plan']);
  });

  it('lets a guest read comments but write only on a task assigned to them', async () => {
    const owner = await member();
    const visitor = await guest();
    const { task } = await taskOf(owner, [visitor]);
    const { task: theirs } = await taskOf(owner, [visitor], { assigneeId: visitor.user.id });
    await comment(owner, task.id, 'For everyone');
    expect((await as(visitor, list(task.id))).json().data).toHaveLength(1);

    const refused = await as(visitor, post(task.id, 'Me too'));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(commentMessages.guestNotAssigned);
    expect(await storedComments(task.id)).toHaveLength(1);

    // Their own task: they comment, edit and delete their own.
    const mine = await comment(visitor, theirs.id, 'Done on my side');
    expect((await as(visitor, edit(mine.id, 'Done, really'))).statusCode).toBe(200);
    // Unassigned, they no longer write there (not even their own comment).
    await ctx.pool.query('update tasks set assignee_id = null where id = $1', [theirs.id]);
    expect((await as(visitor, edit(mine.id, 'Again'))).statusCode).toBe(403);
    expect((await as(visitor, remove(mine.id))).statusCode).toBe(403);
    expect((await storedComments(theirs.id)).map((r) => r.body)).toEqual(['Done, really']);
  });

  it('lets only the author edit, and the author or an admin delete', async () => {
    const owner = await member();
    const dev = await member();
    const { task } = await taskOf(owner, [dev]);
    const c = await comment(owner, task.id, 'Original');

    const notAuthor = await as(dev, edit(c.id, 'Hijacked'));
    expect(notAuthor.statusCode).toBe(403);
    expect(notAuthor.json().message).toBe(commentMessages.editOwnOnly);
    expect((await as(admin, edit(c.id, 'Admin words'))).statusCode).toBe(403);
    const notDeleted = await as(dev, remove(c.id));
    expect(notDeleted.statusCode).toBe(403);
    expect(notDeleted.json().message).toBe(commentMessages.deleteOwnOnly);
    expect((await storedComments(task.id)).map((r) => r.body)).toEqual(['Original']);

    const edited = await as(owner, edit(c.id, 'Reworded'));
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ body: 'Reworded', editedAt: expect.any(String) });

    expect((await as(admin, remove(c.id))).statusCode).toBe(204);
    expect(await storedComments(task.id)).toEqual([]);
    const own = await comment(dev, task.id, 'Mine');
    expect((await as(dev, remove(own.id))).statusCode).toBe(204);
    expect((await as(dev, remove(own.id))).statusCode).toBe(404);
  });

  it('refuses every write on an archived product with 409 and still reads', async () => {
    const owner = await member();
    const { product, task } = await taskOf(owner);
    const c = await comment(owner, task.id, 'Before archiving');
    await ctx.db.update(products).set({ archivedAt: new Date() }).where(eq(products.id, product.id));
    for (const req of [post(task.id, 'After'), edit(c.id, 'Changed'), remove(c.id)]) {
      const res = await as(owner, req);
      expect(res.statusCode, req.method).toBe(409);
      expect(res.json().code).toBe('PRODUCT_ARCHIVED');
    }
    expect((await as(owner, list(task.id))).json().data.map((x: { body: string }) => x.body)).toEqual([
      'Before archiving',
    ]);
  });
});

describe('writing a comment', () => {
  it('stores it with its author and records comment_added for the task and product', async () => {
    const owner = await member('Ada Lovelace');
    const { product, task } = await taskOf(owner);
    const res = await as(owner, post(task.id, '  **Bold** plan\n\n- one\n- two  '));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(String),
      taskId: task.id,
      author: { id: owner.user.id, name: 'Ada Lovelace', avatar_url: null },
      body: '**Bold** plan\n\n- one\n- two',
      createdAt: expect.any(String),
      editedAt: null,
    });
    const [entry] = await ctx.db.select().from(activities).where(eq(activities.taskId, task.id));
    expect(entry).toMatchObject({
      actionType: 'comment_added',
      productId: product.id,
      performedBy: owner.user.id,
      metadata: { taskId: task.id, commentId: res.json().id },
    });
  });

  it('refuses an empty, too long or control-character body with a clear message, storing nothing', async () => {
    const owner = await member();
    const { task } = await taskOf(owner);
    const cases: [unknown, string][] = [
      ['   ', commentMessages.bodyRequired],
      ['x'.repeat(COMMENT_BODY_MAX + 1), commentMessages.bodyTooLong],
      ['bell\u0007', 'Contains characters that are not allowed'],
      [42, commentMessages.bodyRequired],
    ];
    for (const [body, message] of cases) {
      const res = await as(owner, post(task.id, body));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await as(owner, post(task.id, 'x'.repeat(COMMENT_BODY_MAX)))).statusCode).toBe(201);
    expect(await storedComments(task.id)).toHaveLength(1);
  });

  it(`allows ${COMMENTS_PER_MINUTE} comments a minute per account, then 429`, async () => {
    const owner = await member();
    const { task } = await taskOf(owner);
    for (let i = 0; i < COMMENTS_PER_MINUTE; i++) {
      expect((await as(owner, post(task.id, `n${i}`))).statusCode).toBe(201);
    }
    const res = await as(owner, post(task.id, 'one too many'));
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: 'COMMENT_RATE_LIMITED', message: commentMessages.rateLimited });
    expect(await storedComments(task.id)).toHaveLength(COMMENTS_PER_MINUTE);
    // Counted per account: someone else still comments.
    expect((await as(admin, post(task.id, 'admin'))).statusCode).toBe(201);
  });
});

describe('the comment list', () => {
  it('pages backwards from the newest: oldest first within a page, previousCursor for earlier ones', async () => {
    const owner = await member();
    const { task } = await taskOf(owner);
    const bodies = Array.from({ length: 7 }, (_, i) => `c${i + 1}`);
    // One instant for all: the id orders them, as in a burst.
    await ctx.db
      .insert(taskComments)
      .values(bodies.map((body) => ({ taskId: task.id, authorId: owner.user.id, body })));
    const seen: string[][] = [];
    let cursor: string | null = null;
    do {
      const res = await as(owner, list(task.id, `?limit=3${cursor ? `&before=${cursor}` : ''}`));
      expect(res.statusCode).toBe(200);
      expect(res.json().total).toBe(7);
      seen.push(res.json().data.map((c: { body: string }) => c.body));
      cursor = res.json().previousCursor;
    } while (cursor);
    expect(seen.map((p) => p.length)).toEqual([3, 3, 1]);
    const all = seen.reverse().flat();
    expect(new Set(all).size).toBe(7);
    // Newest last overall.
    const stored = await ctx.db
      .select({ id: taskComments.id, body: taskComments.body })
      .from(taskComments)
      .where(eq(taskComments.taskId, task.id))
      .orderBy(taskComments.createdAt, taskComments.id);
    expect(all).toEqual(stored.map((s) => s.body));
  });

  it('shows a deleted author as null, and refuses a malformed cursor or limit with 400', async () => {
    const owner = await member();
    const gone = await createUser(ctx, { name: 'Gone' });
    const { task } = await taskOf(owner);
    await ctx.db.insert(taskComments).values({ taskId: task.id, authorId: gone.id, body: 'Old words' });
    await ctx.pool.query('delete from users where id = $1', [gone.id]);
    expect((await as(owner, list(task.id))).json().data[0]).toMatchObject({
      author: null,
      body: 'Old words',
    });
    expect((await as(owner, list(task.id, '?before=not-a-cursor'))).statusCode).toBe(400);
    const foreign = encodeCursor({ createdAt: '2026-02-30T00:00:00.000000Z', id: task.id });
    expect((await as(owner, list(task.id, `?before=${foreign}`))).statusCode).toBe(400);
    expect((await as(owner, list(task.id, '?limit=51'))).statusCode).toBe(400);
    expect((await as(owner, list(task.id, '?limit=0'))).statusCode).toBe(400);
  });
});

describe('mentions', () => {
  it('notifies and makes watchers of the mentioned who see the product, not the author nor outsiders', async () => {
    const owner = await member('Olivia Owner');
    const dev = await member('Dev Eloper');
    const outsider = await member('Out Sider');
    const { product, task } = await taskOf(owner, [dev]);
    const body = [
      `Hi ${mentionMarkdown('Dev Eloper', dev.user.id)}`,
      mentionMarkdown('Out Sider', outsider.user.id),
      mentionMarkdown('Me', owner.user.id),
      mentionMarkdown('Ada Admin', admin.user.id),
      mentionMarkdown('Dev again', dev.user.id),
    ].join(' ');
    const c = await comment(owner, task.id, body);

    const told = await notificationsOf(ctx, dev.user.id);
    expect(told).toEqual([
      expect.objectContaining({
        type: 'TASK_MENTION',
        senderId: owner.user.id,
        message: 'Olivia Owner mentioned you on “Fix login”',
        // The inbox's excerpt (issue 28): plain text, mentions by name, no markdown or user id.
        metadata: {
          taskId: task.id,
          productId: product.id,
          commentId: c.id,
          excerpt: 'Hi @Dev Eloper @Out Sider @Me @Ada Admin @Dev again',
        },
      }),
    ]);
    expect((await notificationsOf(ctx, admin.user.id)).map((n) => n.type)).toEqual(['TASK_MENTION']);
    expect(await notificationsOf(ctx, outsider.user.id)).toEqual([]);
    expect(await notificationsOf(ctx, owner.user.id)).toEqual([]);
    expect(await watcherIds(task.id)).toEqual([owner.user.id, dev.user.id, admin.user.id].sort());
  });

  it('refuses more than 20 different people in one comment', async () => {
    const owner = await member();
    const { task } = await taskOf(owner);
    const people = Array.from(
      { length: 21 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    const res = await as(owner, post(task.id, people.map((id) => mentionMarkdown('X', id)).join(' ')));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(commentMessages.tooManyMentions);
  });

  it('tells only the newly mentioned when a comment is edited', async () => {
    const owner = await member();
    const dev = await member();
    const qa = await member();
    const { task } = await taskOf(owner, [dev, qa]);
    const c = await comment(owner, task.id, `cc ${mentionMarkdown('Dev', dev.user.id)}`);
    const res = await as(
      owner,
      edit(c.id, `cc ${mentionMarkdown('Dev', dev.user.id)} ${mentionMarkdown('QA', qa.user.id)}`),
    );
    expect(res.statusCode).toBe(200);
    expect((await notificationsOf(ctx, dev.user.id)).map((n) => n.type)).toEqual(['TASK_MENTION']);
    expect((await notificationsOf(ctx, qa.user.id)).map((n) => n.type)).toEqual(['TASK_MENTION']);
  });
});

describe('who may be mentioned (autocomplete)', () => {
  const mentionable = (taskId: string, q = ''): Req => ({
    url: `/api/tasks/${taskId}/mentionable${q ? `?q=${encodeURIComponent(q)}` : ''}`,
  });

  it("lists the product's people, and no admin who is not one of them even when searched; no e-mails", async () => {
    const owner = await member('Olivia Owner');
    const dev = await member('Grace Hopper');
    const invited = await member('Ivy Invited');
    // Sees another product only: never listed.
    await member('Grace Outsider');
    const { team, task } = await taskOf(owner, [dev]);
    await addMember(ctx, team.id, invited.user.id, { status: 'invited' });

    const all = await as(owner, mentionable(task.id));
    expect(all.statusCode).toBe(200);
    expect(all.json()).toEqual({ data: [{ id: dev.user.id, name: 'Grace Hopper', avatar_url: null }] });

    const grace = (await as(owner, mentionable(task.id, 'gra')))
      .json()
      .data.map((p: { name: string }) => p.name);
    expect(grace).toEqual(['Grace Hopper']);
    expect(
      (await as(owner, mentionable(task.id, 'adm'))).json().data.map((p: { id: string }) => p.id),
    ).not.toContain(admin.user.id);
    expect((await as(owner, mentionable(task.id, 'hop'))).json().data).toHaveLength(1);
    expect((await as(owner, mentionable(task.id, 'opp'))).json().data).toEqual([]);
    expect((await as(owner, mentionable(task.id, 'Ivy'))).json().data).toEqual([]);
    expect(JSON.stringify(all.json())).not.toContain('@');
  });

  it('answers 401, 404 to who does not see the task, 403 to a guest not assigned to it', async () => {
    const owner = await member();
    const visitor = await guest();
    const { task } = await taskOf(owner, [visitor]);
    expect((await as(undefined, mentionable(task.id))).statusCode).toBe(401);
    expect((await as(await member(), mentionable(task.id))).statusCode).toBe(404);
    expect((await as(visitor, mentionable(task.id))).statusCode).toBe(403);
  });
});

describe('deleting a task', () => {
  it('keeps its comments and watchers while it is in the trash, and removes them when it is purged', async () => {
    const owner = await member();
    const { task } = await taskOf(owner);
    await comment(owner, task.id, 'Soon gone');
    expect(await watcherIds(task.id)).toEqual([owner.user.id]);
    expect((await as(owner, { method: 'DELETE', url: `/api/tasks/${task.id}` })).statusCode).toBe(200);
    const left = async (table: typeof taskComments | typeof taskWatchers) =>
      (
        await ctx.db
          .select({ n: count() })
          .from(table)
          .where(and(eq(table.taskId, task.id)))
      )[0]?.n;
    expect(await left(taskComments)).toBe(1);
    expect(await left(taskWatchers)).toBe(1);
    expect((await as(owner, { method: 'DELETE', url: `/api/trash/task/${task.id}` })).statusCode).toBe(200);
    expect(await left(taskComments)).toBe(0);
    expect(await left(taskWatchers)).toBe(0);
  });
});
