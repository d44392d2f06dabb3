import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createProduct, createSignedInUser } from '../../testing/factories.ts';
import { useTestApp } from '../../testing/http.ts';
import { postFile, tinyPng } from '../../testing/multipart.ts';
import type { TestContext } from '../../testing/test-app.ts';

// Issue 27 #7: the quota was read once per upload, so six 600 KB uploads at once stored 1.8 MB
// against 1 MB. Each upload now reserves its room in PostgreSQL before its bytes are stored
// (holding across processes), gives it back when it ends, and a reservation left by a crash expires.

type Signed = Awaited<ReturnType<typeof createSignedInUser>>;
const KB = 1024;
const MB = 1024 * KB;

const upload = (ctx: TestContext, who: Signed, url: string, name: string, data: Buffer) =>
  postFile(ctx.app, who, url, data, name);
const document = (ctx: TestContext, who: Signed, productId: string, data: Buffer) =>
  upload(ctx, who, `/api/projects/${productId}/documents`, 'notes.bin', data);
const pngOf = (size: number) => Buffer.concat([tinyPng, Buffer.alloc(size - tinyPng.length, 7)]);

async function storedBytes(ctx: TestContext, area: string) {
  const dir = path.join(ctx.dataDir, 'uploads', area);
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  let total = 0;
  for (const name of names) total += (await fs.stat(path.join(dir, name))).size;
  return total;
}
async function reservations(ctx: TestContext) {
  const { rows } = await ctx.db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM upload_reservations`,
  );
  return rows[0]?.n;
}

describe('the per-account quota under uploads at once (UPLOAD_QUOTA_USER_MB=1)', () => {
  const { ctx } = useTestApp({ env: { UPLOAD_QUOTA_USER_MB: '1' } });

  it('stores one of six 600 KB documents sent at once, refuses the others with 413, and keeps no reservation', async () => {
    const alice = await createSignedInUser(ctx);
    const product = await createProduct(ctx, alice.user.id);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => document(ctx, alice, product.id, Buffer.alloc(600 * KB, i))),
    );
    const outcomes = answers.map((r) =>
      r.statusCode === 201 ? 'stored' : `${r.statusCode} ${r.json().code}`,
    );
    expect(outcomes.sort()).toEqual([...Array(5).fill('413 UPLOAD_QUOTA_EXCEEDED'), 'stored']);
    expect(await storedBytes(ctx, 'documents')).toBe(600 * KB);
    expect(await reservations(ctx)).toBe(0);
  });

  it('keeps documents and avatars sent at once within the quota together', async () => {
    const bob = await createSignedInUser(ctx);
    const product = await createProduct(ctx, bob.user.id);
    const answers = await Promise.all([
      ...Array.from({ length: 3 }, (_, i) => document(ctx, bob, product.id, Buffer.alloc(400 * KB, i))),
      ...Array.from({ length: 3 }, (_, i) =>
        upload(ctx, bob, '/api/auth/avatar', 'me.png', pngOf(400 * KB + i)),
      ),
    ]);
    // Two 400 KB files fit in 1 MB, a third never (avatars replace each other, so one is kept).
    expect(answers.filter((r) => r.statusCode < 300).length).toBeGreaterThan(0);
    for (const r of answers) expect([200, 201, 413]).toContain(r.statusCode);
    const { rows } = await ctx.db.execute<{ n: number }>(
      sql`SELECT coalesce(sum(size), 0)::int AS n FROM documents WHERE uploaded_by = ${bob.user.id}`,
    );
    const avatars = path.join(ctx.dataDir, 'uploads', 'avatars');
    let avatarBytes = 0;
    for (const name of await fs.readdir(avatars).catch(() => [] as string[]))
      if (name.startsWith(`${bob.user.id}-`)) avatarBytes += (await fs.stat(path.join(avatars, name))).size;
    expect((rows[0]?.n ?? 0) + avatarBytes).toBeLessThanOrEqual(1 * MB);
    expect(await reservations(ctx)).toBe(0);
  });

  it('counts a reservation another process holds, and not one whose time ran out (a crashed upload)', async () => {
    const carl = await createSignedInUser(ctx);
    const product = await createProduct(ctx, carl.user.id);
    await ctx.db.execute(
      sql`INSERT INTO upload_reservations (user_id, bytes, expires_at) VALUES (${carl.user.id}, ${700 * KB}, now() + interval '5 minutes')`,
    );
    const held = await document(ctx, carl, product.id, Buffer.alloc(400 * KB, 1));
    expect(held.statusCode).toBe(413);
    expect(held.json().code).toBe('UPLOAD_QUOTA_EXCEEDED');

    await ctx.db.execute(
      sql`UPDATE upload_reservations SET expires_at = now() - interval '1 second' WHERE user_id = ${carl.user.id}`,
    );
    expect((await document(ctx, carl, product.id, Buffer.alloc(400 * KB, 1))).statusCode).toBe(201);
    // The expired one is gone, and the upload's own was given back.
    expect(await reservations(ctx)).toBe(0);
  });
});

describe('a reservation of an upload that fails', () => {
  const { ctx } = useTestApp();

  it('is given back when the file turns out too large mid-stream', async () => {
    const dora = await createSignedInUser(ctx);
    const tooLarge = await upload(ctx, dora, '/api/auth/avatar', 'me.png', pngOf(2 * MB + 100 * KB));
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().code).toBe('AVATAR_TOO_LARGE');
    expect(await reservations(ctx)).toBe(0);
    expect(await storedBytes(ctx, 'avatars')).toBe(0);
  });
});

describe('the instance quota under uploads at once (UPLOAD_QUOTA_TOTAL_MB=1)', () => {
  const { ctx } = useTestApp({ env: { UPLOAD_QUOTA_TOTAL_MB: '1' } });

  it('stores at most 1 MB in all when six people upload 300 KB each at once', async () => {
    const people = await Promise.all(Array.from({ length: 6 }, () => createSignedInUser(ctx)));
    const products = await Promise.all(people.map((p) => createProduct(ctx, p.user.id)));
    const answers = await Promise.all(
      people.map((p, i) => document(ctx, p, products[i]?.id ?? '', Buffer.alloc(300 * KB, i))),
    );
    const outcomes = answers.map((r) =>
      r.statusCode === 201 ? 'stored' : `${r.statusCode} ${r.json().code}`,
    );
    expect(outcomes.sort()).toEqual([...Array(3).fill('413 STORAGE_FULL'), ...Array(3).fill('stored')]);
    expect(await storedBytes(ctx, 'documents')).toBe(900 * KB);
    expect(await reservations(ctx)).toBe(0);
  });
});
