import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../testing/http.ts';
import { multipartFile, tinyPng } from '../../testing/multipart.ts';
import { useLocalS3 } from '../../testing/s3.ts';

// Issue 27 #8: uploads of one account's avatar at once each replaced the avatar the session had
// read, so every file but one was left behind, referred to, removed and counted by nothing.
// The avatar it replaces is read under a lock on the account's row: exactly one file remains.

const UPLOADS = 8;

// The same races on the disk and on S3: where the files are kept, and how to list one account's.
describe.each(['disk', 's3'])('avatar uploads at once (%s)', (kind) => {
  const s3 = kind === 's3' ? useLocalS3() : undefined;
  const { ctx, signedIn } = useTestApp(() => ({ env: s3?.env ?? {} }));
  const files = async (userId: string) =>
    s3
      ? (await s3.keys())
          .filter((k) => k.startsWith(`avatars/${userId}-`))
          .map((k) => k.slice('avatars/'.length))
      : (await fs.readdir(path.join(ctx.dataDir, 'uploads', 'avatars')).catch(() => [] as string[])).filter(
          (n) => n.startsWith(`${userId}-`),
        );

  it(`leave exactly one file of the account after ${UPLOADS} uploads at once: the avatar it shows`, async () => {
    const ann = await signedIn('member', 'Ann Avatar');
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
    expect(await files(ann.user.id)).toEqual([shown.split('/').pop()]);
    expect((await ctx.app.inject(shown)).statusCode).toBe(200);
  });

  it('leave at most the shown file when the avatar is removed while uploads run', async () => {
    const bo = await signedIn('member', 'Bo Both');
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
    expect(await files(bo.user.id)).toEqual(shown ? [shown.split('/').pop()] : []);
  });
});
