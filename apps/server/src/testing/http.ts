import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { Change } from '../lib/realtime/changes.ts';
import {
  addMember,
  createProduct,
  createSignedInUser,
  createTask,
  createTeam,
  type UserOptions,
} from './factories.ts';
import { buildOtherProcess, buildTestApp, type TestContext } from './test-app.ts';

/** A user signed in through the API: the stored row, the session token and the headers carrying it. */
export type Signed = Awaited<ReturnType<typeof createSignedInUser>>;

/** A request as the route tests write it. */
export type Req = {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  url: string;
  payload?: InjectOptions['payload'];
  headers?: Record<string, string>;
};

type Role = NonNullable<UserOptions['role']>;
type Overrides = Parameters<typeof buildTestApp>[0];

/** An id no row has: the "unknown object" of the 404 tests. */
export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/**
 * A stand-in for a value a beforeAll hook makes: reading it before the hook ran says so
 * instead of failing on `undefined` somewhere else.
 */
export function madeInBeforeAll<T extends object>(value: () => T | undefined, what: string): T {
  const current = () => {
    const v = value();
    if (!v) throw new Error(`${what} is made in beforeAll: use it inside a hook or a test`);
    return v;
  };
  return new Proxy({} as T, {
    get: (_, key) => {
      const target = current();
      const v = Reflect.get(target, key);
      return typeof v === 'function' ? v.bind(target) : v;
    },
    has: (_, key) => Reflect.has(current(), key),
    ownKeys: () => Reflect.ownKeys(current()),
    getOwnPropertyDescriptor: (_, key) => Reflect.getOwnPropertyDescriptor(current(), key),
  });
}

/**
 * The route tests' shared prelude: one app on a fresh database per test file, or per describe
 * block it is called in (built in beforeAll, closed in afterAll), and the helpers every file
 * used to write for itself.
 *
 *   const { ctx, as, member, signedInOnce, productOf } = useTestApp();
 *   const admin = signedInOnce('admin', 'Ada Admin');
 *   it('…', async () => {
 *     const owner = await member();
 *     const { product } = await productOf(owner);
 *     const res = await as(owner, { method: 'POST', url: '/api/tasks', payload });
 *   });
 *
 * `ctx` may be used anywhere a TestContext is (factories, ctx.db, ctx.mail) once beforeAll ran.
 */
export function useTestApp(overrides?: Overrides | (() => Overrides)) {
  let built: TestContext | undefined;
  beforeAll(async () => {
    // A function when the settings come from something an earlier beforeAll started.
    built = await buildTestApp(typeof overrides === 'function' ? overrides() : overrides);
  });
  afterAll(() => built?.close());
  const ctx = madeInBeforeAll(() => built, 'the test app');

  /** `req` sent as `who` (signed out when undefined), to this file's app or to `app`. */
  const as = (who: Signed | undefined, req: Req, app: FastifyInstance = ctx.app) =>
    app.inject({ ...req, headers: { ...req.headers, ...who?.headers } });
  /** A new user of `role`, signed in. */
  const signedIn = (role: Role, name?: string, options: UserOptions = {}) =>
    createSignedInUser(ctx, { ...options, role, name: name ?? options.name });
  const member = (name = 'Mia Member') => signedIn('member', name);
  const guest = (name = 'Gil Guest') => signedIn('guest', name);
  /** A user of `role` signed in once, in beforeAll, and shared by the tests that follow. */
  const signedInOnce = (role: Role, name?: string, options: UserOptions = {}): Signed => {
    let person: Signed | undefined;
    beforeAll(async () => {
      person = await signedIn(role, name, options);
    });
    return madeInBeforeAll(() => person, `the ${role} ${name ?? ''}`.trimEnd());
  };

  /** A product created by `owner` with one team ('Core team') whose active members are `people`. */
  const productOf = async (
    owner: Signed,
    people: Signed[] = [],
    values: Parameters<typeof createProduct>[2] = {},
  ) => {
    const product = await createProduct(ctx, owner.user.id, values);
    const team = await createTeam(ctx, product.id);
    for (const p of people) await addMember(ctx, team.id, p.user.id);
    return { product, team };
  };
  /** The same, with a task of the product ('Fix login' unless told otherwise). */
  const taskOf = async (
    owner: Signed,
    people: Signed[] = [],
    values: Parameters<typeof createTask>[2] = {},
  ) => {
    const { product, team } = await productOf(owner, people);
    const task = await createTask(ctx, product.id, { title: 'Fix login', ...values });
    return { product, team, task };
  };

  /** What the app publishes (realtime changes, after commit) while `action` runs. */
  const publishedBy = async (action: () => Promise<unknown>): Promise<Change[]> => {
    const before = ctx.published.length;
    await action();
    return ctx.published.slice(before);
  };

  /** A second server process on this database with its own caches, built in beforeAll. */
  const otherProcess = (): FastifyInstance => {
    let other: Awaited<ReturnType<typeof buildOtherProcess>> | undefined;
    beforeAll(async () => {
      other = await buildOtherProcess(ctx);
    });
    afterAll(() => other?.close());
    return madeInBeforeAll(() => other?.app, 'the other process');
  };

  return { ctx, as, signedIn, member, guest, signedInOnce, productOf, taskOf, publishedBy, otherProcess };
}

/** An app of its own for one test (other settings, its own database), closed whatever happens. */
export async function withTestApp<T>(overrides: Overrides, use: (other: TestContext) => Promise<T>) {
  const other = await buildTestApp(overrides);
  try {
    return await use(other);
  } finally {
    await other.close();
  }
}
