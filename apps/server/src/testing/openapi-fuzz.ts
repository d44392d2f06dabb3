import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';

// The pieces of the OpenAPI fuzz test (src/app.fuzz.test.ts): the operations of the document,
// hostile inputs for their bodies, path parameters and query strings, and what an answer must
// never show. See docs/security.md.

export type Role = 'anonymous' | 'guest' | 'member';
type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  format?: string;
  pattern?: string;
  maxLength?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
};
type Parameter = { in: 'path' | 'query' | 'header' | 'cookie'; name: string; schema?: JsonSchema };
export type Operation = {
  method: string;
  path: string;
  params: Parameter[];
  body?: JsonSchema;
  /** No JSON body in the document: a multipart upload or no body at all. */
  noJsonBody: boolean;
};

// ---------------------------------------------------------------------------------------------
// Hostile inputs

const NUL = '\u0000';
const HIGH_SURROGATE = '\uD800';
const LOW_SURROGATE = '\uDC00';

const hostileStrings = [
  '',
  ' ',
  NUL,
  `a${NUL}b`,
  HIGH_SURROGATE,
  `x${LOW_SURROGATE}y`,
  '\uFFFF',
  '\u202Eevil',
  '\r\nSet-Cookie: x=1',
  'a\tb\nc\u0007',
  '😀'.repeat(60),
  '../../../../etc/passwd',
  '..%2F..%2F..%2Fetc%2Fpasswd',
  '..\\..\\windows\\win.ini',
  '/etc/passwd',
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '1) UNION SELECT 1,2,3 --',
  '1; SELECT pg_sleep(10)',
  '%',
  '%00',
  '%zz',
  '_%_',
  '\\',
  '<script>alert(1)</script>',
  '{{7*7}}',
  '__proto__',
  'constructor',
  'null',
  'NaN',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '123e4567-e89b-12d3-a456-42661417400g',
  'not-a-uuid',
  '-1',
  '0',
  '1e309',
  '9'.repeat(400),
  '-9223372036854775809',
  '2147483648',
  '0x10',
  '1.5',
  '2026-02-30',
  '0000-00-00',
  '9999-12-31T23:59:59.999Z',
  '+275760-09-13T00:00:00.001Z',
  'a'.repeat(10_000),
  'a'.repeat(300_000),
];

/** Characters that break a layer below validation: the database, LIKE patterns, headers, text. */
const poisonChars = [NUL, HIGH_SURROGATE, LOW_SURROGATE, '%', '_', "'", '\\', '\u202E', '\r\n'];

const hostileString = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...hostileStrings) },
  // An ordinary-looking text with one poisonous character inside.
  {
    weight: 3,
    arbitrary: fc
      .tuple(fc.string({ maxLength: 8 }), fc.constantFrom(...poisonChars), fc.string({ maxLength: 8 }))
      .map((parts) => parts.join('')),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 30, unit: 'binary' }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 30 }) },
);

const hostileNumber = fc.oneof(
  fc.constantFrom(-1, 0, -0, 0.5, 2 ** 31, 2 ** 53 + 2, -(2 ** 63), 1e308, -1e308, Number.MAX_VALUE),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

const nested = (depth: number, kind: 'object' | 'array'): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = kind === 'object' ? { a: value } : [value];
  return value;
};

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 2, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.array(fc.oneof(hostileString, hostileNumber), { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), hostileString, { maxKeys: 3 }) },
  { weight: 1, arbitrary: fc.constantFrom(nested(2_000, 'object'), nested(2_000, 'array')) },
  { weight: 1, arbitrary: fc.constant(Array.from({ length: 20_000 }, (_, i) => i)) },
);

