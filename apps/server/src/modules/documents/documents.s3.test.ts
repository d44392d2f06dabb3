import { DOCUMENT_MAX_BYTES } from '@shipyard/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_BYTES } from '../../lib/receive-upload.ts';
import { createProduct, createSignedInUser } from '../../testing/factories.ts';
import { type Signed, useTestApp, withTestApp } from '../../testing/http.ts';
import { multipartFile, tinyPng } from '../../testing/multipart.ts';
import { useLocalS3 } from '../../testing/s3.ts';
import { freePort } from '../../testing/server-process.ts';

// Issue 19: with S3_BUCKET set, documents and avatars stream to the bucket (the real AWS SDK
// against a local S3 server) and back, with the same answers as on disk.

const s3 = useLocalS3();
const { ctx, signedInOnce, signedIn } = useTestApp(() => ({
  env: { ...s3.env, UPLOAD_QUOTA_USER_MB: '30' },
}));
const alice = signedInOnce('member', 'Alice');
let productId: string;
beforeAll(async () => {
  productId = (await createProduct(ctx, alice.user.id)).id;
});

function send(who: Signed, url: string, filename: string, data: Buffer) {
  const body = multipartFile('file', filename, 'application/octet-stream', data);
  return ctx.app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...who.headers, ...body.headers },
  });
}
const upload = (who: Signed, filename: string, data: Buffer) =>
  send(who, `/api/projects/${productId}/documents`, filename, data);
const documentKeys = async () => (await s3.keys()).filter((k) => k.startsWith('documents/'));

describe('documents in the bucket', () => {
  it('stores an upload as documents/<key>, downloads it with the same headers, and deletes it', async () => {
    const data = Buffer.concat([tinyPng, Buffer.alloc(7 * 1024 * 1024, 3)]); // two S3 parts
    const res = await upload(alice, 'plan.png', data);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'plan.png', contentType: 'image/png', size: data.length });
    const keys = await documentKeys();
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^documents\/[a-f0-9]{32}\.png$/);

    const url = `/api/projects/${productId}/documents/${res.json().id}`;
    const download = await ctx.app.inject({ method: 'GET', url: `${url}/download`, headers: alice.headers });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(data)).toBe(true);
    expect(download.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': String(data.length),
      'content-disposition': `attachment; filename="plan.png"; filename*=UTF-8''plan.png`,
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
    });

    const removed = await ctx.app.inject({ method: 'DELETE', url, headers: alice.headers });
    expect(removed.statusCode).toBe(204);
    expect(await documentKeys()).toEqual([]);
  });

  it('refuses one byte over 25 MB with 413 and leaves nothing in the bucket', async () => {
    const res = await upload(alice, 'big.bin', Buffer.alloc(DOCUMENT_MAX_BYTES + 1, 1));
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('FILE_TOO_LARGE');
    expect(await documentKeys()).toEqual([]);
  });

  it('stops an upload mid-stream once it passes the quota, and leaves nothing in the bucket', async () => {
    const bob = await signedIn('member', 'Bob');
    const own = (await createProduct(ctx, bob.user.id)).id;
    const url = `/api/projects/${own}/documents`;
    expect((await send(bob, url, 'a.bin', Buffer.alloc(20 * 1024 * 1024, 1))).statusCode).toBe(201);
    const before = await documentKeys();

    const over = await send(bob, url, 'b.bin', Buffer.alloc(11 * 1024 * 1024, 2));
    expect(over.statusCode).toBe(413);
    expect(over.json()).toMatchObject({ code: 'UPLOAD_QUOTA_EXCEEDED' });
    expect(await documentKeys()).toEqual(before);
  });

  it('calls a file text only if every byte is UTF-8 without NUL, past the first bytes too', async () => {
    const text = Buffer.alloc(SAMPLE_BYTES + 1000, 'a');
    const plain = await upload(alice, 'long.txt', text);
    expect(plain.json().contentType).toBe('text/plain');

    const late = Buffer.concat([text, Buffer.from([0, 1, 2])]);
    const binary = await upload(alice, 'late.dat', late);
    expect(binary.json().contentType).toBe('application/octet-stream');
  });
});

describe('avatars in the bucket', () => {
  it('stores the avatar as avatars/<user>-<random>.png, serves it, and removes the one it replaces', async () => {
    const first = await send(alice, '/api/auth/avatar', 'me.png', tinyPng);
    expect(first.statusCode).toBe(200);
    const firstUrl: string = first.json().avatar_url;
    expect(await s3.keys()).toContain(`avatars/${firstUrl.split('/').pop()}`);

    const served = await ctx.app.inject({ method: 'GET', url: firstUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(tinyPng)).toBe(true);

    const second = await send(alice, '/api/auth/avatar', 'again.png', tinyPng);
    const avatars = (await s3.keys()).filter((k) => k.startsWith('avatars/'));
    expect(avatars).toEqual([`avatars/${second.json().avatar_url.split('/').pop()}`]);
    expect((await ctx.app.inject({ method: 'GET', url: firstUrl })).statusCode).toBe(404);
  });

  it('refuses a file that is not an image with 415 before storing anything', async () => {
    const before = await s3.keys();
    const res = await send(alice, '/api/auth/avatar', 'me.png', Buffer.from('not an image'));
    expect(res.statusCode).toBe(415);
    expect(await s3.keys()).toEqual(before);
  });
});

describe('a bucket that does not answer, or is not there', () => {
  it.each([
    ['a server that does not answer', async () => ({ S3_URL: `http://127.0.0.1:${await freePort()}` })],
    ['a bucket that does not exist', async () => ({ S3_BUCKET: 'no-such-bucket' })],
  ])('answers 503 STORAGE_UNAVAILABLE to an upload to %s, and stores no row', async (_, env) => {
    await withTestApp({ env: { ...s3.env, ...(await env()) } }, async (away) => {
      const carol = await createSignedInUser(away, { name: 'Carol' });
      const product = (await createProduct(away, carol.user.id)).id;
      const body = multipartFile('file', 'a.txt', 'text/plain', Buffer.from('hello'));
      const res = await away.app.inject({
        method: 'POST',
        url: `/api/projects/${product}/documents`,
        payload: body.payload,
        headers: { ...carol.headers, ...body.headers },
      });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toMatchObject({
        code: 'STORAGE_UNAVAILABLE',
        message: 'Files cannot be reached right now. Please try again in a moment.',
      });
      const list = await away.app.inject({
        url: `/api/projects/${product}/documents`,
        headers: carol.headers,
      });
      expect(list.json().total).toBe(0);
    });
  });
});
