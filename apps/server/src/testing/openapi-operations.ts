import type { LightMyRequestResponse } from 'fastify';

// What the OpenAPI fuzz test (src/app.fuzz.test.ts) reads from the document and checks in every
// answer; the inputs it sends are in openapi-fuzz.ts (random) and openapi-sweep.ts (systematic).
// See docs/security.md.

export type Role = 'anonymous' | 'guest' | 'member';
export type JsonSchema = {
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
export type Parameter = { in: 'path' | 'query' | 'header' | 'cookie'; name: string; schema?: JsonSchema };
export type Operation = {
  method: string;
  path: string;
  params: Parameter[];
  body?: JsonSchema;
  /** No JSON body in the document: a multipart upload or no body at all. */
  noJsonBody: boolean;
};

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

/** Percent-encodes anything, lone surrogates too (as the invalid UTF-8 bytes ED A0 80). */
export function encode(value: string): string {
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
