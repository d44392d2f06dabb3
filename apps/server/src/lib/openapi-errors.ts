import type { SwaggerTransformObject } from '@fastify/swagger';

// Error responses in the OpenAPI document (issue 14): every operation declares the failures a
// client must handle, with the one error shape the error handler answers (lib/errors.ts,
// ARCHITECTURE §3.3). Declared in the document only: the error handler's answers are unchanged.

/**
 * The operations a signed-out caller may use. Every other operation answers 401 without a
 * session; `openapi-errors.test.ts` checks that against the running app, so a new public
 * route that is not listed here fails the test.
 */
export const SIGNED_OUT_OPERATIONS: ReadonlySet<string> = new Set([
  'GET /api/health',
  'GET /api/health/live',
  'GET /api/health/ready',
  'POST /api/auth/login',
  'POST /api/auth/register',
  'POST /api/auth/signout',
  'GET /api/auth/verify',
  'POST /api/auth/resend-verification',
  'POST /api/auth/reset-password',
  'POST /api/auth/reset-password/confirm',
  'PATCH /api/auth/force-change-password',
  'POST /api/auth/login/two-factor',
  'POST /api/auth/login/two-factor/setup',
  'POST /api/auth/login/two-factor/enable',
  'GET /api/auth/google',
  'GET /api/auth/google/callback',
  'GET /api/auth/oidc',
  'GET /api/auth/oidc/callback',
  'GET /api/auth/providers',
  'GET /api/uploads/avatars/{name}',
  'GET /api/calendar/feed/{file}',
  'GET /api/notifications/unsubscribe',
  'POST /api/notifications/unsubscribe',
]);

const ERROR_SCHEMA_NAME = 'Error';

const errorSchema = {
  type: 'object',
  description: 'What every failure answers.',
  required: ['error', 'message', 'code', 'requestId'],
  properties: {
    error: { type: 'string', description: 'The HTTP status title, e.g. "Not Found".' },
    message: { type: 'string', description: 'A sentence for the user (spec §8).' },
    code: { type: 'string', description: 'A stable machine-readable code, e.g. "NOT_FOUND".' },
    details: {
      description:
        'Optional: for a 400 validation failure, the field errors ({ field: [message] }); for some codes, what the client needs next.',
    },
    requestId: { type: 'string', description: 'The x-request-id of the request, for support.' },
  },
};

const descriptions: Record<string, string> = {
  '400': 'The input is not valid: `details` holds the field errors.',
  '401': 'No session, or it expired.',
  '403': "The caller's role or membership does not allow this.",
  '404': 'Not found, or the caller may not know it exists.',
  '409': 'Conflicts with the stored state (a duplicate, or a change that no longer applies).',
};

const WRITES = new Set(['post', 'put', 'patch', 'delete']);

type Operation = {
  parameters?: { in?: string }[];
  requestBody?: unknown;
  responses?: Record<string, unknown>;
};
type Document = {
  paths?: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, unknown> };
};

/** The error statuses an operation declares: what its input, its path and its access allow. */
function errorStatusesOf(method: string, path: string, operation: Operation): string[] {
  const params = operation.parameters ?? [];
  const signedIn = !SIGNED_OUT_OPERATIONS.has(`${method.toUpperCase()} ${path}`);
  const statuses: string[] = [];
  if (params.length > 0 || operation.requestBody) statuses.push('400');
  if (signedIn) statuses.push('401', '403');
  if (params.some((p) => p.in === 'path')) statuses.push('404');
  if (signedIn && WRITES.has(method)) statuses.push('409');
  return statuses;
}

/** @fastify/swagger's transformObject: adds the error schema and each operation's error responses. */
export const declareErrorResponses: SwaggerTransformObject = (documentObject) => {
  if (!('openapiObject' in documentObject)) return documentObject.swaggerObject;
  const doc = documentObject.openapiObject as Document;
  doc.components ??= {};
  doc.components.schemas = { ...doc.components.schemas, [ERROR_SCHEMA_NAME]: errorSchema };
  for (const [path, operations] of Object.entries(doc.paths ?? {})) {
    for (const [method, operation] of Object.entries(operations)) {
      if (typeof operation !== 'object' || operation === null) continue;
      operation.responses ??= {};
      for (const status of errorStatusesOf(method, path, operation)) {
        operation.responses[status] ??= {
          description: descriptions[status],
          content: { 'application/json': { schema: { $ref: `#/components/schemas/${ERROR_SCHEMA_NAME}` } } },
        };
      }
    }
  }
  return documentObject.openapiObject;
};
