import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../testing/http.ts';

const { ctx } = useTestApp();

describe('GET /api/health', () => {
  it('answers ok once migrations ran', async () => {
    const res = await ctx.app.inject('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
