import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { SIGNED_OUT_OPERATIONS } from './lib/openapi-errors.ts';
import { createSignedInUser, type UserOptions } from './testing/factories.ts';
import { useTestApp } from './testing/http.ts';

// Every API operation in the OpenAPI document answers 401 to a caller without a session, except
// the few that exist for signed-out visitors. A route added without the session hook fails here.

// The one list of signed-out operations, which the OpenAPI document's error responses follow too.

const { ctx, otherProcess } = useTestApp();

describe('the API without a session', () => {
  it('answers 401 on every operation that is not for signed-out visitors', async () => {
    const doc = (await ctx.app.inject('/api/openapi.json')).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const id = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
    const checked: string[] = [];
    const open: string[] = [];
    for (const [template, operations] of Object.entries(doc.paths)) {
      const url = template.replace(/\{[^}]+\}/g, id);
      for (const method of Object.keys(operations)) {
        if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
        if (SIGNED_OUT_OPERATIONS.has(`${method.toUpperCase()} ${template}`)) continue;
        const res = await ctx.app.inject({
          method: method.toUpperCase() as 'GET',
          url,
          ...(method === 'get' || method === 'delete' ? {} : { payload: {} }),
        });
        checked.push(`${method.toUpperCase()} ${template}`);
        if (res.statusCode !== 401) open.push(`${method.toUpperCase()} ${template} → ${res.statusCode}`);
      }
    }
    expect(open).toEqual([]);
    // The document lists the routes of every module (a sanity check that the loop ran).
    expect(checked.length).toBeGreaterThan(60);
  });
});

// A session is read again on every request (the lookup is a prepared statement, never a cache:
// docs/decisions/023-request-hot-path.md), so what ends or narrows it applies to the very next
// request, in this process and in any other process on the same database.
describe('a session after it ends or changes, in this process and in another', () => {
  const other = otherProcess();

  const signedIn = (options: UserOptions) => createSignedInUser(ctx, options);
  const me = (app: FastifyInstance, headers: Record<string, string>) =>
    app.inject({ url: '/api/user/me', headers });
  /** Both processes have just served the session (warm, as a cache would be). */
  async function usedOnBoth(headers: Record<string, string>) {
    expect((await me(ctx.app, headers)).statusCode).toBe(200);
    expect((await me(other, headers)).statusCode).toBe(200);
  }

  it('refuses a signed-out session at once, here and in the other process', async () => {
    const who = await signedIn({ role: 'member' });
    await usedOnBoth(who.headers);
    const out = await ctx.app.inject({ method: 'POST', url: '/api/auth/signout', headers: who.headers });
    expect(out.statusCode).toBeLessThan(300);
    expect((await me(other, who.headers)).statusCode).toBe(401);
    expect((await me(ctx.app, who.headers)).statusCode).toBe(401);
  });

  it('refuses a disabled account at once, in the other process too', async () => {
    const admin = await signedIn({ role: 'admin' });
    const who = await signedIn({ role: 'member' });
    await usedOnBoth(who.headers);
    const disabled = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/user/update-user',
      headers: admin.headers,
      payload: { id: who.user.id, disabled: true },
    });
    expect(disabled.statusCode).toBe(200);
    expect((await me(other, who.headers)).statusCode).toBe(401);
    expect((await me(ctx.app, who.headers)).statusCode).toBe(401);
  });

  it('applies a role change to the next request in the other process', async () => {
    const admin = await signedIn({ role: 'admin' });
    const who = await signedIn({ role: 'member' });
    await usedOnBoth(who.headers);
    const create = (app: FastifyInstance) =>
      app.inject({
        method: 'POST',
        url: '/api/projects',
        headers: who.headers,
        payload: {
          name: 'Gemini',
          description: 'x',
          status: 'planning',
          priority: 'low',
          team_size: 1,
          start_date: '2026-01-01',
          target_end_date: '2026-12-31',
        },
      });
    const demoted = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/user/${who.user.id}/role`,
      headers: admin.headers,
      payload: { role: 'guest' },
    });
    expect(demoted.statusCode).toBe(200);
    expect((await me(other, who.headers)).json()).toMatchObject({ role: 'guest' });
    expect((await create(other)).statusCode).toBe(403);
  });
});
