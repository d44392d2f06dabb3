import fc from 'fast-check';
import {
  encode,
  type Fixtures,
  type JsonSchema,
  type Operation,
  type Parameter,
  type Role,
} from './openapi-operations.ts';

// Random hostile requests for the OpenAPI fuzz test (src/app.fuzz.test.ts): malformed, oversized,
// wrong-typed and hostile bodies, path parameters and query strings. See docs/security.md.

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
