import { securityMessages } from '@shipyard/shared';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { instanceSettings, services, users } from '../../db/schema/index.ts';
import { apiTokenHeaders, createUser, uniqueEmail } from '../../testing/factories.ts';
import { type Signed, useTestApp } from '../../testing/http.ts';
import { storedUser } from './users.test-kit.ts';

// Issue 27 #2: what only a person may do. Changing someone's sign-in, factor, role, status or
// e-mail, creating accounts, the instance's security settings and webhook endpoints need a
// browser session; a personal API token (even a super admin's write token) is refused.

const { ctx, as, signedInOnce } = useTestApp();

const owner = signedInOnce('super admin', 'Olga Owner');
const admin = signedInOnce('admin', 'Alex Admin');

const writeToken = (who: Signed) => apiTokenHeaders(ctx, who);

function expectTokenRefused(res: LightMyRequestResponse, what: string) {
  expect(res.statusCode, what).toBe(403);
  expect(res.json(), what).toMatchObject({
    code: 'API_TOKEN_NOT_ALLOWED',
    message: securityMessages.tokenNotAllowed,
  });
}

describe('what a personal API token may not do (issue 27 #2)', () => {
  it("refuses an admin's write token that turns off required two-factor, resets a second factor, or creates, changes, disables or deletes an account", async () => {
    const on = await as(admin, {
      method: 'PATCH',
      url: '/api/admin/settings',
      payload: { require_two_factor: true },
    });
    expect(on.statusCode).toBe(200);
    const headers = await writeToken(admin);
    const member = await createUser(ctx, { name: 'Mo Member' });
    const intruder = uniqueEmail('intruder');

    for (const [method, url, payload] of [
      ['PATCH', '/api/admin/settings', { require_two_factor: false }],
      ['POST', `/api/user/${member.id}/two-factor/reset`, undefined],
      ['POST', '/api/user/admin-create-users', { name: 'Eve Intruder', email: intruder, role: 'admin' }],
      ['POST', '/api/user/admin-create-users', { name: 'Eve Intruder', email: intruder, role: 'member' }],
      ['PATCH', '/api/user/update-user', { id: member.id, role: 'admin' }],
      ['PATCH', '/api/user/update-user', { id: member.id, disabled: true }],
      ['PATCH', '/api/user/update-user', { id: member.id, email: uniqueEmail('moved') }],
      ['PATCH', `/api/user/${member.id}/role`, { role: 'admin' }],
      ['DELETE', `/api/user/${member.id}`, undefined],
    ] as const) {
      expectTokenRefused(await as(undefined, { method, url, payload, headers }), `${method} ${url}`);
    }

    const [setting] = await ctx.db
      .select()
      .from(instanceSettings)
      .where(eq(instanceSettings.key, 'require_two_factor'));
    expect(setting?.value).toBe(true);
    expect(await storedUser(ctx, member.id)).toMatchObject({
      role: 'member',
      disabledAt: null,
      email: member.email,
    });
    expect(await ctx.db.select().from(users).where(eq(users.email, intruder))).toEqual([]);
  });

  it("refuses a super admin's write token that grants super admin", async () => {
    const headers = await writeToken(owner);
    const target = await createUser(ctx, { role: 'admin' });
    expectTokenRefused(
      await as(undefined, {
        method: 'PATCH',
        url: `/api/user/${target.id}/role`,
        payload: { role: 'super admin' },
        headers,
      }),
      'grant super admin',
    );
    expect((await storedUser(ctx, target.id))?.role).toBe('admin');
  });

  it('refuses a token that adds a service, edits one (its webhook URL) or rotates a signing secret', async () => {
    const created = await as(admin, {
      method: 'POST',
      url: '/api/services',
      payload: { name: 'Slack', category: 'Communication', integration: 'SDK' },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json<{ id: string }>().id;
    const headers = await writeToken(admin);
    for (const [method, url, payload] of [
      [
        'POST',
        '/api/services',
        {
          name: 'Exfil',
          category: 'Communication',
          integration: 'Webhook',
          webhookUrl: 'https://attacker.example/hook',
        },
      ],
      ['PATCH', `/api/services/${id}`, { webhookUrl: 'https://attacker.example/hook' }],
      ['POST', `/api/services/${id}/signing-secret`, undefined],
    ] as const) {
      expectTokenRefused(await as(undefined, { method, url, payload, headers }), `${method} ${url}`);
    }
    const rows = await ctx.db.select().from(services);
    expect(rows.map((r) => r.name)).toEqual(['Slack']);
    expect(rows[0]?.webhookUrl).toBeNull();
  });

  it('still lets a token read what its account may, and switch a service on or off', async () => {
    const headers = await writeToken(admin);
    for (const url of ['/api/user/all-users', '/api/admin/audit-log', '/api/admin/settings']) {
      expect((await as(undefined, { url, headers })).statusCode, url).toBe(200);
    }
    const created = await as(admin, {
      method: 'POST',
      url: '/api/services',
      payload: { name: 'Linear', category: 'Development', integration: 'SDK' },
    });
    const id = created.json<{ id: string }>().id;
    const off = await as(undefined, {
      method: 'PATCH',
      url: `/api/services/${id}/status`,
      payload: { status: 'Inactive' },
      headers,
    });
    expect(off.statusCode).toBe(200);
  });
});
