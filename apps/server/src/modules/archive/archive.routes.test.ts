import { gunzipSync } from 'node:zlib';
import { ARCHIVE_EXPORTS_PER_HOUR, archiveMessages } from '@shipyard/shared';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD } from '../../testing/factories.ts';
import { type Req, useTestApp } from '../../testing/http.ts';

const { ctx, as, signedIn, member, guest } = useTestApp();

const exportReq = (password = DEFAULT_PASSWORD): Req => ({
  method: 'POST',
  url: '/api/admin/workspace-archive',
  payload: { password },
});

describe('who may export the workspace', () => {
  it('answers 401 signed out, 403 to guests, members and admins (super admins only)', async () => {
    expect((await as(undefined, exportReq())).statusCode).toBe(401);
    for (const who of [await guest(), await member(), await signedIn('admin')]) {
      const res = await as(who, exportReq());
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(archiveMessages.forbidden);
    }
  });

  it('refuses a personal API token, even a super admin’s with write scope (403)', async () => {
    const owner = await signedIn('super admin');
    const created = await as(owner, {
      method: 'POST',
      url: '/api/auth/tokens',
      payload: { name: 'CI', scope: 'write', expires_in_days: 7 },
    });
    expect(created.statusCode).toBe(201);
    const res = await ctx.app.inject({
      ...exportReq(),
      headers: { authorization: `Bearer ${created.json().token}` },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('API_TOKEN_NOT_ALLOWED');
  });

  it('has no other operation: GET answers 404', async () => {
    const owner = await signedIn('super admin');
    expect((await as(owner, { url: '/api/admin/workspace-archive' })).statusCode).toBe(404);
  });
});

describe('exporting the workspace', () => {
  it('asks for the password again: missing or wrong is a 400 on the field, and nothing is exported', async () => {
    const owner = await signedIn('super admin');
    const missing = await as(owner, { method: 'POST', url: '/api/admin/workspace-archive', payload: {} });
    expect(missing.statusCode).toBe(400);
    const wrong = await as(owner, exportReq('not-my-password'));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details.fields.password).toEqual([archiveMessages.passwordWrong]);
    const audited = await ctx.pool.query(
      `SELECT 1 FROM audit_log WHERE action = 'export' AND actor_id = $1`,
      [owner.user.id],
    );
    expect(audited.rows).toEqual([]);
  });

  it('streams the archive as a download and audits the export', async () => {
    const owner = await signedIn('super admin', 'Sue Super');
    const res = await as(owner, { ...exportReq(), headers: { 'user-agent': 'vitest' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    const doc = res.json();
    expect(doc.archive.format).toBe('shipyard-workspace-archive');
    expect(
      doc.tables.find((t: { table: string }) => t.table === 'users').rows.map((u: { id: string }) => u.id),
    ).toContain(owner.user.id);
    const { rows } = await ctx.pool.query(
      `SELECT actor_label, target_type, target_id, user_agent FROM audit_log WHERE action = 'export' AND actor_id = $1`,
      [owner.user.id],
    );
    expect(rows).toEqual([
      {
        actor_label: owner.user.email,
        target_type: 'workspace',
        target_id: 'workspace',
        user_agent: 'vitest',
      },
    ]);
  });

  it('goes out compressed to a client that accepts it', async () => {
    const owner = await signedIn('super admin');
    const res = await as(owner, { ...exportReq(), headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    const doc = JSON.parse(gunzipSync(res.rawPayload).toString('utf8'));
    expect(doc.end.rows.users).toBeGreaterThan(0);
  });

  it('streams as it reads: the first bytes arrive before the end, one export at a time, and a client that hangs up frees the connection', async () => {
    const owner = await signedIn('super admin');
    // Enough rows (that do not compress away) that the archive cannot sit whole in the buffers.
    await ctx.pool.query(
      `INSERT INTO audit_log (action, actor_label, details)
       SELECT 'export', md5(random()::text) || md5(random()::text) || md5(random()::text), jsonb_build_object('n', n)
         FROM generate_series(1, 20000) AS n`,
    );
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const res = await fetch(`${address}/api/admin/workspace-archive`, {
      method: 'POST',
      headers: { ...owner.headers, 'content-type': 'application/json', 'accept-encoding': 'identity' },
      body: JSON.stringify({ password: DEFAULT_PASSWORD }),
    });
    expect(res.status).toBe(200);
    const reader = res.body?.getReader();
    const first = await reader?.read();
    expect(new TextDecoder().decode(first?.value)).toMatch(/^\{"archive":/);
    const openTransactions = async () =>
      (
        await ctx.pool.query(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND state LIKE 'idle in transaction%'`,
        )
      ).rows[0].n;
    // The export waits on the slow reader with its snapshot open…
    await expect.poll(openTransactions, { timeout: 5000 }).toBe(1);
    // Meanwhile a second export waits its turn.
    const second = await as(await signedIn('super admin'), exportReq());
    expect(second.statusCode).toBe(429);
    expect(second.json().message).toBe(archiveMessages.busy);
    await reader?.cancel();
    // …and rolls it back once the reader is gone.
    await expect.poll(openTransactions, { timeout: 5000 }).toBe(0);
    ctx.app.server.closeAllConnections();
  });

  it(`allows ${ARCHIVE_EXPORTS_PER_HOUR} attempts an hour per account, then 429`, async () => {
    const owner = await signedIn('super admin');
    for (let i = 0; i < ARCHIVE_EXPORTS_PER_HOUR; i++) {
      expect((await as(owner, exportReq('wrong-password'))).statusCode).toBe(400);
    }
    const limited = await as(owner, exportReq());
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(archiveMessages.tooMany);
  });
});
