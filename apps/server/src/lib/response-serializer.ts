import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { $ZodType, toJSONSchema } from 'zod/v4/core';

// Responses are serialized from their JSON schema by a compiled serializer (fast-json-stringify)
// instead of being checked by zod on every request and then JSON.stringify-ed (issue 17: that
// pass was the largest single cost of a list answer). The JSON schema is generated from the
// route's zod response schema, as the OpenAPI document is, so what is sent and what is
// documented cannot drift, and properties a schema does not name are never sent. Requests are
// still validated by zod (validatorCompiler).

/** The zod schema a route declared (a schema, or `{ properties: schema }`) as JSON schema. */
function responseJsonSchema(schema: unknown): Record<string, unknown> {
  const zodSchema =
    schema instanceof $ZodType
      ? schema
      : schema &&
          typeof schema === 'object' &&
          'properties' in schema &&
          schema.properties instanceof $ZodType
        ? schema.properties
        : undefined;
  if (!zodSchema) throw new Error('A response schema must be a zod schema');
  const { $schema: _dialect, ...json } = toJSONSchema(zodSchema, {
    target: 'draft-07',
    io: 'output',
    unrepresentable: 'any',
  }) as Record<string, unknown>;
  return withNullable(json) as Record<string, unknown>;
}

/**
 * zod writes "X or null" as `anyOf: [X, { type: 'null' }]`, which fast-json-stringify can only
 * serve by trying each branch with a validator; `{ ...X, nullable: true }` says the same and
 * compiles to a plain null check (a quarter of a task list's serializing time).
 */
function withNullable(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withNullable);
  if (!node || typeof node !== 'object') return node;
  const entries = Object.entries(node).map(([key, value]) => [key, withNullable(value)] as const);
  const schema = Object.fromEntries(entries) as Record<string, unknown>;
  const { anyOf, ...rest } = schema;
  if (!Array.isArray(anyOf) || anyOf.length !== 2) return schema;
  const nonNull = anyOf.filter((branch) => !(branch && typeof branch === 'object' && branch.type === 'null'));
  if (nonNull.length !== 1 || typeof nonNull[0] !== 'object' || !('type' in nonNull[0])) return schema;
  return { ...rest, ...nonNull[0], nullable: true };
}

/**
 * Compiled on a route's first answer, not at start: a process holds the serializers of the
 * routes it serves, not of the ~150 it declares (about 10 MB of memory at start, issue 17).
 */
export const responseSerializerCompiler: FastifySerializerCompiler<unknown> = ({ schema, method, url }) => {
  let serialize: ((data: unknown) => string) | undefined;
  return (data) => {
    serialize ??= compileResponseSerializer(schema, method, url);
    return serialize(data);
  };
};

/**
 * The serializer of a route's response schema; throws naming the route when it cannot compile.
 * @public response-serializer.test.ts compiles every route's schema with it, through vi.mock's
 * importOriginal (which knip cannot follow).
 */
export function compileResponseSerializer(schema: unknown, method: string, url: string) {
  try {
    return fastJson(responseJsonSchema(schema) as unknown as Parameters<typeof fastJson>[0]);
  } catch (error) {
    throw new Error(`Cannot compile the response schema of ${method} ${url}`, { cause: error });
  }
}
