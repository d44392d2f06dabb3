import { mentionMarkdown } from '@shipyard/shared';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema/index.ts';
import { createTask } from '../../testing/factories.ts';
import { type Signed, useTestApp } from '../../testing/http.ts';

// Issue 27: a mention cannot flood its target (item 3: once per comment and person, repeats of
// one author on one task coalesced), and the autocomplete lists only the product's own people
// (item 12).

const { ctx, as, member, signedIn, taskOf } = useTestApp();

/** A task of a product of `owner`, who created it, with one team whose active members are `people`. */
const taskBy = (owner: Signed, people: Signed[] = []) => taskOf(owner, people, { createdBy: owner.user.id });

const at = (who: Signed) => mentionMarkdown(who.user.name, who.user.id);

async function comment(who: Signed, taskId: string, body: string) {
  const res = await as(who, { method: 'POST', url: `/api/tasks/${taskId}/comments`, payload: { body } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>();
}

async function edit(who: Signed, commentId: string, body: string) {
  const res = await as(who, { method: 'PATCH', url: `/api/comments/${commentId}`, payload: { body } });
  expect(res.statusCode, res.body).toBe(200);
}

const mentionsOf = (who: Signed) =>
  ctx.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, who.user.id), eq(notifications.type, 'TASK_MENTION')))
    .orderBy(notifications.createdAt);

async function mailedTo(who: Signed) {
  await ctx.app.jobs.runDue();
  return ctx.mail.sent.filter((m) => m.to === who.user.email).map((m) => m.subject);
}

describe('a mention notifies its person once', () => {
  it('never notifies again for one comment, even when edits remove the mention and add it back', async () => {
    const author = await member('Ann Author');
    const dev = await member('Dev Eloper');
    const { task } = await taskBy(author, [dev]);
    const c = await comment(author, task.id, `cc ${at(dev)}`);
    const [first] = await mentionsOf(dev);
    expect((await as(dev, { method: 'PATCH', url: `/api/notifications/${first?.id}/read` })).statusCode).toBe(
      200,
    );

    for (let round = 0; round < 3; round++) {
      await edit(author, c.id, 'cc nobody');
      await edit(author, c.id, `cc ${at(dev)} again`);
    }

    const rows = await mentionsOf(dev);
    expect(rows).toHaveLength(1);
    // Not even refreshed: it stays read.
    expect(rows[0]?.readAt).not.toBeNull();
    expect(await mailedTo(dev)).toEqual(['Ann Author mentioned you on “Fix login”']);
  });

  it("coalesces one author's mentions of a person on one task within 10 minutes into one unread notification and one mail", async () => {
    const author = await member('Ann Author');
    const other = await member('Oli Other');
    const dev = await member('Dev Eloper');
    const { product, task } = await taskBy(author, [dev, other]);
    const made: string[] = [];
    for (let i = 0; i < 5; i++) made.push((await comment(author, task.id, `${at(dev)} ping ${i}`)).id);

    const rows = await mentionsOf(dev);
    expect(rows).toEqual([
      expect.objectContaining({
        senderId: author.user.id,
        readAt: null,
        message: 'Ann Author mentioned you on “Fix login”',
        // The latest comment's, excerpt included: the refreshed notification reads the newest.
        metadata: {
          taskId: task.id,
          productId: product.id,
          commentId: made.at(-1),
          excerpt: '@Dev Eloper ping 4',
        },
      }),
    ]);
    expect(await mailedTo(dev)).toEqual(['Ann Author mentioned you on “Fix login”']);

    // Another author, or another task, is another notification.
    await comment(other, task.id, `${at(dev)} from me too`);
    const elsewhere = await createTask(ctx, product.id, { title: 'Fix logout' });
    await comment(author, elsewhere.id, `${at(dev)} here as well`);
    expect(await mentionsOf(dev)).toHaveLength(3);
    expect(await mailedTo(dev)).toEqual([
      'Ann Author mentioned you on “Fix login”',
      'Oli Other mentioned you on “Fix login”',
      'Ann Author mentioned you on “Fix logout”',
    ]);

    // Ten minutes on, the same author on the same task notifies again.
    await ctx.db.execute(
      sql`update notifications set created_at = now() - interval '11 minutes' where user_id = ${dev.user.id}`,
    );
    await comment(author, task.id, `${at(dev)} still there?`);
    expect(await mentionsOf(dev)).toHaveLength(4);
    expect(await mailedTo(dev)).toHaveLength(4);
  });
});

describe('the mention autocomplete', () => {
  const mentionable = async (who: Signed, taskId: string, q: string) => {
    const res = await as(who, { url: `/api/tasks/${taskId}/mentionable?q=${encodeURIComponent(q)}` });
    expect(res.statusCode).toBe(200);
    return res.json<{ data: Array<{ id: string; name: string }> }>().data.map((p) => p.name);
  };

  it("lists the product's own people from the first letter, and never an admin who is not one of them", async () => {
    const owner = await member('Olivia Owner');
    const grace = await member('Grace Hopper');
    const inside = await signedIn('admin', 'Adam Inside');
    await signedIn('admin', 'Ada Outside');
    await signedIn('super admin', 'Aston Super');
    const { task } = await taskBy(owner, [grace, inside]);

    expect(await mentionable(owner, task.id, '')).toEqual(['Adam Inside', 'Grace Hopper']);
    expect(await mentionable(owner, task.id, 'g')).toEqual(['Grace Hopper']);
    expect(await mentionable(owner, task.id, 'a')).toEqual(['Adam Inside']);
    expect(await mentionable(owner, task.id, 'Ada Outside')).toEqual([]);
    expect(await mentionable(owner, task.id, 'Aston')).toEqual([]);
  });
});
