import {
  encode,
  type Fixtures,
  type JsonSchema,
  type Operation,
  type Parameter,
} from './openapi-operations.ts';

// The systematic sweep of the OpenAPI fuzz test (src/app.fuzz.test.ts): every string parameter
// and field, poisoned one at a time, everything else in the request valid.

/** What every string input gets, everything else in the request being valid. */
const poisons = [
  'a\u0000b', // NUL
  'a\uD800b', // a lone high surrogate
  '\uDC00', // a lone low surrogate
  '%_\\',
  "'; DROP TABLE users; --",
  '../../../../etc/passwd',
  'a'.repeat(100_000),
];

/** A valid value of a schema (a fixed one: the sweep changes one input at a time). */
function exampleOf(schema: JsonSchema | undefined, name: string, f: Fixtures['named']): unknown {
  if (!schema) return 'Valid text';
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.[0]) return exampleOf(variants.find((v) => v.type !== 'null') ?? variants[0], name, f);
  if (schema.enum?.length) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'string':
      if (schema.format === 'uuid') return /user|assignee|lead|member/i.test(name) ? f.user : f.product;
      if (schema.pattern?.includes('\\d{4}-\\d{2}-\\d{2}'))
        return /start|from/i.test(name) ? '2026-05-01' : '2026-06-01';
      if (schema.format === 'date-time')
        return /start|from/i.test(name) ? '2026-05-01T10:00:00.000Z' : '2026-05-01T11:00:00.000Z';
      if (schema.format === 'email') return 'fuzz@example.com';
      if (schema.format === 'uri') return 'https://hooks.example.com/x';
      return 'Valid text';
    case 'number':
    case 'integer':
      return 1;
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, value]) => [key, exampleOf(value, key, f)]),
      );
    default:
      return null;
  }
}

/** The id that makes sense for a path parameter of this path. */
function pathValue(op: Operation, param: Parameter, f: Fixtures['named']): string {
  if (param.schema?.enum?.[0] !== undefined) return String(param.schema.enum[0]);
  if (param.schema?.format !== 'uuid') return 'x.png';
  if (/team/i.test(param.name)) return f.team;
  if (/user/i.test(param.name)) return f.user;
  if (/product|project/i.test(param.name)) return f.product;
  if (op.path.startsWith('/api/tasks')) return f.task;
  if (op.path.startsWith('/api/user')) return f.user;
  if (op.path.startsWith('/api/team')) return f.team;
  return f.product;
}

export type SweepRequest = { method: string; url: string; payload?: string; poisoned: string };

/** One request per string input of the operation and poison, the rest valid. */
export function sweepRequests(op: Operation, fixtures: Fixtures): SweepRequest[] {
  const f = fixtures.named;
  const pathParams = op.params.filter((p) => p.in === 'path');
  const queryParams = op.params.filter((p) => p.in === 'query');
  const build = (path: Record<string, string>, query: Record<string, string>, body?: unknown) => {
    const url = pathParams.reduce((u, p) => u.replace(`{${p.name}}`, encode(path[p.name] ?? '')), op.path);
    const qs = Object.entries(query)
      .map(([k, v]) => `${encode(k)}=${encode(v)}`)
      .join('&');
    return { url: qs ? `${url}?${qs}` : url, payload: body === undefined ? undefined : JSON.stringify(body) };
  };
  const validPath = Object.fromEntries(pathParams.map((p) => [p.name, pathValue(op, p, f)]));
  const validBody = op.body ? exampleOf(op.body, '', f) : undefined;
  const out: SweepRequest[] = [];
  for (const poison of poisons) {
    const label = JSON.stringify(
      poison.length > 20 ? `${poison.slice(0, 8)}… (${poison.length} chars)` : poison,
    );
    for (const p of pathParams) {
      out.push({
        method: op.method,
        ...build({ ...validPath, [p.name]: poison }, {}, validBody),
        poisoned: `path ${p.name}=${label}`,
      });
    }
    for (const p of queryParams) {
      out.push({
        method: op.method,
        ...build(validPath, { [p.name]: poison }, validBody),
        poisoned: `query ${p.name}=${label}`,
      });
    }
    for (const [name, schema] of Object.entries(op.body?.properties ?? {})) {
      if (schema.type !== 'string' && !(Array.isArray(schema.type) && schema.type.includes('string')))
        continue;
      const body = { ...(validBody as object), [name]: poison };
      out.push({ method: op.method, ...build(validPath, {}, body), poisoned: `body ${name}=${label}` });
    }
  }
  if (op.method === 'PATCH' || op.method === 'PUT') {
    out.push({ method: op.method, ...build(validPath, {}, {}), poisoned: 'an empty body {}' });
  }
  return out;
}
