import { DEFAULT_NOTIFICATION_PREFERENCES } from '@shipyard/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema/index.ts';
import { createMailer, type Mailer } from '../../lib/mailer.ts';
import { addMember, createProduct, createTask, createTeam } from '../../testing/factories.ts';
import { type Signed, useTestApp } from '../../testing/http.ts';
import { type SmtpReceiver, startSmtpReceiver } from '../../testing/smtp.ts';
import { APP_URL } from '../../testing/test-app.ts';

// Preferences, instant mail through a real SMTP receiver, and the signed-out unsubscribe link.

let smtp: SmtpReceiver;
let transport: Mailer | undefined;
beforeAll(async () => {
  smtp = await startSmtpReceiver();
});
afterAll(async () => {
  transport?.close();
  await smtp.close();
});
const mailer: Mailer = {
  send: (mail) => {
    transport ??= createMailer(smtp.url, 'Shipyard <no-reply@shipyard.test>');
    return transport.send(mail);
  },
  close: () => transport?.close(),
};
const { ctx, as, member, signedIn } = useTestApp({ mailer });

const PREFS = '/api/user/notification-preferences';

/** A product of `author` with `others` on its team, and a task on it. */
async function taskWith(author: Signed, others: Signed[], title = 'Ship the <b>beta</b>') {
  const product = await createProduct(ctx, author.user.id);
  const team = await createTeam(ctx, product.id);
  for (const o of others) await addMember(ctx, team.id, o.user.id);
  return createTask(ctx, product.id, { title, createdBy: author.user.id });
}

const mention = (who: Signed) => `[@${who.user.name}](user:${who.user.id})`;

async function comment(author: Signed, taskId: string, body: string) {
  const res = await as(author, { method: 'POST', url: `/api/tasks/${taskId}/comments`, payload: { body } });
  expect(res.statusCode).toBe(201);
  return res.json<{ id: string }>();
}

const rowsOf = (userId: string, type: 'TASK_MENTION' | 'TASK_COMMENT') =>
  ctx.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, type)));

/** The unsubscribe URL of a mail's List-Unsubscribe header, as a path for inject. */
function unsubscribePath(header: string | undefined) {
  const url = new URL(header?.match(/^<([^>]+)>$/)?.[1] ?? 'http://missing');
  expect(url.origin).toBe(APP_URL);
  return `${url.pathname}${url.search}`;
}

