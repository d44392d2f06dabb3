import { randomBytes } from 'node:crypto';
import type { Role } from '@shipyard/shared';
import { products } from '../db/schema/index.ts';
import { hashPassword } from '../lib/passwords.ts';
import { createUsersRepository } from '../modules/users/users.repository.ts';
import type { TestContext } from './test-app.ts';

export const DEFAULT_PASSWORD = 'correct-horse-42';

export const uniqueEmail = (label = 'user') => `${label}-${randomBytes(4).toString('hex')}@example.com`;

type UserOptions = {
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
  const row = await createUsersRepository(ctx.db).insert({
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
