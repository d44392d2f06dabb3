import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { connectDatabase, type Database } from '../../db/client.ts';
import { notificationDigestItems, notifications, taskReminders } from '../../db/schema/index.ts';
import { createMailer, type Mailer } from '../../lib/mailer.ts';
import { addMember, createProduct, createTask, createTeam } from '../../testing/factories.ts';
import { type Signed, useTestApp } from '../../testing/http.ts';
import { type SmtpReceiver, startSmtpReceiver } from '../../testing/smtp.ts';
import { APP_URL } from '../../testing/test-app.ts';

// Reminders (due soon, overdue) in the assignee's time zone, exactly once with two app
// processes on one database, and the daily digest; mail through a real SMTP receiver.

let smtp: SmtpReceiver;
const transports: Mailer[] = [];
/** A mailer of its own per app, as each process has. */
const smtpMailer = (): Mailer => {
  let transport: Mailer | undefined;
  return {
    send: (mail) => {
      if (!transport) {
        transport = createMailer(smtp.url, 'Shipyard <no-reply@shipyard.test>');
        transports.push(transport);
      }
      return transport.send(mail);
    },
    close: () => transport?.close(),
  };
};
beforeAll(async () => {
  smtp = await startSmtpReceiver();
});
afterAll(async () => {
  for (const t of transports) t.close();
  await smtp.close();
});
const { ctx, as, member } = useTestApp({ mailer: smtpMailer() });

/** Moves the app's clock to `iso`. */
const setNow = (iso: string) => ctx.clock.advance(new Date(iso).getTime() - ctx.clock.now().getTime());

async function zone(who: Signed, timeZone: string, preferences: Record<string, unknown> = {}) {
  const res = await as(who, {
    method: 'PUT',
    url: '/api/user/notification-preferences',
    payload: { timeZone, preferences },
  });
  expect(res.statusCode).toBe(200);
}

const rowsOf = (userId: string, type: 'TASK_DUE_SOON' | 'TASK_OVERDUE') =>
  ctx.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, type)));

async function assignedTask(assignee: Signed, dueDate: string, title = 'Launch checklist') {
  const product = await createProduct(ctx, null, { name: 'Rocket' });
  const team = await createTeam(ctx, product.id);
  await addMember(ctx, team.id, assignee.user.id);
  return createTask(ctx, product.id, { title, dueDate, assigneeId: assignee.user.id });
}

async function scanAndSend(app: FastifyInstance = ctx.app) {
  await app.notifications.scan();
  await app.jobs.runDue();
}

describe('due soon, in the assignee’s time zone', () => {
  it('reminds once the due date ends within 24 hours where they are, not before', async () => {
    const kiwi = await member('Kiri Kiwi');
    const angel = await member('Ana Angeleno');
    await zone(kiwi, 'Pacific/Auckland'); // UTC+13 in March
    await zone(angel, 'America/Los_Angeles'); // UTC-7 in March
    const kiwiTask = await assignedTask(kiwi, '2026-03-10', 'Kiwi task');
    const angelTask = await assignedTask(angel, '2026-03-10', 'Angel task');

    // 10 March ends at 2026-03-10T11:00Z in Auckland and at 2026-03-11T07:00Z in Los Angeles.
    setNow('2026-03-09T10:59:00Z');
    await scanAndSend();
    expect(await rowsOf(kiwi.user.id, 'TASK_DUE_SOON')).toHaveLength(0);

    setNow('2026-03-09T11:00:00Z');
    await scanAndSend();
    const [notice] = await rowsOf(kiwi.user.id, 'TASK_DUE_SOON');
    expect(notice?.message).toBe('The task "Kiwi task" in "Rocket" is due within 24 hours (2026-03-10).');
    expect(notice?.metadata).toMatchObject({ taskId: kiwiTask.id, dueDate: '2026-03-10' });
    expect(await rowsOf(angel.user.id, 'TASK_DUE_SOON')).toHaveLength(0);
    const [mail] = smtp.to(kiwi.user.email);
    expect(mail?.subject).toBe(notice?.message);
    expect(mail?.text).toContain(`${APP_URL}/tasks/${kiwiTask.id}`);

    setNow('2026-03-10T07:00:00Z');
    await scanAndSend();
    expect(await rowsOf(angel.user.id, 'TASK_DUE_SOON')).toHaveLength(1);
    expect(smtp.to(angel.user.email).map((m) => m.text)).toEqual([
      expect.stringContaining(`${APP_URL}/tasks/${angelTask.id}`),
    ]);
    // Later scans add nothing.
    await scanAndSend();
    expect(await rowsOf(kiwi.user.id, 'TASK_DUE_SOON')).toHaveLength(1);
    expect(smtp.to(kiwi.user.email)).toHaveLength(1);
  });
});