describe('an @mention', () => {
  it('mails the mentioned person at once: the task link, plain and HTML, escaped, with one-click unsubscribe', async () => {
    const author = await member('Ann Author');
    const bo = await member('Bo <script>');
    const task = await taskWith(author, [bo]);
    const made = await comment(author, task.id, `Look ${mention(bo)}`);

    await ctx.app.jobs.runDue();
    const mails = smtp.to(bo.user.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    const link = `${APP_URL}/tasks/${task.id}#comment-${made.id}`;
    expect(mail?.subject).toBe('Ann Author mentioned you on “Ship the <b>beta</b>”');
    expect(mail?.text).toContain(`Open it: ${link}`);
    expect(mail?.html).toContain(`href="${link}"`);
    expect(mail?.html).toContain('Ship the &lt;b&gt;beta&lt;/b&gt;');
    expect(mail?.html).not.toContain('<b>beta</b>');
    expect(mail?.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(unsubscribePath(mail?.headers['list-unsubscribe'])).toMatch(
      /^\/api\/notifications\/unsubscribe\?token=/,
    );
    // The author is not mailed about their own comment.
    expect(smtp.to(author.user.email)).toHaveLength(0);
  });
});

describe('preferences', () => {
  it('answers the defaults and no time zone before the first save', async () => {
    const me = await member();
    const res = await as(me, { url: PREFS });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ timeZone: null, preferences: DEFAULT_NOTIFICATION_PREFERENCES });
  });

  it('saves the time zone and the kinds given, keeping the others, and only for the caller', async () => {
    const me = await member();
    const other = await member();
    const res = await as(me, {
      method: 'PUT',
      url: PREFS,
      payload: { timeZone: 'Europe/Paris', preferences: { mentioned: { inApp: false, email: 'digest' } } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      timeZone: 'Europe/Paris',
      preferences: {
        ...DEFAULT_NOTIFICATION_PREFERENCES,
        mentioned: { inApp: false, email: 'digest', push: true },
      },
    });
    const again = await as(me, {
      method: 'PUT',
      url: PREFS,
      payload: { timeZone: 'Asia/Tokyo', preferences: { overdue: { inApp: true, email: 'never' } } },
    });
    expect(again.json().preferences).toMatchObject({
      mentioned: { inApp: false, email: 'digest' },
      overdue: { inApp: true, email: 'never' },
    });
    expect((await as(me, { url: PREFS })).json().timeZone).toBe('Asia/Tokyo');
    expect((await as(other, { url: PREFS })).json().timeZone).toBeNull();
  });

  it("keeps a kind's push choice when a save leaves push out (a client from before push)", async () => {
    const me = await member();
    const put = (mentioned: object) =>
      as(me, { method: 'PUT', url: PREFS, payload: { timeZone: 'UTC', preferences: { mentioned } } });
    expect((await put({ inApp: true, email: 'instant', push: false })).statusCode).toBe(200);
    const res = await put({ inApp: false, email: 'digest' });
    expect(res.json().preferences.mentioned).toEqual({ inApp: false, email: 'digest', push: false });
    expect((await put({ inApp: true, email: 'digest', push: 'yes' })).statusCode).toBe(400);
    expect((await as(me, { url: PREFS })).json().preferences.mentioned).toEqual({
      inApp: false,
      email: 'digest',
      push: false,
    });
  });

  it('refuses no session with 401, and a bad zone, kind, mode or extra field with 400, changing nothing', async () => {
    expect((await as(undefined, { url: PREFS })).statusCode).toBe(401);
    expect(
      (await as(undefined, { method: 'PUT', url: PREFS, payload: { timeZone: 'UTC' } })).statusCode,
    ).toBe(401);
    const me = await member();
    for (const payload of [
      {},
      { timeZone: 'Mars/Olympus' },
      { timeZone: 'x'.repeat(65) },
      { timeZone: 'UTC', preferences: { weather: { inApp: true, email: 'never' } } },
      { timeZone: 'UTC', preferences: { mentioned: { inApp: true, email: 'hourly' } } },
      { timeZone: 'UTC', preferences: { mentioned: { inApp: 'yes', email: 'never' } } },
      { timeZone: 'UTC', admin: true },
    ]) {
      const res = await as(me, { method: 'PUT', url: PREFS, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const bad = await as(me, { method: 'PUT', url: PREFS, payload: { timeZone: 'Mars/Olympus' } });
    expect(bad.json().message).toContain('Unknown time zone.');
    expect((await as(me, { url: PREFS })).json().timeZone).toBeNull();
  });

  it('in-app off: no bell row; e-mail never: no mail; the other kinds unaffected', async () => {
    const author = await member('Ann Author');
    const quiet = await member('Quinn Quiet');
    await as(quiet, {
      method: 'PUT',
      url: PREFS,
      payload: {
        timeZone: 'UTC',
        preferences: {
          mentioned: { inApp: false, email: 'never' },
          watchedComment: { inApp: true, email: 'instant' },
        },
      },
    });
    const task = await taskWith(author, [quiet], 'Quiet task');
    await comment(author, task.id, `Hush ${mention(quiet)}`);
    await ctx.app.jobs.runDue();
    expect(await rowsOf(quiet.user.id, 'TASK_MENTION')).toHaveLength(0);
    expect(smtp.to(quiet.user.email)).toHaveLength(0);

    // Mentioned made them a watcher: the next comment is a TASK_COMMENT, in the bell and mailed.
    await comment(author, task.id, 'Another thought');
    await ctx.app.jobs.runDue();
    expect(await rowsOf(quiet.user.id, 'TASK_COMMENT')).toHaveLength(1);
    expect(smtp.to(quiet.user.email).map((m) => m.subject)).toEqual(['Ann Author commented on “Quiet task”']);
  });
});

describe('invitations', () => {
  it('always show in the bell, where they are accepted, even with team notifications off in-app', async () => {
    const admin = await signedIn('admin', 'Ada Admin');
    const invitee = await member('Ines Invitee');
    await as(invitee, {
      method: 'PUT',
      url: PREFS,
      payload: { timeZone: 'UTC', preferences: { invitation: { inApp: false, email: 'never' } } },
    });
    const product = await createProduct(ctx, admin.user.id, { name: 'Invite product' });
    const team = await createTeam(ctx, product.id);
    const res = await as(admin, {
      method: 'POST',
      url: `/api/team/${team.id}/${product.id}/invite`,
      payload: { userId: invitee.user.id, role: 'developer' },
    });
    expect(res.statusCode).toBe(201);
    const rows = await ctx.db.select().from(notifications).where(eq(notifications.userId, invitee.user.id));
    expect(rows.map((r) => r.type)).toEqual(['INVITE']);
    await ctx.app.jobs.runDue();
    expect(smtp.to(invitee.user.email)).toHaveLength(0);
  });
});

describe('the unsubscribe link', () => {
  async function mailedMention() {
    const author = await member('Ann Author');
    const reader = await member('Rae Reader');
    const task = await taskWith(author, [reader], 'Unsub task');
    await comment(author, task.id, `Hi ${mention(reader)}`);
    await ctx.app.jobs.runDue();
    const [mail] = smtp.to(reader.user.email);
    return { author, reader, task, path: unsubscribePath(mail?.headers['list-unsubscribe']), mail };
  }

  it('GET shows a confirmation page, signed out, and changes nothing', async () => {
    const { reader, path, mail } = await mailedMention();
    expect(mail?.text).toContain(`${APP_URL}${path}`);
    const page = await as(undefined, { url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Stop e-mails about “Mentioned”?');
    expect(page.body).toContain('<form method="post"');
    expect((await as(reader, { url: PREFS })).json().preferences.mentioned.email).toBe('instant');
  });

  it('POST (one-click, signed out) sets only that kind to never; the next mention is not mailed', async () => {
    const { author, reader, task, path } = await mailedMention();
    const res = await ctx.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('You will no longer get these e-mails.');
    const prefs = (await as(reader, { url: PREFS })).json().preferences;
    expect(prefs).toEqual({
      ...DEFAULT_NOTIFICATION_PREFERENCES,
      mentioned: { inApp: true, email: 'never', push: true },
    });
    // Twice is fine (a client may retry), and the page's own form posts without a body.
    expect((await as(undefined, { method: 'POST', url: path })).statusCode).toBe(200);

    // On another task: a repeat on the same one within 10 minutes would only refresh the first.
    const next = await createTask(ctx, task.productId, { title: 'Unsub task 2', createdBy: author.user.id });
    await comment(author, next.id, `Again ${mention(reader)}`);
    await comment(author, task.id, 'And a plain comment');
    await ctx.app.jobs.runDue();
    // Still in the bell; the mention is not mailed again, the watched comment goes to the digest.
    expect(await rowsOf(reader.user.id, 'TASK_MENTION')).toHaveLength(2);
    expect(smtp.to(reader.user.email)).toHaveLength(1);
  });

  it('refuses a tampered, foreign or missing token with 400 and changes nothing', async () => {
    const { reader, path } = await mailedMention();
    const token = new URL(`${APP_URL}${path}`).searchParams.get('token') ?? '';
    const [userId, kind, mac] = token.split('.');
    const other = await member();
    for (const bad of [
      `${userId}.assigned.${mac}`,
      `${other.user.id}.${kind}.${mac}`,
      `${userId}.${kind}.${mac?.slice(0, -2)}xx`,
      `${userId}.${kind}`,
      '',
    ]) {
      const url = `/api/notifications/unsubscribe?token=${encodeURIComponent(bad)}`;
      expect((await as(undefined, { method: 'POST', url })).statusCode, bad).toBe(400);
      expect((await as(undefined, { url })).statusCode, bad).toBe(400);
    }
    expect((await as(reader, { url: PREFS })).json().preferences).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
    expect((await as(other, { url: PREFS })).json().preferences).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
  });
});

describe('a product’s stage change', () => {
  it('tells its creator and its teams’ active members, not the one who moved it nor the invited', async () => {
    const creator = await member('Cy Creator');
    const mover = await member('Mo Mover');
    const onTeam = await member('Tam Team');
    const invited = await member('Ivy Invited');
    const product = await createProduct(ctx, creator.user.id, { name: 'Stage <one>' });
    const team = await createTeam(ctx, product.id);
    await addMember(ctx, team.id, mover.user.id);
    await addMember(ctx, team.id, onTeam.user.id);
    await addMember(ctx, team.id, invited.user.id, { status: 'invited' });
    await as(onTeam, {
      method: 'PUT',
      url: PREFS,
      payload: { timeZone: 'UTC', preferences: { productStage: { inApp: true, email: 'instant' } } },
    });

    const res = await as(mover, {
      method: 'PATCH',
      url: `/api/projects/${product.id}/status`,
      payload: { status: 'testing' },
    });
    expect(res.statusCode).toBe(200);
    const stage = await ctx.db.select().from(notifications).where(eq(notifications.type, 'PRODUCT_STAGE'));
    expect(stage.map((n) => n.userId).sort()).toEqual([creator.user.id, onTeam.user.id].sort());
    expect(stage[0]?.message).toBe('Mo Mover moved the product "Stage <one>" to Testing.');
    await ctx.app.jobs.runDue();
    // Instant for the one who chose it (linking to the product); the creator's default is the digest.
    const [mail] = smtp.to(onTeam.user.email);
    expect(mail?.text).toContain(`${APP_URL}/products/${product.id}`);
    expect(smtp.to(creator.user.email)).toHaveLength(0);
    expect(smtp.to(mover.user.email)).toHaveLength(0);
  });
});
