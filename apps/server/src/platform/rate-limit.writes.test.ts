import { genericMessages } from '@shipyard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiTokenHeaders,
  createProduct,
  createSignedInUser,
  createTask,
  signIn,
} from '../testing/factories.ts';
import { buildTestApp, type TestContext } from '../testing/test-app.ts';

// One limit for every write of an account, whatever its route (issue 27 #6): watch toggles,
// checklist items and notification writes had none. Two app instances on one database stand for
// two server processes: the budget is the account's, not a process's. Routes with a limit of their
// own keep it instead, so a spent budget never locks the owner out of revoking and signing out.

const PER_MINUTE = 5;
let one: TestContext;
let two: TestContext;
beforeAll(async () => {
  const env = { WRITE_RATE_PER_MINUTE: String(PER_MINUTE) };
  one = await buildTestApp({ env });
  two = await buildTestApp({ env, sameDatabaseAs: one });
});
afterAll(async () => {
  await two?.close();
  await one?.close();
});

async function adminWithTask() {
  const who = await createSignedInUser(one, { role: 'admin' });
  const product = await createProduct(one, who.user.id);
  const task = await createTask(one, product.id);
  return { ...who, task };
}

describe(`the write limit of ${PER_MINUTE} a minute per account`, () => {
  it('answers the next write on any route and either process with 429, Retry-After and the limit; reads still answer', async () => {
    const { headers, task } = await adminWithTask();
    const writes = [
      { ctx: one, method: 'PUT', url: `/api/tasks/${task.id}/watch` },
      { ctx: two, method: 'DELETE', url: `/api/tasks/${task.id}/watch` },
      { ctx: one, method: 'POST', url: `/api/tasks/${task.id}/checklist`, payload: { title: 'Ship it' } },
      { ctx: two, method: 'PATCH', url: '/api/notifications/read-all' },
      { ctx: one, method: 'PUT', url: `/api/tasks/${task.id}/watch` },
    ] as const;
    for (const { ctx, ...req } of writes) {
      const res = await ctx.app.inject({ ...req, headers });
      expect(res.statusCode, `${req.method} ${req.url}`).toBeLessThan(300);
    }

    for (const ctx of [one, two]) {
      const res = await ctx.app.inject({ method: 'DELETE', url: `/api/tasks/${task.id}/watch`, headers });
      expect(res.statusCode).toBe(429);
      expect(res.json()).toMatchObject({
        code: 'RATE_LIMITED',
        message: genericMessages.tooManyWrites(PER_MINUTE),
      });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
    }
    const watchers = await two.app.inject({ method: 'GET', url: `/api/tasks/${task.id}/watchers`, headers });
    expect(watchers.statusCode).toBe(200);
    expect(watchers.json()).toMatchObject({ watching: true });
  });

  it("counts the account's API token with its sessions, and leaves other accounts alone", async () => {
    const { headers, task } = await adminWithTask();
    const token = await apiTokenHeaders(one, { headers }); // a route with its own limit: not counted here
    for (let i = 0; i < PER_MINUTE; i++) {
      const res = await two.app.inject({ method: 'PUT', url: `/api/tasks/${task.id}/watch`, headers: token });
      expect(res.statusCode).toBe(200);
    }
    const viaToken = await one.app.inject({
      method: 'PUT',
      url: `/api/tasks/${task.id}/watch`,
      headers: token,
    });
    expect(viaToken.statusCode).toBe(429);
    const viaSession = await two.app.inject({ method: 'PUT', url: `/api/tasks/${task.id}/watch`, headers });
    expect(viaSession.statusCode).toBe(429);

    const other = await adminWithTask();
    const res = await one.app.inject({
      method: 'PUT',
      url: `/api/tasks/${other.task.id}/watch`,
      headers: other.headers,
    });
    expect(res.statusCode).toBe(200);
  });

  it('still lets an account whose budget a leaked token spent revoke the token, end a session, comment and sign out', async () => {
    const { headers, task, user } = await adminWithTask();
    const token = await apiTokenHeaders(one, { headers });
    const second = await signIn(one, user);
    for (let i = 1; i <= PER_MINUTE; i++)
      await two.app.inject({ method: 'PUT', url: `/api/tasks/${task.id}/watch`, headers: token });
    const spent = await one.app.inject({ method: 'PUT', url: `/api/tasks/${task.id}/watch`, headers });
    expect(spent.statusCode).toBe(429);

    const tokens = await one.app.inject({ method: 'GET', url: '/api/auth/tokens', headers });
    const revoked = await one.app.inject({
      method: 'DELETE',
      url: `/api/auth/tokens/${tokens.json().data[0].id}`,
      headers,
    });
    expect(revoked.statusCode).toBe(200);
    const sessions = await two.app.inject({ method: 'GET', url: '/api/auth/sessions', headers });
    const other = sessions.json().data.find((s: { current: boolean }) => !s.current);
    const ended = await two.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${other.id}`, headers });
    expect(ended.statusCode).toBe(200);
    const comment = await one.app.inject({
      method: 'POST',
      url: `/api/tasks/${task.id}/comments`,
      headers,
      payload: { body: 'Locked out of watching, not of talking.' },
    });
    expect(comment.statusCode).toBe(201);
    const out = await two.app.inject({ method: 'POST', url: '/api/auth/signout', headers });
    expect(out.statusCode).toBe(200);
    expect((await one.app.inject({ method: 'GET', url: '/api/user/me', headers })).statusCode).toBe(401);
    expect(
      (await one.app.inject({ method: 'GET', url: '/api/user/me', headers: second.headers })).statusCode,
    ).toBe(401);
  });
});
