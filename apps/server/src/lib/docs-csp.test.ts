import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/http.ts';

const { ctx } = useTestApp();

const directives = (header: string | undefined) =>
  new Map(
    (header ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name as string, sources]),
  );

describe('the API docs page', () => {
  it('has a CSP of its own: its inline scripts by hash, no eval, this origin only, no outside fonts', async () => {
    const res = await ctx.app.inject({ url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    const csp = directives(res.headers['content-security-policy'] as string | undefined);

    const inline = [...res.body.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
      (m) =>
        `'sha256-${createHash('sha256')
          .update(m[1] ?? '')
          .digest('base64')}'`,
    );
    expect(inline.length).toBeGreaterThan(0);
    expect(csp.get('script-src')).toEqual(["'self'", ...inline]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('font-src')).toEqual(["'self'", 'data:']);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(res.headers['content-security-policy']).not.toMatch(/unsafe-eval|https:|\*/);
  });

  it('keeps the strict CSP everywhere else', async () => {
    const res = await ctx.app.inject({ url: '/api/health' });
    const csp = directives(res.headers['content-security-policy'] as string | undefined);
    expect(csp.get('script-src')).toEqual(["'self'"]);
  });
});
