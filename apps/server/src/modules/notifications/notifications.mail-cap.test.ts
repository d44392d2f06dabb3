import { mentionMarkdown } from '@shipyard/shared';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notificationDigestItems } from '../../db/schema/index.ts';
import { createProduct, createTask } from '../../testing/factories.ts';
import { type Signed, useTestApp } from '../../testing/http.ts';
import { INSTANT_MAILS_PER_HOUR } from './notifications.notifier.ts';

// Issue 27 item 3: however many people mention someone, at most INSTANT_MAILS_PER_HOUR
// notification mails reach them at once in an hour; the rest wait for their daily digest, where
// each is listed once.

const { ctx, as, member, signedIn } = useTestApp();

const setNow = (iso: string) => ctx.clock.advance(new Date(iso).getTime() - ctx.clock.now().getTime());

async function mentionOn(author: Signed, taskId: string, who: Signed) {
  const res = await as(author, {
    method: 'POST',
    url: `/api/tasks/${taskId}/comments`,
    payload: { body: `Look ${mentionMarkdown(who.user.name, who.user.id)}` },
  });
  expect(res.statusCode, res.body).toBe(201);
}

const instantTo = (who: Signed) =>
  ctx.mail.sent.filter((m) => m.to === who.user.email && !m.subject.startsWith('Your Shipyard digest'));
const digestsTo = (who: Signed) =>
  ctx.mail.sent.filter((m) => m.to === who.user.email && m.subject.startsWith('Your Shipyard digest'));

describe('instant notification mail', () => {
  it(`mails one person at most ${INSTANT_MAILS_PER_HOUR} an hour and sends the rest to their digest, once`, async () => {
    setNow('2026-12-02T06:00:00Z'); // before the digest hour (08:00 UTC)
    const admin = await signedIn('admin', 'Ada Admin');
    const author = await member('Mal Mentioner');
    const product = await createProduct(ctx, author.user.id, { name: 'Spam' });
    const tasks = [];
    for (let i = 0; i <= INSTANT_MAILS_PER_HOUR; i++) {
      tasks.push(await createTask(ctx, product.id, { title: `Task ${i}`, createdBy: author.user.id }));
    }

    // Up to the cap, each mention is mailed at once.
    for (const task of tasks.slice(0, INSTANT_MAILS_PER_HOUR)) await mentionOn(author, task.id, admin);
    await ctx.app.jobs.runDue();
    expect(instantTo(admin)).toHaveLength(INSTANT_MAILS_PER_HOUR);

    // One past the cap: in the bell, but mailed only with the digest.
    const last = tasks.at(-1);
    await mentionOn(author, last?.id ?? '', admin);
    await ctx.app.jobs.runDue();
    expect(instantTo(admin)).toHaveLength(INSTANT_MAILS_PER_HOUR);
    const bell = await as(admin, { url: '/api/notifications?limit=50' });
    expect(bell.json().data).toHaveLength(INSTANT_MAILS_PER_HOUR + 1);

    setNow('2026-12-02T08:30:00Z');
    await ctx.app.notifications.scan();
    await ctx.app.jobs.runDue();
    expect(digestsTo(admin).map((m) => m.subject)).toEqual(['Your Shipyard digest for 2026-12-02: 1 update']);
    expect(digestsTo(admin)[0]?.text).toContain(
      `Mal Mentioner mentioned you on “Task ${INSTANT_MAILS_PER_HOUR}”`,
    );
    const waiting = await ctx.db
      .select()
      .from(notificationDigestItems)
      .where(eq(notificationDigestItems.userId, admin.user.id));
    expect(waiting).toEqual([]);

    // Once the hour since the first of them has passed, mail is instant again.
    await ctx.db.execute(
      sql`update notification_settings set instant_mail_window_at = instant_mail_window_at - interval '61 minutes'
          where user_id = ${admin.user.id}`,
    );
    const fresh = await createTask(ctx, product.id, { title: 'Fresh task', createdBy: author.user.id });
    await mentionOn(author, fresh.id, admin);
    await ctx.app.jobs.runDue();
    expect(instantTo(admin)).toHaveLength(INSTANT_MAILS_PER_HOUR + 1);
    expect(instantTo(admin).at(-1)?.subject).toBe('Mal Mentioner mentioned you on “Fresh task”');
  });
});
