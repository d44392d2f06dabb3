import {
  LANGUAGES,
  mentionMarkdown,
  NOTIFICATION_CATEGORIES,
  notificationCategoryTexts,
} from '@shipyard/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notifications, users } from '../../db/schema/index.ts';
import { mailTranslator } from '../../platform/mail-language.ts';
import de from '../../platform/mail-locales/de/mail.json' with { type: 'json' };
import { addMember, createProduct, createTask, createTeam } from '../../testing/factories.ts';
import { type Signed, useTestApp } from '../../testing/http.ts';
import { APP_URL } from '../../testing/test-app.ts';

// Issue 33: a notification mail's own texts (links, headings, footer, the digest's subject) are
// in its recipient's language; the notification's message stays as stored, in English. Someone
// without a language gets the English mail exactly as before.

const { ctx, as, member } = useTestApp();

const setNow = (iso: string) => ctx.clock.advance(new Date(iso).getTime() - ctx.clock.now().getTime());
const mailsTo = (who: Signed) => ctx.mail.sent.filter((m) => m.to === who.user.email);
const unsubscribeUrl = (header: string | undefined) => header?.match(/^<([^>]+)>$/)?.[1] ?? 'missing';

async function speaks(who: Signed, language: string) {
  await ctx.db.update(users).set({ language }).where(eq(users.id, who.user.id));
}

/** A task on a product whose team has `others`, and the message `author`'s mention of each left in their bell. */
async function mentionOnNewTask(author: Signed, others: Signed[], title: string) {
  const product = await createProduct(ctx, author.user.id, { name: 'Polyglot' });
  const team = await createTeam(ctx, product.id);
  for (const o of others) await addMember(ctx, team.id, o.user.id);
  const task = await createTask(ctx, product.id, { title, createdBy: author.user.id });
  const body = `Look ${others.map((o) => mentionMarkdown(o.user.name, o.user.id)).join(' ')}`;
  const res = await as(author, { method: 'POST', url: `/api/tasks/${task.id}/comments`, payload: { body } });
  expect(res.statusCode, res.body).toBe(201);
  const [row] = await ctx.db
    .select({ message: notifications.message })
    .from(notifications)
    .where(and(eq(notifications.userId, others[0]?.user.id ?? ''), eq(notifications.type, 'TASK_MENTION')));
  return { task, commentId: res.json<{ id: string }>().id, message: row?.message ?? '' };
}

describe('the kinds’ labels', () => {
  it('are the shared texts, translated in every mail language', () => {
    for (const { code } of LANGUAGES) {
      if (code === 'en') continue;
      const t = mailTranslator(code);
      for (const category of NOTIFICATION_CATEGORIES) {
        const label = notificationCategoryTexts[category].label;
        expect(t(label), `${code}: ${label}`).not.toBe(label);
      }
    }
  });
});

describe('an instant notification mail', () => {
  it('has German frame texts for a German recipient, the stored message as it is, and the English mail unchanged', async () => {
    setNow('2026-01-10T06:00:00Z');
    const author = await member('Ann Author');
    const dora = await member('Dora Deutsch');
    const eli = await member('Eli English');
    await speaks(dora, 'de');
    const { task, commentId, message } = await mentionOnNewTask(author, [dora, eli], 'Ship <it>');
    await ctx.app.jobs.runDue();
    const link = `${APP_URL}/tasks/${task.id}#comment-${commentId}`;

    const [german] = mailsTo(dora);
    expect(message).toBe('Ann Author mentioned you on “Ship <it>”');
    expect(german?.subject).toBe(message);
    const unsubscribe = unsubscribeUrl(german?.headers?.['List-Unsubscribe']);
    expect(german?.text).toBe(
      `${message}\n\nÖffnen: ${link}\n\n— Shipyard\n\n` +
        `Sie erhalten diese E-Mail wegen Ihrer Einstellungen für E-Mails zu „Erwähnt“.\n` +
        `Diese E-Mails abbestellen: ${unsubscribe}\nAlle Einstellungen: ${APP_URL}/settings?tab=notifications`,
    );
    expect(german?.html).toContain(`>${de['Open it in Shipyard']}</a>`);
    expect(german?.html).toContain('Ship &lt;it&gt;');
    expect(german?.html).toContain(`>${de['Stop these e-mails']}</a> · <a`);

    const [english] = mailsTo(eli);
    expect(english?.subject).toBe('Ann Author mentioned you on “Ship <it>”');
    const own = unsubscribeUrl(english?.headers?.['List-Unsubscribe']);
    expect(english?.text).toBe(
      `Ann Author mentioned you on “Ship <it>”\n\nOpen it: ${link}\n\n— Shipyard\n\n` +
        `You get this because of your settings for "Mentioned" mail.\n` +
        `Stop these e-mails: ${own}\nAll settings: ${APP_URL}/settings?tab=notifications`,
    );
    expect(english?.html).toBe(
      `<p>Ann Author mentioned you on “Ship &lt;it&gt;”</p><p><a href="${link}">Open it in Shipyard</a></p><p>— Shipyard</p>` +
        `<p style="color:#666;font-size:12px">You get this because of your settings for “Mentioned” mail. ` +
        `<a href="${own.replaceAll('&', '&amp;')}">Stop these e-mails</a> · <a href="${APP_URL}/settings?tab=notifications">All settings</a></p>`,
    );
  });
});

