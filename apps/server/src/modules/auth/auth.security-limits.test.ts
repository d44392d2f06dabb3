import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../testing/http.ts';

// @fastify/rate-limit adds its hook to a route's onRequest array in place: routes that shared one
// array picked up the limits of every rate-limited route declared before them, so reading your
// sessions or tokens was refused after the account-security writes' 30 a minute (and, with the
// re-authentication route's per-address login limit, after 10 a minute for a whole office).

// The production limits: login's is 10 a minute per address.
const { as, member } = useTestApp({
  rateLimits: { login: 10, register: 5, reset: 5, verify: 20, resend: 5 },
});

describe('limits of account-security reads', () => {
  it('reads your two-factor status, tokens and sessions without counting against the writes’ limits', async () => {
    const who = await member();
    for (const url of [
      '/api/auth/two-factor',
      '/api/auth/tokens',
      '/api/auth/sessions',
      '/api/user/calendar-feed',
    ]) {
      const codes = new Set<number>();
      for (let i = 0; i < 35; i++) codes.add((await as(who, { url })).statusCode);
      expect([...codes], url).toEqual([200]);
    }
  });
});
