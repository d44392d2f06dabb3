import { mentionMarkdown } from '@shipyard/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notificationDigestItems } from '../../db/schema/index.ts';
import { addMember, createProduct, createTask, createTeam } from '../../testing/factories.ts';
import { type Signed, useTestApp } from '../../testing/http.ts';

// Issue 27 item 1: reminders, digests and mails reach only people who still see the task or
// product (lib/visibility.ts), checked when the job runs as well as when it is queued; the bell
// stops listing what the recipient lost access to, and lists it again when access comes back.

const { ctx, as, member } = useTestApp();

/** Moves the app's clock to `iso`. */
const setNow = (iso: string) => ctx.clock.advance(new Date(iso).getTime() - ctx.clock.now().getTime());
const mailsTo = (who: Signed) => ctx.mail.sent.filter((m) => m.to === who.user.email);
/** The subjects mailed to `who` but the mail telling them of their removal (which they do get). */
const mailedAbout = (who: Signed) =>
  mailsTo(who)
    .map((m) => m.subject)
    .filter((s) => !s.includes(' removed you from the team '));

/** A product of `owner` whose one team has `people` as active members. */
async function productOf(owner: Signed, people: Signed[], name = 'Rocket') {
  const product = await createProduct(ctx, owner.user.id, { name });
  const team = await createTeam(ctx, product.id);
  for (const p of people) await addMember(ctx, team.id, p.user.id);
  return { product, team };
}

/** The owner removes `who` from the team, through the API. */
async function removeFrom(owner: Signed, teamId: string, who: Signed) {
  const res = await as(owner, { method: 'DELETE', url: `/api/team/${teamId}/remove/${who.user.id}` });
  expect(res.statusCode, res.body).toBe(200);
}

async function bell(who: Signed) {
  const res = await as(who, { url: '/api/notifications' });
  expect(res.statusCode).toBe(200);
  return res.json<{
    data: Array<{ id: string; type: string; metadata: Record<string, unknown> }>;
    unread: number;
  }>();
}

async function scanAndSend() {
  await ctx.app.notifications.scan();
  await ctx.app.jobs.runDue();
}

describe('reminders and the digest', () => {
  it('remind and list in the digest only assignees who still see the product', async () => {
    setNow('2026-05-20T12:00:00Z'); // past the digest hour (08:00 UTC)
    const owner = await member('Olga Owner');
    const kept = await member('Kim Kept');
    const gone = await member('Gus Gone');
    const { product, team } = await productOf(owner, [kept, gone]);
    for (const who of [kept, gone]) {
      await createTask(ctx, product.id, {
        title: `Soon ${who.user.name}`,
        dueDate: '2026-05-20',
        assigneeId: who.user.id,
      });
      await createTask(ctx, product.id, {
        title: `Late ${who.user.name}`,
        dueDate: '2026-05-19',
        assigneeId: who.user.id,
      });
      await createTask(ctx, product.id, {
        title: `Old ${who.user.name}`,
        dueDate: '2026-05-10',
        assigneeId: who.user.id,
      });
    }
    await removeFrom(owner, team.id, gone);
    await scanAndSend();

    expect(
      mailsTo(kept)
        .map((m) => m.subject)
        .sort(),
    ).toEqual([
      'The task "Late Kim Kept" in "Rocket" is overdue (it was due 2026-05-19).',
      'The task "Soon Kim Kept" in "Rocket" is due within 24 hours (2026-05-20).',
      'Your Shipyard digest for 2026-05-20: 2 updates',
    ]);
    const digest = mailsTo(kept).find((m) => m.subject.includes('digest'));
    expect(digest?.text).toContain('Old Kim Kept (Rocket, due 2026-05-10)');
    // Removed before the scan: no reminder, no mail, no digest, nothing in the bell but the removal.
    expect(mailedAbout(gone)).toEqual([]);
    expect(mailsTo(gone)).toHaveLength(1);
    expect((await bell(gone)).data.map((n) => n.type)).toEqual(['REMOVED_FROM_TEAM']);
  });

  it('does not mail a reminder queued before the assignee lost access, and the bell hides it until access returns', async () => {
    setNow('2026-07-01T06:00:00Z'); // before the digest hour: only the reminder is queued
    const owner = await member('Olga Owner');
    const gone = await member('Gail Gone');
    const { product, team } = await productOf(owner, [gone], 'Secret launch');
    await createTask(ctx, product.id, {
      title: 'Hidden task',
      dueDate: '2026-07-01',
      assigneeId: gone.user.id,
    });
    await ctx.app.notifications.scan();
    expect((await bell(gone)).data.map((n) => n.type)).toEqual(['TASK_DUE_SOON']);
    await removeFrom(owner, team.id, gone);
    await ctx.app.jobs.runDue();

    expect(mailedAbout(gone)).toEqual([]);
    const after = await bell(gone);
    expect(after.data.map((n) => n.type)).toEqual(['REMOVED_FROM_TEAM']);
    expect(after.unread).toBe(1);
    const count = await as(gone, { url: '/api/notifications/unread-count' });
    expect(count.json()).toEqual({ unread: 1 });

    // Hidden, not deleted: back on the team, the reminder is listed again.
    await addMember(ctx, team.id, gone.user.id);
    expect((await bell(gone)).data.map((n) => n.type)).toEqual(['REMOVED_FROM_TEAM', 'TASK_DUE_SOON']);
  });
});

