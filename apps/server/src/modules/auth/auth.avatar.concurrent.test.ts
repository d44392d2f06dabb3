import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser } from '../../testing/factories.ts';
import { multipartFile, tinyPng } from '../../testing/multipart.ts';
import { type LocalS3, startLocalS3 } from '../../testing/s3.ts';
import { buildTestApp, type TestContext } from '../../testing/test-app.ts';

// Issue 27 #8: uploads of one account's avatar at once each replaced the avatar the session had
// read, so every file but one was left behind, referred to, removed and counted by nothing.
// The avatar it replaces is read under a lock on the account's row: exactly one file remains.

const UPLOADS = 8;

type Store = { ctx: TestContext; files: (userId: string) => Promise<string[]>; stop: () => Promise<void> };

const stores: Record<string, () => Promise<Store>> = {
  disk: async () => {
    const ctx = await buildTestApp();
    const dir = path.join(ctx.dataDir, 'uploads', 'avatars');
    const files = async (userId: string) =>
      (await fs.readdir(dir).catch(() => [] as string[])).filter((n) => n.startsWith(`${userId}-`));
    return { ctx, files, stop: () => ctx.close() };
  },
  s3: async () => {
    const s3: LocalS3 = await startLocalS3();
    const ctx = await buildTestApp({ env: s3.env });
    const files = async (userId: string) =>
      (await s3.keys())
        .filter((k) => k.startsWith(`avatars/${userId}-`))
        .map((k) => k.slice('avatars/'.length));
    return {
      ctx,
      files,
      stop: async () => {
        await ctx.close();
        await s3.stop();
      },
    };
  },
};

describe.each(Object.entries(stores))('avatar uploads at once (%s)', (_kind, open) => {
  let store: Store;
  beforeAll(async () => {
    store = await open();
  });
  afterAll(() => store?.stop());

  it(`leave exactly one file of the account after ${UPLOADS} uploads at once: the avatar it shows`, async () => {
    const { ctx } = store;
    const ann = await createSignedInUser(ctx, { name: 'Ann Avatar' });
    const answers = await Promise.all(
      Array.from({ length: UPLOADS }, (_, i) => {
        const body = multipartFile('file', 'me.png', 'image/png', Buffer.concat([tinyPng, Buffer.from([i])]));
        return ctx.app.inject({
          method: 'POST',
          url: '/api/auth/avatar',
          payload: body.payload,
          headers: { ...ann.headers, ...body.headers },
        });
      }),
    );
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);

    const me = await ctx.app.inject({ url: '/api/user/me', headers: ann.headers });
    const shown: string = me.json().avatar_url;
    expect(await store.files(ann.user.id)).toEqual([shown.split('/').pop()]);
    expect((await ctx.app.inject(shown)).statusCode).toBe(200);
  });

  it('leave at most the shown file when the avatar is removed while uploads run', async () => {
    const { ctx } = store;
    const bo = await createSignedInUser(ctx, { name: 'Bo Both' });
    const upload = () => {
      const body = multipartFile('file', 'me.png', 'image/png', tinyPng);
      return ctx.app.inject({
        method: 'POST',
        url: '/api/auth/avatar',
        payload: body.payload,
        headers: { ...bo.headers, ...body.headers },
      });
    };
    const remove = (afterMs: number) =>
      new Promise((resolve) => setTimeout(resolve, afterMs)).then(() =>
        ctx.app.inject({
          method: 'PATCH',
          url: '/api/auth/profile',
          payload: { avatar_url: null },
          headers: bo.headers,
        }),
      );
    // The removal lands before, during and after the uploads' own updates.
    const answers = await Promise.all([upload(), upload(), ...[0, 2, 5, 10, 20, 40].map(remove), upload()]);
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    const shown: string | null = (await ctx.app.inject({ url: '/api/user/me', headers: bo.headers })).json()
      .avatar_url;
    expect(await store.files(bo.user.id)).toEqual(shown ? [shown.split('/').pop()] : []);
  });
});
