import { randomBytes } from 'node:crypto';
import type { Role } from '@shipyard/shared';
import { products, tasks, teamMembers, teams } from '../db/schema/index.ts';
import { hashPassword } from '../lib/passwords.ts';
import { createUserStore } from '../modules/users/index.ts';
import type { TestContext } from './test-app.ts';

export const DEFAULT_PASSWORD = 'correct-horse-42';

export const uniqueEmail = (label = 'user') => `${label}-${randomBytes(4).toString('hex')}@example.com`;

export type UserOptions = {
  role?: Role;
  verified?: boolean;
  mustChangePassword?: boolean;
  disabled?: boolean;
  name?: string;
  email?: string;
  password?: string;
};

/** A user stored directly, as if they had signed up and verified (unless told otherwise). */
export async function createUser(ctx: Pick<TestContext, 'db'>, options: UserOptions = {}) {
  const password = options.password ?? DEFAULT_PASSWORD;
  const row = await createUserStore(ctx.db).insert({
    name: options.name ?? 'Test User',
    email: options.email ?? uniqueEmail(options.role?.replace(' ', '-')),
    role: options.role ?? 'member',
    passwordHash: await hashPassword(password),
    emailVerifiedAt: options.verified === false ? null : new Date(),
    mustChangePassword: options.mustChangePassword ?? false,
    disabledAt: options.disabled ? new Date() : null,
  });
  return { ...row, password };
}

/** Logs in through the API and returns headers that carry the session. */
export async function signIn(ctx: Pick<TestContext, 'app'>, user: { email: string; password: string }) {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: user });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const token = res.json<{ token: string }>().token;
  return { token, headers: { authorization: `Bearer ${token}` } };
}

/** A personal API token of a signed-in user, as the headers that send it (decision 013). */
export async function apiTokenHeaders(
  ctx: Pick<TestContext, 'app'>,
  who: { headers: Record<string, string> },
  scope: 'read' | 'write' = 'write',
) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/tokens',
    headers: who.headers,
    payload: { name: 'script', scope, expires_in_days: 30 },
  });
  if (res.statusCode !== 201) throw new Error(`token not created: ${res.statusCode} ${res.body}`);
  return { authorization: `Bearer ${res.json<{ token: string }>().token}` };
}

export async function createSignedInUser(ctx: Pick<TestContext, 'app' | 'db'>, options: UserOptions = {}) {
  const user = await createUser(ctx, options);
  return { user, ...(await signIn(ctx, user)) };
}

/** A product stored directly (the create endpoint arrives with the Products issue). */
export async function createProduct(
  ctx: Pick<TestContext, 'db'>,
  createdBy: string | null,
  values: Partial<typeof products.$inferInsert> = {},
) {
  const [row] = await ctx.db
    .insert(products)
    .values({
      name: 'Apollo',
      description: 'A product',
      teamSize: 3,
      startDate: '2026-01-01',
      targetEndDate: '2026-12-31',
      createdBy,
      ...values,
    })
    .returning();
  if (!row) throw new Error('no product inserted');
  return row;
}

// ---- Teams, members and tasks, stored directly (products, activities and their tests) ----

/** A team of a product. */
export async function createTeam(
  ctx: Pick<TestContext, 'db'>,
  productId: string,
  values: Partial<typeof teams.$inferInsert> = {},
) {
  const [row] = await ctx.db
    .insert(teams)
    .values({ productId, name: 'Core team', teamType: 'development', ...values })
    .returning();
  if (!row) throw new Error('no team inserted');
  return row;
}

/** A membership row: active (with joined_at) unless another status is given. */
export async function addMember(
  ctx: Pick<TestContext, 'db'>,
  teamId: string,
  userId: string,
  values: Partial<typeof teamMembers.$inferInsert> = {},
) {
  const status = values.status ?? 'active';
  const [row] = await ctx.db
    .insert(teamMembers)
    .values({ teamId, userId, status, joinedAt: status === 'active' ? new Date() : null, ...values })
    .returning();
  if (!row) throw new Error('no team member inserted');
  return row;
}

/** A task of a product; `completed_at` follows a Completed status. */
export async function createTask(
  ctx: Pick<TestContext, 'db'>,
  productId: string,
  values: Partial<typeof tasks.$inferInsert> = {},
) {
  const status = values.status ?? 'Pending';
  const [row] = await ctx.db
    .insert(tasks)
    .values({
      productId,
      title: 'A task',
      status,
      completedAt: status === 'Completed' ? new Date() : null,
      ...values,
    })
    .returning();
  if (!row) throw new Error('no task inserted');
  return row;
}
