import { securityMessages } from '@shipyard/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiTokens } from '../../db/schema/index.ts';
import { sha256 } from '../../lib/crypto.ts';
import { type Signed, useTestApp } from '../../testing/http.ts';

const { ctx, as, member, signedIn } = useTestApp();

type Created = { token: string; api_token: { id: string; name: string; scope: string; expires_at: string } };
async function createToken(who: Signed, body: object = { name: 'CI', scope: 'write', expires_in_days: 30 }) {
  const res = await as(who, { method: 'POST', url: '/api/auth/tokens', payload: body });
  expect(res.statusCode).toBe(201);
  return res.json<Created>();
}
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('personal API tokens', () => {
  it('are shown once, stored hashed, listed with their last use, and accepted as a Bearer token', async () => {
    const who = await member();
    const { token, api_token } = await createToken(who);
    expect(token).toMatch(/^sy_pat_[A-Za-z0-9_-]{43}$/);
    const [row] = await ctx.db.select().from(apiTokens).where(eq(apiTokens.id, api_token.id));
    expect(row?.tokenHash).toBe(sha256(token));

    const listed = await as(who, { url: '/api/auth/tokens' });
    expect(listed.json()).toEqual({
      data: [expect.objectContaining({ id: api_token.id, name: 'CI', scope: 'write', last_used_at: null })],
    });
    expect(listed.body).not.toContain(token);

    const me = await as(undefined, { url: '/api/user/me', headers: bearer(token) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: who.user.id });
    const after = await as(who, { url: '/api/auth/tokens' });
    expect(after.json().data[0].last_used_at).toEqual(expect.any(String));
  });

  it('checks name, scope and expiry', async () => {
    const who = await member();
    for (const body of [
      { name: '', scope: 'read', expires_in_days: 7 },
      { name: 'x'.repeat(101), scope: 'read', expires_in_days: 7 },
      { name: 'a\nb', scope: 'read', expires_in_days: 7 },
      { name: 'ok', scope: 'admin', expires_in_days: 7 },
      { name: 'ok', scope: 'read', expires_in_days: 5 },
      { name: 'ok', scope: 'read' },
    ]) {
      const res = await as(who, { method: 'POST', url: '/api/auth/tokens', payload: body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await ctx.db.select().from(apiTokens).where(eq(apiTokens.userId, who.user.id))).toEqual([]);
  });

  it('a read token may read but not write', async () => {
    const who = await member();
    const { token } = await createToken(who, { name: 'reader', scope: 'read', expires_in_days: 7 });
    expect((await as(undefined, { url: '/api/projects', headers: bearer(token) })).statusCode).toBe(200);
    const write = await as(undefined, {
      method: 'PATCH',
      url: '/api/auth/profile',
      payload: { full_name: 'Changed Name' },
      headers: bearer(token),
    });
    expect(write.statusCode).toBe(403);
    expect(write.json()).toMatchObject({
      code: 'API_TOKEN_READ_ONLY',
      message: securityMessages.tokenReadOnly,
    });
  });

  it('a write token may write, but never manage account security', async () => {
    const who = await member();
    const { token } = await createToken(who);
    const write = await as(undefined, {
      method: 'PATCH',
      url: '/api/auth/profile',
      payload: { full_name: 'Written By Token' },
      headers: bearer(token),
    });
    expect(write.statusCode).toBe(200);
    for (const [method, url, payload] of [
      ['GET', '/api/auth/tokens', undefined],
      ['POST', '/api/auth/tokens', { name: 'more', scope: 'write', expires_in_days: 7 }],
      ['GET', '/api/auth/sessions', undefined],
      [
        'PATCH',
        '/api/auth/change-password',
        { currentPassword: 'x', newPassword: 'long-enough-1', confirmPassword: 'long-enough-1' },
      ],
    ] as const) {
      const res = await as(undefined, { method, url, payload, headers: bearer(token) });
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toMatchObject({ code: 'API_TOKEN_NOT_ALLOWED' });
    }
  });

  it('stop working when they expire', async () => {
    const who = await member();
    const { token } = await createToken(who, { name: 'week', scope: 'read', expires_in_days: 7 });
    ctx.clock.advance(7 * 24 * 60 * 60 * 1000 + 1000);
    try {
      expect((await as(undefined, { url: '/api/user/me', headers: bearer(token) })).statusCode).toBe(401);
    } finally {
      ctx.clock.advance(-(7 * 24 * 60 * 60 * 1000 + 1000));
    }
  });

  it('are revoked at once, only by their owner (404 for anyone else)', async () => {
    const who = await member();
    const other = await member('Otto Other');
    const { token, api_token } = await createToken(who);
    const theirs = await as(other, { method: 'DELETE', url: `/api/auth/tokens/${api_token.id}` });
    expect(theirs.statusCode).toBe(404);
    expect((await as(undefined, { url: '/api/user/me', headers: bearer(token) })).statusCode).toBe(200);
    const res = await as(who, { method: 'DELETE', url: `/api/auth/tokens/${api_token.id}` });
    expect(res.statusCode).toBe(200);
    expect((await as(undefined, { url: '/api/user/me', headers: bearer(token) })).statusCode).toBe(401);
    expect((await as(who, { method: 'DELETE', url: `/api/auth/tokens/${api_token.id}` })).statusCode).toBe(
      404,
    );
    expect(
      (await as(undefined, { method: 'DELETE', url: `/api/auth/tokens/${api_token.id}` })).statusCode,
    ).toBe(401);
  });

  it('end when the password changes or the account is disabled', async () => {
    const who = await member();
    const { token } = await createToken(who);
    const changed = await as(who, {
      method: 'PATCH',
      url: '/api/auth/change-password',
      payload: {
        currentPassword: who.user.password,
        newPassword: 'another-pass-9',
        confirmPassword: 'another-pass-9',
      },
    });
    expect(changed.statusCode).toBe(200);
    expect((await as(undefined, { url: '/api/user/me', headers: bearer(token) })).statusCode).toBe(401);

    const target = await member('Dee Disabled');
    const second = await createToken(target);
    const admin = await signedIn('admin', 'Ann Admin');
    const off = await as(admin, {
      method: 'PATCH',
      url: '/api/user/update-user',
      payload: { id: target.user.id, disabled: true },
    });
    expect(off.statusCode).toBe(200);
    expect((await as(undefined, { url: '/api/user/me', headers: bearer(second.token) })).statusCode).toBe(
      401,
    );
    expect(await ctx.db.select().from(apiTokens).where(eq(apiTokens.userId, target.user.id))).toEqual([]);
  });
});

describe('sessions of the account', () => {
  it('lists them with browser, address and times, and marks the current one', async () => {
    const who = await member();
    const res = await as(who, { url: '/api/auth/sessions', headers: { 'user-agent': 'test' } });
    expect(res.statusCode).toBe(200);
    const data = res.json<{ data: { id: string; current: boolean; browser: string }[] }>().data;
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({
      current: true,
      ip: '127.0.0.1',
      created_at: expect.any(String),
      last_seen_at: expect.any(String),
    });
  });

  it('names the browser from its user agent', async () => {
    const who = await member();
    const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
    const login = await as(undefined, {
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: who.user.email, password: who.user.password },
      headers: { 'user-agent': firefox },
    });
    expect(login.statusCode).toBe(200);
    const list = await as(who, { url: '/api/auth/sessions' });
    expect(list.json().data.map((s: { browser: string }) => s.browser)).toContain('Firefox on Linux');
  });

  it('ends one of them, or all the others, and never someone else’s', async () => {
    const who = await member();
    const other = await member('Otto Other');
    const second = await as(undefined, {
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: who.user.email, password: who.user.password },
    });
    const secondToken = second.json<{ token: string }>().token;
    const list = (await as(who, { url: '/api/auth/sessions' })).json<{
      data: { id: string; current: boolean }[];
    }>().data;
    expect(list).toHaveLength(2);
    const notCurrent = list.find((s) => !s.current);
    if (!notCurrent) throw new Error('no second session');
    expect(
      (await as(other, { method: 'DELETE', url: `/api/auth/sessions/${notCurrent.id}` })).statusCode,
    ).toBe(404);
    expect((await as(who, { method: 'DELETE', url: `/api/auth/sessions/${notCurrent.id}` })).statusCode).toBe(
      200,
    );
    expect((await as(undefined, { url: '/api/user/me', headers: bearer(secondToken) })).statusCode).toBe(401);

    const third = await as(undefined, {
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: who.user.email, password: who.user.password },
    });
    const all = await as(who, { method: 'DELETE', url: '/api/auth/sessions' });
    expect(all.json()).toEqual({ message: '1 other session ended.' });
    expect(
      (await as(undefined, { url: '/api/user/me', headers: bearer(third.json().token) })).statusCode,
    ).toBe(401);
    expect((await as(who, { url: '/api/user/me' })).statusCode).toBe(200);
  });

  it('answers 401 without a session', async () => {
    expect((await as(undefined, { url: '/api/auth/sessions' })).statusCode).toBe(401);
    expect((await as(undefined, { method: 'DELETE', url: '/api/auth/sessions' })).statusCode).toBe(401);
  });
});
