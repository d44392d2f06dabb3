import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createProduct, createSignedInUser } from '../../testing/factories.ts';
import { useTestApp } from '../../testing/http.ts';
import { multipartFile, postFile, tinyPng } from '../../testing/multipart.ts';
import type { TestContext } from '../../testing/test-app.ts';

// Issue 13 #11: uploads have per-account and per-instance quotas, counted from what is stored,
// and a per-account rate per hour (UPLOAD_QUOTA_USER_MB, UPLOAD_QUOTA_TOTAL_MB, UPLOAD_RATE_PER_HOUR).

type Signed = Awaited<ReturnType<typeof createSignedInUser>>;
const KB = 1024;

const uploadDocument = (ctx: TestContext, who: Signed, productId: string, data: Buffer) =>
  postFile(ctx.app, who, `/api/projects/${productId}/documents`, data);

function uploadAvatar(ctx: TestContext, who: Signed, data: Buffer) {
  const body = multipartFile('file', 'me.png', 'image/png', data);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/avatar',
    payload: body.payload,
    headers: { ...who.headers, ...body.headers },
  });
}

/** A PNG (by its bytes) of about `size` bytes. */
const pngOf = (size: number) => Buffer.concat([tinyPng, Buffer.alloc(size - tinyPng.length, 7)]);
const filesIn = async (ctx: TestContext, area: string) =>
  (await fs.readdir(path.join(ctx.dataDir, 'uploads', area)).catch(() => [])).length;

describe('the per-account upload quota (UPLOAD_QUOTA_USER_MB=1)', () => {
  const { ctx } = useTestApp({ env: { UPLOAD_QUOTA_USER_MB: '1' } });

  it('refuses with 413 a document that would take the account over 1 MB, says so, and keeps nothing', async () => {
    const alice = await createSignedInUser(ctx);
    const product = await createProduct(ctx, alice.user.id);
    const first = await uploadDocument(ctx, alice, product.id, Buffer.alloc(600 * KB, 1));
    expect(first.statusCode).toBe(201);
    const before = await filesIn(ctx, 'documents');

    const second = await uploadDocument(ctx, alice, product.id, Buffer.alloc(600 * KB, 2));
    expect(second.statusCode).toBe(413);
    expect(second.json()).toMatchObject({
      code: 'UPLOAD_QUOTA_EXCEEDED',
      message:
        'This file would take your uploads over your quota of 1 MB (0.6 MB used). Delete some documents and try again.',
    });
    expect(await filesIn(ctx, 'documents')).toBe(before);

    // Deleting a document frees its room; someone else's quota is their own.
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/projects/${product.id}/documents/${first.json().id}`,
      headers: alice.headers,
    });
    expect(removed.statusCode).toBe(204);
    expect((await uploadDocument(ctx, alice, product.id, Buffer.alloc(600 * KB, 2))).statusCode).toBe(201);
  });

  it("counts the account's avatar, and its documents against a new avatar", async () => {
    const bob = await createSignedInUser(ctx);
    const product = await createProduct(ctx, bob.user.id);
    expect((await uploadAvatar(ctx, bob, pngOf(600 * KB))).statusCode).toBe(200);
    const refused = await uploadDocument(ctx, bob, product.id, Buffer.alloc(600 * KB, 1));
    expect(refused.statusCode).toBe(413);
    expect(refused.json().code).toBe('UPLOAD_QUOTA_EXCEEDED');

    // The avatar being replaced does not count against its replacement.
    expect((await uploadAvatar(ctx, bob, pngOf(700 * KB))).statusCode).toBe(200);
    expect((await uploadDocument(ctx, bob, product.id, Buffer.alloc(200 * KB, 1))).statusCode).toBe(201);
    const avatar = await uploadAvatar(ctx, bob, pngOf(900 * KB));
    expect(avatar.statusCode).toBe(413);
    expect(avatar.json().code).toBe('UPLOAD_QUOTA_EXCEEDED');
  });
});

describe('the instance upload quota (UPLOAD_QUOTA_TOTAL_MB=1)', () => {
  const { ctx } = useTestApp({ env: { UPLOAD_QUOTA_TOTAL_MB: '1' } });

  it('refuses with 413 a file that would take everything stored over 1 MB, whoever uploads it', async () => {
    const alice = await createSignedInUser(ctx);
    const bob = await createSignedInUser(ctx);
    const product = await createProduct(ctx, alice.user.id);
    expect((await uploadDocument(ctx, alice, product.id, Buffer.alloc(700 * KB, 1))).statusCode).toBe(201);

    const other = await createProduct(ctx, bob.user.id);
    const refused = await uploadDocument(ctx, bob, other.id, Buffer.alloc(400 * KB, 1));
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toMatchObject({
      code: 'STORAGE_FULL',
      message:
        'This file would take the uploads stored on this instance over their quota of 1 MB. Ask an administrator to free some space.',
    });
    expect((await uploadDocument(ctx, bob, other.id, Buffer.alloc(200 * KB, 1))).statusCode).toBe(201);
  });
});

describe('uploads per hour (UPLOAD_RATE_PER_HOUR=3)', () => {
  const { ctx } = useTestApp({ env: { UPLOAD_RATE_PER_HOUR: '3' } });

  it('refuses a 4th document and a 4th avatar of an account in an hour with 429, saying the limit', async () => {
    const alice = await createSignedInUser(ctx);
    const bob = await createSignedInUser(ctx);
    const product = await createProduct(ctx, alice.user.id);
    for (let i = 0; i < 3; i++) {
      expect((await uploadDocument(ctx, alice, product.id, Buffer.from(`note ${i}`))).statusCode).toBe(201);
      expect((await uploadAvatar(ctx, alice, tinyPng)).statusCode).toBe(200);
    }
    const message = 'You can upload at most 3 files per hour. Please try again later.';
    const document = await uploadDocument(ctx, alice, product.id, Buffer.from('note 4'));
    expect(document.statusCode).toBe(429);
    expect(document.json()).toMatchObject({ code: 'UPLOAD_RATE_LIMITED', message });
    const avatar = await uploadAvatar(ctx, alice, tinyPng);
    expect(avatar.statusCode).toBe(429);
    expect(avatar.json()).toMatchObject({ code: 'UPLOAD_RATE_LIMITED', message });

    // Counted per account.
    expect((await uploadAvatar(ctx, bob, tinyPng)).statusCode).toBe(200);
  });
});