describe('mentions, comments and stage changes', () => {
  it('are not mailed, listed in the digest or shown in the bell once the recipient lost access', async () => {
    setNow('2026-08-03T06:00:00Z'); // before the digest hour
    const owner = await member('Olga Owner');
    const bo = await member('Bo Removed');
    const { product, team } = await productOf(owner, [bo], 'Quiet product');
    const task = await createTask(ctx, product.id, { title: 'Private plans', createdBy: owner.user.id });

    // A mention (mailed at once by default), then a comment to a watcher and a stage change
    // (both to the digest by default).
    const mention = await as(owner, {
      method: 'POST',
      url: `/api/tasks/${task.id}/comments`,
      payload: { body: `Look ${mentionMarkdown('Bo', bo.user.id)}` },
    });
    expect(mention.statusCode).toBe(201);
    const second = await as(owner, {
      method: 'POST',
      url: `/api/tasks/${task.id}/comments`,
      payload: { body: 'And the budget' },
    });
    expect(second.statusCode).toBe(201);
    const stage = await as(owner, {
      method: 'PATCH',
      url: `/api/projects/${product.id}/status`,
      payload: { status: 'development' },
    });
    expect(stage.statusCode, stage.body).toBe(200);
    const before = await bell(bo);
    expect(before.data.map((n) => n.type).sort()).toEqual(['PRODUCT_STAGE', 'TASK_COMMENT', 'TASK_MENTION']);

    await removeFrom(owner, team.id, bo);
    setNow('2026-08-03T09:00:00Z'); // the digest hour has come
    await scanAndSend();

    expect(mailedAbout(bo)).toEqual([]);
    const waiting = await ctx.db
      .select()
      .from(notificationDigestItems)
      .where(eq(notificationDigestItems.userId, bo.user.id));
    expect(waiting).toEqual([]);
    const after = await bell(bo);
    expect(after.data.map((n) => n.type)).toEqual(['REMOVED_FROM_TEAM']);
    // What the bell no longer shows cannot be read or deleted either: as if it did not exist.
    const hidden = before.data.find((n) => n.type === 'TASK_MENTION');
    const read = await as(bo, { method: 'PATCH', url: `/api/notifications/${hidden?.id}/read` });
    expect(read.statusCode).toBe(404);
    const removed = await as(bo, { method: 'DELETE', url: `/api/notifications/${hidden?.id}` });
    expect(removed.statusCode).toBe(404);
  });

  it('are not mailed or shown about a task that was deleted since', async () => {
    const owner = await member('Olga Owner');
    const cy = await member('Cy Colleague');
    const { product } = await productOf(owner, [cy], 'Tidy product');
    const task = await createTask(ctx, product.id, { title: 'Soon deleted', createdBy: owner.user.id });
    const res = await as(owner, {
      method: 'POST',
      url: `/api/tasks/${task.id}/comments`,
      payload: { body: `Ping ${mentionMarkdown('Cy', cy.user.id)}` },
    });
    expect(res.statusCode).toBe(201);
    expect((await as(owner, { method: 'DELETE', url: `/api/tasks/${task.id}` })).statusCode).toBe(200);
    await ctx.app.jobs.runDue();

    expect(mailsTo(cy)).toEqual([]);
    expect((await bell(cy)).data).toEqual([]);
  });
});
