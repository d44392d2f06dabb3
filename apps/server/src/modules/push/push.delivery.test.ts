import { pushMessages } from '@shipyard/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pushSubscriptions, teamMembers } from '../../db/schema/index.ts';
import { type Signed, useTestApp } from '../../testing/http.ts';
import { browserSubscription, expectVapid, useLocalPushService } from './push.test-kit.ts';

// Issue 33: a mention reaches a subscribed browser as a push, through the job queue, to a local
// push service that decrypts it; quiet hours, a kind turned off and lost access hold it back; a
// 410 removes the device; a 5xx is tried again.

const push = useLocalPushService();
const { ctx, as, member, taskOf } = useTestApp({ env: { WEBHOOK_ALLOW_PRIVATE: '1' } });

const mention = (who: Signed) => `[@${who.user.name}](user:${who.user.id})`;

async function subscribed(who: Signed) {
  const browser = browserSubscription(push.origin);
  const res = await as(who, {
    method: 'POST',
    url: '/api/push/subscriptions',
    payload: browser.body,
    headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return browser;
}

/** A task of `author`'s product with `other` on its team, and `other`'s browser subscribed. */
async function world() {
  const author = await member('Ann Author');
  const bo = await member('Bo Reader');
  const { task, team } = await taskOf(author, [bo], { title: 'Ship the **beta**' });
  const browser = await subscribed(bo);
  return { author, bo, task, team, browser };
}

async function comment(author: Signed, taskId: string, body: string) {
  const res = await as(author, { method: 'POST', url: `/api/tasks/${taskId}/comments`, payload: { body } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>();
}

const to = (path: string) => push.received.filter((r) => r.path === path);

/** Quiet hours around now (UTC): an hour back to an hour ahead. */
function quietNow() {
  const hour = new Date().getUTCHours();
  const at = (h: number) => `${String((h + 24) % 24).padStart(2, '0')}:00`;
  return { start: at(hour - 1), end: at(hour + 1), timeZone: 'UTC' };
}

describe('a mention', () => {
  it('reaches the subscribed browser as an encrypted push with a VAPID signature: the title, the plain text and the task to open', async () => {
    const { author, bo, task, browser } = await world();
    const made = await comment(author, task.id, `Look at this ${mention(bo)} **now**`);
    // Nothing is sent in the request: the push is a job.
    expect(to(browser.path)).toHaveLength(0);

    await ctx.app.jobs.runDue();
    const [request, ...more] = to(browser.path);
    expect(more).toHaveLength(0);
    expect(request?.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(request?.headers.ttl)).toBeGreaterThan(0);
    const { publicKey } = (await as(bo, { url: '/api/push/public-key' })).json<{ publicKey: string }>();
    expectVapid(request?.headers ?? {}, publicKey, push.origin);
    const payload = browser.decrypt(request?.body ?? Buffer.alloc(0)) as Record<string, string>;
    expect(payload).toMatchObject({
      title: 'You were mentioned',
      url: `/tasks/${task.id}#comment-${made.id}`,
      tag: `TASK_MENTION:${task.id}`,
    });
    expect(payload.body).toContain('Ship the beta');
    expect(payload.body).not.toMatch(/\*\*|user:|\]\(/);
    // The author gets no push about their own comment; the device shows its last push.
    const devices = (await as(bo, { url: '/api/push/subscriptions' })).json().devices;
    expect(devices).toEqual([
      expect.objectContaining({ label: 'Firefox on Linux', lastPushAt: expect.any(String) }),
    ]);
  });

  it('sends nothing during quiet hours, and sends again once they are off', async () => {
    const { author, bo, task, browser } = await world();
    const quiet = await as(bo, {
      method: 'PUT',
      url: '/api/push/settings',
      payload: { quietHours: quietNow() },
    });
    expect(quiet.statusCode, quiet.body).toBe(200);
    await comment(author, task.id, `During quiet hours ${mention(bo)}`);
    await ctx.app.jobs.runDue();
    expect(to(browser.path)).toHaveLength(0);

    await as(bo, { method: 'PUT', url: '/api/push/settings', payload: { quietHours: null } });
    // Another task: a second mention of the same task so soon refreshes the first, pushing nothing new.
    const { task: next } = await taskOf(author, [bo]);
    await comment(author, next.id, `After quiet hours ${mention(bo)}`);
    await ctx.app.jobs.runDue();
    const received = to(browser.path);
    expect(received).toHaveLength(1);
    expect((browser.decrypt(received[0]?.body ?? Buffer.alloc(0)) as { url: string }).url).toContain(
      `/tasks/${next.id}`,
    );
  });

  it('sends nothing when the person turned push off for mentions, the bell and mail unchanged', async () => {
    const { author, bo, task, browser } = await world();
    const off = await as(bo, {
      method: 'PUT',
      url: '/api/user/notification-preferences',
      payload: { timeZone: 'UTC', preferences: { mentioned: { inApp: true, email: 'never', push: false } } },
    });
    expect(off.statusCode, off.body).toBe(200);
    await comment(author, task.id, `Hi ${mention(bo)}`);
    await ctx.app.jobs.runDue();
    expect(to(browser.path)).toHaveLength(0);
    const bell = (await as(bo, { url: '/api/notifications' })).json();
    expect(JSON.stringify(bell)).toContain('TASK_MENTION');
  });

  it('sends nothing to someone who lost access to the task before the job ran', async () => {
    const { author, bo, task, team, browser } = await world();
    await comment(author, task.id, `Before you go ${mention(bo)}`);
    await ctx.db
      .delete(teamMembers)
      .where(and(eq(teamMembers.teamId, team.id), eq(teamMembers.userId, bo.user.id)));
    await ctx.app.jobs.runDue();
    expect(to(browser.path)).toHaveLength(0);
  });
});

describe('the push service', () => {
  it('answering 410 (the subscription expired) removes the device', async () => {
    const { author, bo, task, browser } = await world();
    push.answer(browser.path, 410);
    await comment(author, task.id, `Gone ${mention(bo)}`);
    await ctx.app.jobs.runDue();
    expect(to(browser.path)).toHaveLength(1);
    const stored = await ctx.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, bo.user.id));
    expect(stored).toHaveLength(0);
    expect((await as(bo, { url: '/api/push/subscriptions' })).json().devices).toEqual([]);
  });

  it('answering 503 is tried again later, and the device is kept', async () => {
    const { author, bo, task, browser } = await world();
    push.answer(browser.path, 503, 201);
    await comment(author, task.id, `Busy ${mention(bo)}`);
    await ctx.app.jobs.runDue();
    expect(to(browser.path)).toHaveLength(1);
    // graphile-worker waits e^1 s before the second attempt.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    await ctx.app.jobs.runDue();
    expect(to(browser.path)).toHaveLength(2);
    const [device] = await ctx.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, bo.user.id));
    expect(device?.lastPushAt).toBeInstanceOf(Date);
  });
});

describe('a local push service', () => {
  it('is reachable over http on loopback only where private targets are allowed, never http elsewhere', async () => {
    const me = await member();
    const { keys } = browserSubscription(push.origin).body;
    const res = await as(me, {
      method: 'POST',
      url: '/api/push/subscriptions',
      payload: { endpoint: 'http://push.example.com/plain', keys },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual({ endpoint: pushMessages.endpoint });
  });
});

describe('an assignment', () => {
  it('opens the task', async () => {
    const { author, bo, task, browser } = await world();
    const res = await as(author, {
      method: 'PATCH',
      url: `/api/tasks/${task.id}/update`,
      payload: { assigneeId: bo.user.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    await ctx.app.jobs.runDue();
    const [request] = to(browser.path);
    expect(browser.decrypt(request?.body ?? Buffer.alloc(0))).toMatchObject({
      title: 'Task assigned to you',
      url: `/tasks/${task.id}`,
    });
  });
});
