import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../testing/http.ts';
import { multipartFile, tinyPng } from '../../testing/multipart.ts';

// Issue 13 #7: an avatar_url points only at the account's own upload, and replacing an avatar
// removes only a file that account uploaded.

const { ctx, signedIn } = useTestApp();

type Headers = Record<string, string>;
const upload = (headers: Headers, data = tinyPng) => {
  const body = multipartFile('file', 'me.png', 'image/png', data);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/avatar',
    payload: body.payload,
    headers: { ...headers, ...body.headers },
  });
};
const setAvatarUrl = (headers: Headers, avatar_url: string | null) =>
  ctx.app.inject({ method: 'PATCH', url: '/api/auth/profile', payload: { avatar_url }, headers });

describe('avatar ownership', () => {
  it("leaves the victim's avatar downloadable when an attacker points at it and uploads a new one", async () => {
    const victim = await signedIn('member', 'Vic Victim');
    const attacker = await signedIn('member', 'Mal Attacker');
    const victimUrl: string = (await upload(victim.headers)).json().avatar_url;

    await setAvatarUrl(attacker.headers, victimUrl);
    expect((await upload(attacker.headers)).statusCode).toBe(200);

    const served = await ctx.app.inject(victimUrl);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(tinyPng)).toBe(true);
  });

  it("refuses an https URL and another user's upload as avatar_url with a 400", async () => {
    const victim = await signedIn('member');
    const attacker = await signedIn('member');
    const victimUrl: string = (await upload(victim.headers)).json().avatar_url;

    const pixel = await setAvatarUrl(attacker.headers, 'https://tracker.example.com/pixel.png');
    expect(pixel.statusCode).toBe(400);
    const stolen = await setAvatarUrl(attacker.headers, victimUrl);
    expect(stolen.statusCode).toBe(400);
    const me = await ctx.app.inject({ url: '/api/user/me', headers: attacker.headers });
    expect(me.json().avatar_url).toBeNull();
  });

  it('accepts the account its own upload, and empty to remove the avatar', async () => {
    const { headers } = await signedIn('member');
    const own: string = (await upload(headers)).json().avatar_url;

    const kept = await setAvatarUrl(headers, own);
    expect(kept.statusCode).toBe(200);
    expect(kept.json().avatar_url).toBe(own);

    const removed = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/auth/profile',
      payload: { avatar_url: '' },
      headers,
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().avatar_url).toBeNull();
  });
});
