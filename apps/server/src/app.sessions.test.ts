import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNED_OUT_OPERATIONS } from './lib/openapi-errors.ts';
import { buildTestApp, type TestContext } from './testing/test-app.ts';

// Every API operation in the OpenAPI document answers 401 to a caller without a session, except
// the few that exist for signed-out visitors. A route added without the session hook fails here.

// The one list of signed-out operations, which the OpenAPI document's error responses follow too.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());

describe('the API without a session', () => {
  it('answers 401 on every operation that is not for signed-out visitors', async () => {
    const doc = (await ctx.app.inject('/api/openapi.json')).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const id = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
    const checked: string[] = [];
    const open: string[] = [];
    for (const [template, operations] of Object.entries(doc.paths)) {
      const url = template.replace(/\{[^}]+\}/g, id);
      for (const method of Object.keys(operations)) {
        if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
        if (SIGNED_OUT_OPERATIONS.has(`${method.toUpperCase()} ${template}`)) continue;
        const res = await ctx.app.inject({
          method: method.toUpperCase() as 'GET',
          url,
          ...(method === 'get' || method === 'delete' ? {} : { payload: {} }),
        });
        checked.push(`${method.toUpperCase()} ${template}`);
        if (res.statusCode !== 401) open.push(`${method.toUpperCase()} ${template} → ${res.statusCode}`);
      }
    }
    expect(open).toEqual([]);
    // The document lists the routes of every module (a sanity check that the loop ran).
    expect(checked.length).toBeGreaterThan(60);
  });
});
