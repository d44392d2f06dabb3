import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/http.ts';
import { redactUrl } from './log-redaction.ts';

describe('the request log', () => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  const { ctx } = useTestApp({ logger: { level: 'info', stream } });

  const logged = () => lines.map((line) => JSON.parse(line) as { req?: { url?: string }; msg?: string });

  it('keeps no verification, reset or sign-in secret from a query string', async () => {
    lines.length = 0;
    await ctx.app.inject({ url: '/verify?token=verify-secret-123' });
    await ctx.app.inject({ url: '/auth?reset_token=reset-secret-456&x=1' });
    await ctx.app.inject({ url: '/api/auth/google/callback?code=oidc-code-789&state=oidc-state-abc' });
    await ctx.app.inject({ url: '/api/projects?temp_token=temp-secret-def&page=2' });

    const text = lines.join('\n');
    for (const secret of [
      'verify-secret-123',
      'reset-secret-456',
      'oidc-code-789',
      'oidc-state-abc',
      'temp-secret-def',
    ]) {
      expect(text).not.toContain(secret);
    }
    const urls = logged().flatMap((entry) => (entry.req?.url ? [entry.req.url] : []));
    expect(urls).toEqual(
      expect.arrayContaining([
        '/verify?token=[REDACTED]',
        '/auth?reset_token=[REDACTED]&x=1',
        '/api/auth/google/callback?code=[REDACTED]&state=[REDACTED]',
        '/api/projects?temp_token=[REDACTED]&page=2',
      ]),
    );
  });

  it('keeps an ordinary query string as it is', async () => {
    lines.length = 0;
    await ctx.app.inject({ url: '/api/projects?search=apollo&page=1' });
    expect(logged().some((entry) => entry.req?.url === '/api/projects?search=apollo&page=1')).toBe(true);
  });
});

describe('redactUrl', () => {
  it('redacts token-like names in any case or escape, and leaves the rest', () => {
    expect(redactUrl('/a?TOKEN=x&Code=y')).toBe('/a?TOKEN=[REDACTED]&Code=[REDACTED]');
    expect(redactUrl('/a?%74oken=x')).toBe('/a?%74oken=[REDACTED]');
    expect(redactUrl('/a?access_token=x&id_token=y')).toBe('/a?access_token=[REDACTED]&id_token=[REDACTED]');
    expect(redactUrl('/a?%E0%A4%A=1&token=s')).toBe('/a?%E0%A4%A=1&token=[REDACTED]');
    expect(redactUrl('/a/b')).toBe('/a/b');
    expect(redactUrl('/a?q=token&flag')).toBe('/a?q=token&flag');
  });
});

describe('redactUrl on secret paths', () => {
  it('redacts the calendar feed token in the path, keeping the query rules', () => {
    expect(redactUrl('/api/calendar/feed/abcDEF_123-xyz.ics')).toBe('/api/calendar/feed/[REDACTED]');
    expect(redactUrl('/api/calendar/feed/abc.ics?token=t&x=1')).toBe(
      '/api/calendar/feed/[REDACTED]?token=[REDACTED]&x=1',
    );
    expect(redactUrl('/api/calendar/tasks?from=2026-01-01')).toBe('/api/calendar/tasks?from=2026-01-01');
  });
});