describe('the daily digest', () => {
  it('is written in German for a German recipient (plural subject, headings, due dates), in English as before otherwise', async () => {
    setNow('2026-02-10T06:00:00Z'); // before the digest hour
    const author = await member('Ann Author');
    const dora = await member('Dora Deutsch');
    const eli = await member('Eli English');
    await speaks(dora, 'de');
    for (const who of [dora, eli]) {
      const res = await as(who, {
        method: 'PUT',
        url: '/api/user/notification-preferences',
        payload: { timeZone: 'UTC', preferences: { mentioned: { inApp: true, email: 'digest' } } },
      });
      expect(res.statusCode).toBe(200);
    }
    const { task, commentId, message } = await mentionOnNewTask(author, [dora, eli], 'Digest <me>');
    const late = await createTask(ctx, task.productId, {
      title: 'Late <one>',
      dueDate: '2026-02-01',
      assigneeId: eli.user.id,
    });
    const lateToo = await createTask(ctx, task.productId, {
      title: 'Late <one>',
      dueDate: '2026-02-01',
      assigneeId: dora.user.id,
    });
    await ctx.app.jobs.runDue();
    expect(mailsTo(dora)).toHaveLength(0);

    setNow('2026-02-10T08:30:00Z');
    await ctx.app.notifications.scan();
    await ctx.app.jobs.runDue();
    const link = `${APP_URL}/tasks/${task.id}#comment-${commentId}`;

    const [german] = mailsTo(dora);
    expect(german?.subject).toBe('Ihre Shipyard-Zusammenfassung vom 2026-02-10: 2 Neuigkeiten');
    const unsubscribe = unsubscribeUrl(german?.headers?.['List-Unsubscribe']);
    expect(german?.text).toBe(
      'Ihre Shipyard-Zusammenfassung vom 2026-02-10\n\n' +
        `Erwähnt\n- ${message}\n  ${link}\n\n` +
        `Überfällige Aufgaben\n- Late <one> (Polyglot, fällig am 2026-02-01)\n  ${APP_URL}/tasks/${lateToo.id}\n\n` +
        `Alle Benachrichtigungen: ${APP_URL}/notifications\n\n— Shipyard\n\n` +
        'Sie erhalten diese E-Mail wegen Ihrer Einstellungen für E-Mails zu „Tägliche Zusammenfassung“.\n' +
        `Diese E-Mails abbestellen: ${unsubscribe}\nAlle Einstellungen: ${APP_URL}/settings?tab=notifications`,
    );
    expect(german?.html).toContain('<h2>Ihre Shipyard-Zusammenfassung vom 2026-02-10</h2><h3>Erwähnt</h3>');
    expect(german?.html).toContain('Late &lt;one&gt;</a> (Polyglot, fällig am 2026-02-01)');

    const [english] = mailsTo(eli);
    expect(english?.subject).toBe('Your Shipyard digest for 2026-02-10: 2 updates');
    const own = unsubscribeUrl(english?.headers?.['List-Unsubscribe']);
    expect(english?.text).toBe(
      'Your Shipyard digest for 2026-02-10\n\n' +
        `Mentioned\n- Ann Author mentioned you on “Digest <me>”\n  ${link}\n\n` +
        `Overdue tasks\n- Late <one> (Polyglot, due 2026-02-01)\n  ${APP_URL}/tasks/${late.id}\n\n` +
        `All notifications: ${APP_URL}/notifications\n\n— Shipyard\n\n` +
        'You get this because of your settings for "Daily digest" mail.\n' +
        `Stop these e-mails: ${own}\nAll settings: ${APP_URL}/settings?tab=notifications`,
    );
    expect(english?.html).toBe(
      '<h2>Your Shipyard digest for 2026-02-10</h2>' +
        `<h3>Mentioned</h3><ul><li><a href="${link}">Ann Author mentioned you on “Digest &lt;me&gt;”</a></li></ul>` +
        `<h3>Overdue tasks</h3><ul><li><a href="${APP_URL}/tasks/${late.id}">Late &lt;one&gt;</a> (Polyglot, due 2026-02-01)</li></ul>` +
        `<p><a href="${APP_URL}/notifications">All notifications</a></p><p>— Shipyard</p>` +
        `<p style="color:#666;font-size:12px">You get this because of your settings for “Daily digest” mail. ` +
        `<a href="${own.replaceAll('&', '&amp;')}">Stop these e-mails</a> · <a href="${APP_URL}/settings?tab=notifications">All settings</a></p>`,
    );
  });
});
