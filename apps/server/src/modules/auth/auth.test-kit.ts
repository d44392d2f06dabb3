import { count, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { useTestApp } from '../../testing/http.ts';

// The auth route tests' prelude: requests sent with explicit headers (most of these tests are
// about what a session, a cookie or its absence does), and the accounts they read back.

type Headers = Record<string, string>;

export function useAuthTests(overrides?: Parameters<typeof useTestApp>[0]) {
  const prelude = useTestApp(overrides);
  const { ctx } = prelude;
  const post = (url: string, payload: object, headers: Headers = {}) =>
    ctx.app.inject({ method: 'POST', url, payload, headers });
  const patch = (url: string, payload: object, headers: Headers = {}) =>
    ctx.app.inject({ method: 'PATCH', url, payload, headers });
  const me = (headers: Headers) => ctx.app.inject({ method: 'GET', url: '/api/user/me', headers });
  const userCount = async () => (await ctx.db.select({ n: count() }).from(users))[0]?.n;
  const userByEmail = async (email: string) =>
    (await ctx.db.select().from(users).where(eq(users.email, email)))[0];
  return { ...prelude, post, patch, me, userCount, userByEmail };
}

/** An error answer in the shape every error has, with the spec's message. */
export function expectError(
  res: { statusCode: number; json: () => unknown },
  status: number,
  message: string,
  code?: string,
) {
  expect(res.statusCode).toBe(status);
  const body = res.json() as Record<string, unknown>;
  expect(body.message).toBe(message);
  if (code) expect(body.code).toBe(code);
  expect(body.requestId).toEqual(expect.any(String));
  expect(body.error).toEqual(expect.any(String));
}
