import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { createSignedInUser, type UserOptions } from './factories.ts';
import { buildTestApp, type TestContext } from './test-app.ts';

/** A user signed in through the API: the stored row, the session token and the headers carrying it. */
export type Signed = Awaited<ReturnType<typeof createSignedInUser>>;

/** A request as the route tests write it. */
export type Req = {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  url: string;
  payload?: InjectOptions['payload'];
  headers?: Record<string, string>;
};

/**
 * The route tests' shared prelude: one app on a fresh database per test file (built in
 * beforeAll, closed in afterAll) and the helpers every file used to write for itself.
 *
 *   const { ctx, as, member, guest } = useTestApp();
 *   const res = await as(await member(), { method: 'POST', url: '/api/tasks', payload });
 *
 * `ctx` may be used anywhere a TestContext is (factories, ctx.db, ctx.mail) once beforeAll ran.
 */
export function useTestApp(overrides?: Parameters<typeof buildTestApp>[0]) {
  let built: TestContext | undefined;
  beforeAll(async () => {
    built = await buildTestApp(overrides);
  });
  afterAll(() => built?.close());

  const current = (): TestContext => {
    if (!built) throw new Error('the test app is built in beforeAll: use ctx inside a hook or a test');
    return built;
  };
  const ctx = new Proxy({} as TestContext, { get: (_, key) => Reflect.get(current(), key) });

  /** `req` sent as `who` (signed out when undefined), to this file's app or to `app`. */
  const as = (who: Signed | undefined, req: Req, app: FastifyInstance = current().app) =>
    app.inject({ ...req, headers: { ...req.headers, ...who?.headers } });
  /** A new user of `role`, signed in. */
  const signedIn = (role: NonNullable<UserOptions['role']>, name?: string, options: UserOptions = {}) =>
    createSignedInUser(current(), { ...options, role, name: name ?? options.name });
  const member = (name = 'Mia Member') => signedIn('member', name);
  const guest = (name = 'Gil Guest') => signedIn('guest', name);

  return { ctx, as, signedIn, member, guest };
}
