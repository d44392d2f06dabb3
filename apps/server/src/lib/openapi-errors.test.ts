import { describe, expect, it } from 'vitest';
import { UNKNOWN_ID, useTestApp } from '../testing/http.ts';
import { SIGNED_OUT_OPERATIONS } from './openapi-errors.ts';

const { ctx } = useTestApp();

type Operation = { responses: Record<string, { content?: Record<string, { schema: { $ref?: string } }> }> };
type Doc = {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, { required?: string[]; properties?: Record<string, unknown> }> };
};

const openapi = async () => (await ctx.app.inject('/api/openapi.json')).json<Doc>();
const operations = (doc: Doc) =>
  Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, method, path, op })),
  );
const errorRef = (op: Operation, status: string) =>
  op.responses[status]?.content?.['application/json']?.schema.$ref;

describe('error responses in /api/openapi.json', () => {
  it('declares the one error shape the server answers, as a shared schema', async () => {
    const doc = await openapi();
    expect(doc.components.schemas.Error?.required).toEqual(['error', 'message', 'code', 'requestId']);

    const res = await ctx.app.inject(`/api/projects/${UNKNOWN_ID}`);
    expect(res.statusCode).toBe(401);
    expect(Object.keys(res.json())).toEqual(
      expect.arrayContaining(['error', 'message', 'code', 'requestId']),
    );
  });

  it('declares 400, 401, 403, 404 and 409 where they apply, each with the shared error schema', async () => {
    const doc = await openapi();
    const op = (method: string, path: string) => {
      const found = doc.paths[path]?.[method];
      if (!found) throw new Error(`${method} ${path} is not in the document`);
      return found;
    };
    const declared = (method: string, path: string) =>
      ['400', '401', '403', '404', '409'].filter((status) => errorRef(op(method, path), status));

    expect(declared('get', '/api/projects/{id}')).toEqual(['400', '401', '403', '404']);
    expect(declared('patch', '/api/projects/{id}')).toEqual(['400', '401', '403', '404', '409']);
    expect(declared('post', '/api/projects')).toEqual(['400', '401', '403', '409']);
    expect(declared('get', '/api/user/me')).toEqual(['401', '403']);
    expect(declared('post', '/api/auth/login')).toEqual(['400']);
    expect(errorRef(op('get', '/api/projects/{id}'), '404')).toBe('#/components/schemas/Error');
  });

  it('keeps the success responses the routes declare', async () => {
    const doc = await openapi();
    expect(doc.paths['/api/projects/{id}']?.get?.responses['200']).toBeDefined();
  });

  it('declares 401 on exactly the operations that answer 401 without a session', async () => {
    const doc = await openapi();
    const mismatches: string[] = [];
    for (const { key, method, path, op } of operations(doc)) {
      const url = path.replace(/\{[^}]+\}/g, UNKNOWN_ID);
      const res = await ctx.app.inject({ method: method.toUpperCase() as 'GET', url });
      const answers401 = res.statusCode === 401;
      const declares401 = errorRef(op, '401') !== undefined;
      if (answers401 !== declares401)
        mismatches.push(`${key}: answers ${res.statusCode}, declares 401: ${declares401}`);
    }
    // A new public route belongs in SIGNED_OUT_OPERATIONS (lib/openapi-errors.ts).
    expect(mismatches).toEqual([]);
    expect(
      operations(doc)
        .filter((o) => !errorRef(o.op, '401'))
        .map((o) => o.key)
        .sort(),
    ).toEqual([...SIGNED_OUT_OPERATIONS].sort());
  });
});
