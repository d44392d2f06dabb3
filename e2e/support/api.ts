import { test } from '@playwright/test';
import { linkIn, temporaryPasswordIn, waitForMail } from './mail.ts';

// Plain HTTP calls to the running server, for arranging what a test needs (accounts and
// sessions) without clicking through screens that another test already covers.

export type Role = 'super admin' | 'admin' | 'member' | 'guest';

export type Account = { role: Role; name: string; email: string; password: string };
export type SignedInAccount = Account & { token: string };

/** `retryAfter`: the seconds a 429 asks to wait (its Retry-After header). */
type ApiAnswer = { status: number; body: Record<string, unknown>; retryAfter?: number };

class ApiError extends Error {}

export async function call(
  baseURL: string,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<ApiAnswer> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(new URL(`/api${path}`, baseURL), {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: Record<string, unknown> = {};
  try {
    parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    parsed = { raw: text };
  }
  const retryAfter = Number(res.headers.get('retry-after'));
  return { status: res.status, body: parsed, ...(retryAfter > 0 ? { retryAfter } : {}) };
}

/**
 * POST /auth/login as a client does it: a 429 (the run's logins all come from 127.0.0.1, 10 a
 * minute: e2e/README.md) is waited out once, for as long as its Retry-After says, the running
 * test's timeout growing by as much.
 */
async function login(baseURL: string, credentials: { email: string; password: string }): Promise<ApiAnswer> {
  const answer = await call(baseURL, 'POST', '/auth/login', credentials);
  if (answer.status !== 429 || !answer.retryAfter || answer.retryAfter > 60) return answer;
  const waitMs = answer.retryAfter * 1000 + 500;
  try {
    test.info().setTimeout(test.info().timeout + waitMs);
  } catch {
    // Outside a test (the global setup): no timeout to grow.
  }
  await new Promise((resolve) => setTimeout(resolve, waitMs));
  return call(baseURL, 'POST', '/auth/login', credentials);
}

function expectStatus(answer: ApiAnswer, status: number, what: string): void {
  if (answer.status !== status) {
    throw new ApiError(
      `${what}: expected HTTP ${status}, got ${answer.status} ${JSON.stringify(answer.body)}`,
    );
  }
}

/** A unique, valid e-mail address; tests never share accounts they change. */
export function uniqueEmail(prefix: string): string {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
  return `${prefix}-${id}@example.com`;
}

/** Registers through the API, follows the mailed verification link and logs in (1 register, 1 login). */
export async function registerVerifiedAccount(
  baseURL: string,
  mailDir: string,
  account: Account,
): Promise<SignedInAccount> {
  const registered = await call(baseURL, 'POST', '/auth/register', {
    name: account.name,
    email: account.email,
    password: account.password,
  });
  expectStatus(registered, 201, `register ${account.email}`);
  const mail = await waitForMail(mailDir, { to: account.email, subject: 'Verify' });
  const token = new URL(linkIn(mail, '/verify')).searchParams.get('token') ?? '';
  expectStatus(await call(baseURL, 'GET', `/auth/verify?token=${encodeURIComponent(token)}`), 200, 'verify');
  const answer = await login(baseURL, { email: account.email, password: account.password });
  expectStatus(answer, 200, `login ${account.email}`);
  return { ...account, token: String(answer.body.token) };
}

/** Creates an account as an admin; returns it with the temporary password read from its mail. */
export async function adminCreateUser(
  baseURL: string,
  mailDir: string,
  adminToken: string,
  user: { role: Role; name: string; email: string; department?: string },
): Promise<Account> {
  const created = await call(baseURL, 'POST', '/user/admin-create-users', user, adminToken);
  expectStatus(created, 201, `admin-create ${user.email}`);
  const mail = await waitForMail(mailDir, { to: user.email, subject: 'Your Shipyard account' });
  return { role: user.role, name: user.name, email: user.email, password: temporaryPasswordIn(mail) };
}

/** First login of an admin-created account: 403 with a temp token, then the forced change (1 login). */
export async function completeFirstLogin(
  baseURL: string,
  account: Account,
  newPassword: string,
): Promise<SignedInAccount> {
  const first = await login(baseURL, { email: account.email, password: account.password });
  expectStatus(first, 403, `first login ${account.email}`);
  const details = first.body.details as { temp_token?: string } | undefined;
  if (first.body.code !== 'PASSWORD_CHANGE_REQUIRED' || !details?.temp_token) {
    throw new ApiError(`first login ${account.email}: no temp_token in ${JSON.stringify(first.body)}`);
  }
  const changed = await call(baseURL, 'PATCH', '/auth/force-change-password', {
    temp_token: details.temp_token,
    new_password: newPassword,
  });
  expectStatus(changed, 200, `force-change-password ${account.email}`);
  return { ...account, password: newPassword, token: String(changed.body.token) };
}
