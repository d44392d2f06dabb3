import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp, withTestApp } from './testing/http.ts';

const bigScript = `export const words = ${JSON.stringify('shipyard '.repeat(4000))};`;
const { ctx } = useTestApp();
// A built web app in this app's data folder, served by a second app.
const dist = () => path.join(ctx.dataDir, 'web-dist');
beforeAll(async () => {
  await fs.mkdir(path.join(dist(), 'assets'), { recursive: true });
  await fs.writeFile(
    path.join(dist(), 'index.html'),
    '<!doctype html><title>Shipyard</title><div id="root"></div>',
  );
  await fs.writeFile(path.join(dist(), 'assets', 'app-123.js'), 'console.log(1)');
  // What the build writes next to a large asset (apps/web/vite.config.ts).
  await fs.writeFile(path.join(dist(), 'assets', 'big-456.js'), bigScript);
  await fs.writeFile(path.join(dist(), 'assets', 'big-456.js.br'), zlib.brotliCompressSync(bigScript));
  await fs.writeFile(path.join(dist(), 'assets', 'big-456.js.gz'), zlib.gzipSync(bigScript));
});
const web = useTestApp(() => ({ webDist: dist() })).ctx;

describe('errors', () => {
  it('answers an unknown API path with the error shape', async () => {
    const res = await ctx.app.inject('/api/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: 'Not Found',
      message: 'No route for GET /api/nothing-here',
      code: 'ROUTE_NOT_FOUND',
      requestId: res.headers['x-request-id'],
    });
  });

  it('answers malformed JSON with a 400 in the same shape', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: 'Bad Request',
      code: expect.any(String),
      requestId: expect.any(String),
    });
  });

  it('puts every field error in details', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'A', email: 'x' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.fields).toMatchObject({
      name: ['Name must be at least 2 characters'],
      email: ['Invalid email address'],
      password: [expect.any(String)],
    });
  });

  it('refuses a body over 1 MB', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(1024 * 1024 + 10) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(413);
  });

  it('hides what went wrong inside a 500: no stack, no SQL', async () => {
    await withTestApp({}, async (broken) => {
      // A query that fails for a reason other than the database being away (that is a 503).
      await broken.pool.query('DROP TABLE sessions CASCADE');
      const res = await broken.app.inject({ url: '/api/user/me', headers: { authorization: 'Bearer abc' } });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({
        error: 'Internal Server Error',
        message: 'An error occurred on the server.',
        code: 'INTERNAL',
        requestId: expect.any(String),
      });
      expect(res.body).not.toMatch(/sessions|relation|select/i);
    });
  });

  it('answers 503 with the error shape, not a 500, when the database cannot be reached', async () => {
    await withTestApp({}, async (broken) => {
      await broken.pool.end();
      const res = await broken.app.inject({ url: '/api/user/me', headers: { authorization: 'Bearer abc' } });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE', requestId: expect.any(String) });
      const health = await broken.app.inject('/api/health');
      expect(health.statusCode).toBe(503);
    });
  });
});

describe('security headers', () => {
  it('sends a strict CSP, nosniff and no framing on API and pages', async () => {
    for (const url of ['/api/health', '/products']) {
      const res = await web.app.inject(url);
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });
});

describe('API description', () => {
  it('serves the OpenAPI document generated from the route schemas', async () => {
    const res = await ctx.app.inject('/api/openapi.json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/user/me', '/api/health']),
    );
    const register = doc.paths['/api/auth/register'].post.requestBody.content['application/json'].schema;
    expect(register.required).toEqual(expect.arrayContaining(['name', 'email', 'password']));
  });

  it('serves the browsable docs under a CSP of their own: inline scripts by hash, nothing inline else', async () => {
    const res = await ctx.app.inject('/api/docs/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
  });
});

describe('the web app', () => {
  it('serves index.html for any page path (history fallback)', async () => {
    for (const url of ['/', '/products/42', '/auth?reset_token=x']) {
      const res = await web.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('serves fingerprinted assets with a long cache, and never falls back for /api', async () => {
    const asset = await web.app.inject('/assets/app-123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const api = await web.app.inject('/api/unknown');
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe('ROUTE_NOT_FOUND');
  });

  it('sends the build-time brotli or gzip copy of an asset the browser accepts, with Vary', async () => {
    const br = await web.app.inject({
      url: '/assets/big-456.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(bigScript);

    const gz = await web.app.inject({ url: '/assets/big-456.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(bigScript);

    const plain = await web.app.inject({
      url: '/assets/big-456.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(bigScript);
  });
});

describe('compressed API responses', () => {
  it('compresses a JSON answer over 1 kB for a client that accepts it, and leaves small ones alone', async () => {
    const big = await ctx.app.inject({
      url: '/api/openapi.json',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    const doc = JSON.parse(zlib.brotliDecompressSync(big.rawPayload).toString());
    expect(doc.openapi).toMatch(/^3\./);
    expect(big.rawPayload.length).toBeLessThan(JSON.stringify(doc).length / 4);

    const gz = await ctx.app.inject({ url: '/api/openapi.json', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');

    const none = await ctx.app.inject({ url: '/api/openapi.json' });
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.json().openapi).toMatch(/^3\./);

    const small = await ctx.app.inject({ url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ status: 'ok' });
  });

  it('never inflates a compressed request body', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: zlib.gzipSync(JSON.stringify({ email: 'a@b.co', password: 'secret12' })),
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });
});