describe('two server processes on one database', () => {
  let second: FastifyInstance;
  let database: Database;
  beforeAll(async () => {
    database = connectDatabase(ctx.databaseUrl, 5);
    second = await buildApp({
      config: loadConfig({ APP_URL, DATA_DIR: ctx.dataDir }),
      db: database.db,
      mailer: smtpMailer(),
      clock: ctx.clock,
      logger: false,
      webDist: `${ctx.dataDir}/no-web-build`,
    });
    await second.ready();
  });
  afterAll(async () => {
    await second.close();
    await database.close();
  });

  it('mail each due-soon and overdue reminder exactly once, scanning and working at the same time', async () => {
    const people = await Promise.all([member('Pat One'), member('Pat Two'), member('Pat Three')]);
    setNow('2026-05-20T12:00:00Z');
    const soon = await Promise.all(people.map((p) => assignedTask(p, '2026-05-20', `Soon ${p.user.name}`)));
    const late = await Promise.all(people.map((p) => assignedTask(p, '2026-05-19', `Late ${p.user.name}`)));
    // Done or unassigned tasks are not reminded of.
    await createTask(ctx, soon[0]?.productId ?? '', {
      dueDate: '2026-05-21',
      status: 'Completed',
      assigneeId: people[0]?.user.id,
    });

    for (let round = 0; round < 3; round++) {
      await Promise.all([ctx.app.notifications.scan(), second.notifications.scan()]);
      await Promise.all([ctx.app.jobs.runDue(), second.jobs.runDue()]);
    }

    for (const [i, p] of people.entries()) {
      const subjects = smtp
        .to(p.user.email)
        .map((m) => m.subject)
        .sort();
      expect(subjects).toEqual([
        `The task "Late ${p.user.name}" in "Rocket" is overdue (it was due 2026-05-19).`,
        `The task "Soon ${p.user.name}" in "Rocket" is due within 24 hours (2026-05-20).`,
        // 12:00 UTC is past the digest hour: one digest, listing the overdue task.
        'Your Shipyard digest for 2026-05-20: 1 update',
      ]);
      expect(await rowsOf(p.user.id, 'TASK_DUE_SOON')).toHaveLength(1);
      expect(await rowsOf(p.user.id, 'TASK_OVERDUE')).toHaveLength(1);
      const claimed = await ctx.db
        .select()
        .from(taskReminders)
        .where(inArray(taskReminders.taskId, [soon[i]?.id ?? '', late[i]?.id ?? '']));
      expect(claimed.map((r) => r.kind).sort()).toEqual(['due_soon', 'overdue']);
    }
  });
});

describe('the daily digest', () => {
  it('gathers a day of watched comments and status changes into one mail at the digest hour, with the overdue tasks', async () => {
    const watcher = await member('Wes Watcher');
    const author = await member('Ann Author');
    await zone(watcher, 'Europe/Berlin'); // UTC+1 in January
    const product = await createProduct(ctx, author.user.id, { name: 'Digest product' });
    const team = await createTeam(ctx, product.id);
    await addMember(ctx, team.id, watcher.user.id);
    const task = await createTask(ctx, product.id, { title: 'Watched <task>', createdBy: author.user.id });
    const overdue = await createTask(ctx, product.id, {
      title: 'Old one',
      dueDate: '2026-01-05',
      assigneeId: watcher.user.id,
    });
    expect(
      (await as(watcher, { method: 'PUT', url: `/api/tasks/${task.id}/watch` })).statusCode,
    ).toBeLessThan(300);

    setNow('2026-01-10T06:30:00Z'); // 07:30 in Berlin: before the digest hour
    for (const body of ['First thought', 'Second thought']) {
      const res = await as(author, {
        method: 'POST',
        url: `/api/tasks/${task.id}/comments`,
        payload: { body },
      });
      expect(res.statusCode).toBe(201);
    }
    const moved = await as(author, {
      method: 'PATCH',
      url: `/api/tasks/${task.id}/task/update`,
      payload: { status: 'In Progress' },
    });
    expect(moved.statusCode).toBe(200);
    await scanAndSend();
    const digests = () => smtp.to(watcher.user.email).filter((m) => m.subject.includes('digest'));
    expect(digests()).toHaveLength(0);

    setNow('2026-01-10T07:05:00Z'); // 08:05 in Berlin
    await scanAndSend();
    await scanAndSend();
    expect(digests()).toHaveLength(1);
    const [digest] = digests();
    expect(digest?.subject).toBe('Your Shipyard digest for 2026-01-10: 4 updates');
    expect(digest?.text).toContain('Comments on tasks I watch');
    expect(digest?.text).toContain('Ann Author commented on “Watched <task>”');
    expect(digest?.text).toContain('Ann Author moved “Watched <task>” to In Progress');
    expect(digest?.text).toContain(
      `Old one (Digest product, due 2026-01-05)\n  ${APP_URL}/tasks/${overdue.id}`,
    );
    expect(digest?.html).toContain('Watched &lt;task&gt;');
    expect(digest?.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const left = await ctx.db
      .select()
      .from(notificationDigestItems)
      .where(eq(notificationDigestItems.userId, watcher.user.id));
    expect(left).toHaveLength(0);

    // The next day lists the task again (still overdue), with nothing else.
    setNow('2026-01-11T07:05:00Z');
    await scanAndSend();
    expect(digests().map((m) => m.subject)).toEqual([
      'Your Shipyard digest for 2026-01-10: 4 updates',
      'Your Shipyard digest for 2026-01-11: 1 update',
    ]);
  });
});