/** Raw bodies that are not what their content type says, or too big, or too deep. */
const rawBodies = [
  '{',
  '{"a":',
  '[',
  'null',
  '""',
  '0',
  '{"name":"\\u0000"}',
  '{"name":"\\ud800","description":"\\udc00"}',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"admin":true}}}',
  `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
  `${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}`,
  `{"name":"${'x'.repeat(1_100_000)}"}`,
  '\u0000\u0001\u0002',
];

const contentTypes = [
  'application/json',
  'application/json; charset=utf-16',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=fuzz',
  'multipart/form-data',
  'application/octet-stream',
];

/** Broken multipart bodies for the upload routes. */
const multipartBodies = [
  '--fuzz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nnot a png\r\n--fuzz--\r\n',
  '--fuzz\r\nContent-Disposition: form-data; name="file"; filename="../../etc/passwd"\r\n\r\nx\r\n--fuzz--\r\n',
  `--fuzz\r\nContent-Disposition: form-data; name="file"; filename="${'a'.repeat(5_000)}.txt"\r\n\r\nx\r\n--fuzz--\r\n`,
  `--fuzz\r\nContent-Disposition: form-data; name="file"; filename="a${NUL}.txt"\r\n\r\nx\r\n--fuzz--\r\n`,
  '--fuzz\r\nContent-Disposition: form-data; name="file"\r\n\r\nno filename\r\n--fuzz--\r\n',
  '--fuzz\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nunterminated',
  '--fuzz--\r\n',
  '--wrong\r\n\r\n',
  '',
];

// ---------------------------------------------------------------------------------------------
// The operations, from the OpenAPI document

export function operationsOf(doc: { paths: Record<string, Record<string, unknown>> }): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, raw] of Object.entries(methods)) {
      const op = raw as {
        parameters?: Parameter[];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
      };
      const body = op.requestBody?.content?.['application/json']?.schema;
      ops.push({ method: method.toUpperCase(), path, params: op.parameters ?? [], body, noJsonBody: !body });
    }
  }
  return ops;
}

/** Ids that exist (so that a request can get past the 404), one per kind of path parameter. */
export type Fixtures = {
  ids: string[];
  /** Existing rows by kind, for the systematic sweep's valid requests. */
  named: { product: string; team: string; task: string; user: string };
};

/** A plausible value for a schema, so that some requests get past validation to the service. */
function plausible(schema: JsonSchema | undefined, fixtures: Fixtures): fc.Arbitrary<unknown> {
  if (!schema) return fc.constant('x');
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) return fc.oneof(...variants.map((s) => plausible(s, fixtures)));
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      if (schema.format === 'uuid') return fc.constantFrom(...fixtures.ids);
      if (schema.pattern?.includes('\\d{4}-\\d{2}-\\d{2}'))
        return fc.constantFrom('2026-05-01', '2026-12-31');
      if (schema.format === 'date-time') return fc.constant('2026-05-01T10:00:00.000Z');
      if (schema.format === 'email') return fc.constant('fuzz@example.com');
      if (schema.format === 'uri') return fc.constant('https://hooks.example.com/x');
      return fc.string({ minLength: 1, maxLength: Math.min(schema.maxLength ?? 20, 20) });
    case 'number':
    case 'integer':
      return fc.integer({ min: 0, max: 50 });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(plausible(schema.items, fixtures), { maxLength: 2 });
    case 'object':
      return objectOf(schema, fixtures);
    default:
      return fc.constant(null);
  }
}

/** An object of the schema's properties, each left out, plausible or hostile. */
function objectOf(schema: JsonSchema, fixtures: Fixtures): fc.Arbitrary<Record<string, unknown>> {
  const entries = Object.entries(schema.properties ?? {}).map(
    ([name, property]) =>
      [
        name,
        fc.oneof(
          { weight: 1, arbitrary: fc.constant(undefined) },
          { weight: 2, arbitrary: plausible(property, fixtures) },
          { weight: 2, arbitrary: hostileValue },
        ),
      ] as const,
  );
  return fc
    .record(Object.fromEntries(entries))
    .map((record) => Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)));
}

/**
 * A valid-looking object with exactly one property hostile: the one that gets past validation of
 * the others to the service and the database.
 */
function oneHostileField(schema: JsonSchema, fixtures: Fixtures): fc.Arbitrary<Record<string, unknown>> {
  const names = Object.keys(schema.properties ?? {});
  const valid = fc.record(
    Object.fromEntries(names.map((name) => [name, plausible(schema.properties?.[name], fixtures)])),
  );
  if (names.length === 0) return valid;
  return fc
    .tuple(valid, fc.constantFrom(...names), hostileValue)
    .map(([record, name, value]) => ({ ...record, [name]: value }));
}

/** Percent-encodes anything, lone surrogates too (as the invalid UTF-8 bytes ED A0 80). */
function encode(value: string): string {
  let out = '';
  for (const ch of value) {
    try {
      out += encodeURIComponent(ch);
    } catch {
      out += '%ED%A0%80';
    }
  }
  return out;
}

export type FuzzRequest = {
  role: Role;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
};

/** How a failing request is printed: huge strings cut, invisible characters escaped. */
function describeRequest(req: FuzzRequest): string {
  const cut = (s: string) => {
    const shown = JSON.stringify(s.length > 160 ? `${s.slice(0, 160)}…` : s);
    return s.length > 160 ? `${shown} (${s.length} chars)` : shown;
  };
  const body = req.payload === undefined ? '' : ` body ${cut(req.payload)}`;
  return `${req.role}: ${req.method} ${cut(req.url)} [content-type ${req.headers['content-type'] ?? 'none'}]${body}`;
}

export function requestsFor(op: Operation, fixtures: Fixtures): fc.Arbitrary<FuzzRequest> {
  const pathParams = op.params.filter((p) => p.in === 'path');
  const queryParams = op.params.filter((p) => p.in === 'query');

  const paramValue = fc.oneof(
    { weight: 2, arbitrary: fc.constantFrom(...fixtures.ids) },
    { weight: 3, arbitrary: hostileString },
  );
  const path = fc
    .tuple(...pathParams.map(() => paramValue))
    .map((values) =>
      pathParams.reduce(
        (url, param, i) => url.replace(`{${param.name}}`, encode(String(values[i]))),
        op.path,
      ),
    );

  const queryValue = (param: Parameter) =>
    fc.oneof(
      { weight: 1, arbitrary: fc.constant(undefined) },
      { weight: 2, arbitrary: plausible(param.schema, fixtures).map(String) },
      { weight: 3, arbitrary: hostileString },
      { weight: 1, arbitrary: fc.tuple(hostileString, hostileString) },
    );
  const plausibleQuery = fc.tuple(
    ...queryParams.map((param) =>
      fc.option(plausible(param.schema, fixtures).map(String), { nil: undefined }),
    ),
  );
  // Valid-looking parameters but one, so that the hostile one reaches the query it feeds.
  const oneHostileQuery =
    queryParams.length === 0
      ? plausibleQuery
      : fc
          .tuple(plausibleQuery, fc.nat({ max: queryParams.length - 1 }), hostileString)
          .map(([values, i, value]) => values.map((v, j) => (j === i ? value : v)));
  const query = fc
    .tuple(
      fc.oneof(fc.tuple(...queryParams.map(queryValue)), oneHostileQuery),
      fc.option(fc.tuple(hostileString, hostileString)),
      fc.constantFrom('', '', '', '&%', '&a=%E0%A4%A', `&${'q'.repeat(20_000)}=1`),
    )
    .map(([values, extra, raw]) => {
      const pairs: string[] = [];
      queryParams.forEach((param, i) => {
        const value = values[i];
        for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) {
          pairs.push(`${encode(param.name)}=${encode(String(v))}`);
        }
      });
      if (extra) pairs.push(`${encode(extra[0])}=${encode(extra[1])}`);
      const text = pairs.join('&') + raw;
      return text ? `?${text}` : '';
    });

  const jsonBody = (value: fc.Arbitrary<unknown>) =>
    fc
      .tuple(
        value,
        fc.oneof({ weight: 4, arbitrary: fc.constant('application/json') }, fc.constantFrom(...contentTypes)),
      )
      .map(
        ([v, type]) =>
          ({ payload: JSON.stringify(v) ?? 'null', type }) as { payload?: string; type?: string },
      );
  const bodies: fc.Arbitrary<{ payload?: string; type?: string }>[] = [
    jsonBody(hostileValue),
    fc
      .tuple(fc.constantFrom(...rawBodies), fc.constantFrom(...contentTypes))
      .map(([payload, type]) => ({ payload, type })),
    fc.constant({}),
  ];
  if (op.body) {
    bodies.push(
      jsonBody(objectOf(op.body, fixtures)),
      jsonBody(oneHostileField(op.body, fixtures)),
      jsonBody(oneHostileField(op.body, fixtures)),
    );
  }
  if (op.noJsonBody && op.method === 'POST') {
    bodies.push(
      fc
        .tuple(fc.constantFrom(...multipartBodies), fc.constantFrom(...contentTypes.slice(4, 6)))
        .map(([payload, type]) => ({ payload, type })),
    );
  }

  return fc
    .record({
      role: fc.constantFrom<Role>('anonymous', 'guest', 'member'),
      path,
      query,
      body: fc.oneof(...bodies),
    })
    .map(({ role, path, query, body }) => {
      const req: FuzzRequest = {
        role,
        method: op.method,
        url: `${path}${query}`,
        headers: body.type ? { 'content-type': body.type } : {},
        payload: body.payload,
      };
      return Object.assign(req, { [fc.toStringMethod]: () => describeRequest(req) });
    });
}

// ---------------------------------------------------------------------------------------------
// What an answer must never show

const leaks: [string, RegExp][] = [
  ['a stack frame', /\bat (?:async )?[\w$.<>[\] ]+ \(?(?:file:|node:|\/)[^)\s]*:\d+:\d+\)?/],
  ['a stack frame', /\n\s+at /],
  ['an SQL error', /syntax error/i],
  ['an SQL error', /relation "/i],
  ['an SQL error', /violates (?:foreign key|unique|not-null|check) constraint/i],
  ['an SQL error', /duplicate key value/i],
  ['the database', /postgres/i],
  ['the ORM', /drizzle/i],
  ['a source path', /node_modules|\/src\/[\w/-]+\.ts/],
];

/** A 5xx that is an answer, not a failure: Google sign-in asked for on a server without it. */
const deliberate = (res: LightMyRequestResponse) =>
  res.statusCode === 503 &&
  (res.body.includes('"code":"GOOGLE_NOT_CONFIGURED"') || res.body.includes('"code":"OIDC_NOT_CONFIGURED"'));

export function problemsOf(res: LightMyRequestResponse): string[] {
  const problems: string[] = [];
  if (res.statusCode >= 500 && !deliberate(res)) {
    problems.push(`answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
  }
  for (const [what, pattern] of leaks) {
    const match = res.body.match(pattern);
    if (match)
      problems.push(
        `shows ${what} (${JSON.stringify(match[0])}) in ${res.statusCode}: ${res.body.slice(0, 300)}`,
      );
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------

// ---------------------------------------------------------------------------------------------
// The systematic sweep: every string parameter and field, poisoned one at a time

/** What every string input gets, everything else in the request being valid. */
export const poisons = [
  `a${NUL}b`,
  `a${HIGH_SURROGATE}b`,
  `${LOW_SURROGATE}`,
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
