import { genericMessages } from '@shipyard/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/** A failure a service means to report to the client (ARCHITECTURE §3.3). */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

export const BadRequest = (message: string, code = 'BAD_REQUEST', details?: unknown) =>
  new AppError(400, code, message, details);
export const Unauthorized = (message: string, code = 'UNAUTHORIZED', details?: unknown) =>
  new AppError(401, code, message, details);
export const Forbidden = (message: string, code = 'FORBIDDEN') => new AppError(403, code, message);
export const NotFound = (message: string, code = 'NOT_FOUND') => new AppError(404, code, message);
export const Conflict = (message: string, code = 'CONFLICT') => new AppError(409, code, message);
export const TooManyRequests = (message: string) => new AppError(429, 'RATE_LIMITED', message);
export const ServiceUnavailable = (message: string, code = 'UNAVAILABLE') => new AppError(503, code, message);

const statusTitles: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};
const titleOf = (status: number) => statusTitles[status] ?? 'Error';

type FieldErrors = Record<string, string[]>;

/**
 * A multipart body the parser cannot read (no boundary, no closing boundary, not multipart at
 * all): the client's fault, so a 400 rather than the 500 busboy's plain Errors would become.
 */
const MULTIPART_PARSE_ERRORS =
  /^(Multipart: Boundary not found|Boundary required|Unexpected end of (form|multipart data)|Malformed part header|Missing Content-Type-header\.|Unsupported Content-Type\.)$/;
const MULTIPART_CLIENT_CODES = new Set([
  'FST_INVALID_MULTIPART_CONTENT_TYPE',
  'FST_INVALID_JSON_FIELD_ERROR',
  'FST_PROTO_VIOLATION',
  'FST_MP_PREMATURE_CLOSE',
]);
const multipartMessages = {
  malformed: 'The upload is not a valid multipart/form-data body.',
} as const;
function malformedMultipart(err: FastifyError): boolean {
  return (
    MULTIPART_CLIENT_CODES.has(err.code) || (!err.statusCode && MULTIPART_PARSE_ERRORS.test(err.message))
  );
}

const pgErrorIs = (err: unknown, code: string): boolean => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === code || e?.cause?.code === code;
};
export const pgUniqueViolation = (err: unknown) => pgErrorIs(err, '23505');
export const pgForeignKeyViolation = (err: unknown) => pgErrorIs(err, '23503');

/** Seconds a client is told to wait (Retry-After) before repeating a request answered 503. */
const RETRY_AFTER_SECONDS = 5;
const unavailableMessage = 'The service is temporarily unavailable. Please try again in a moment.';

// The database is down, restarting, failing over or out of connections: the request may succeed
// if repeated, so it is a 503 with Retry-After, not a 500. SQLSTATE classes 08 (connection
// exception) and 53 (insufficient resources, e.g. too many connections), 57P01-57P03 (terminated
// by an administrator or a shutdown, cannot connect now), the sockets' own errors, and
// node-postgres's messages for a lost connection or a pool wait that ran out.
const unavailableSqlStates = /^(08|53|57P0[123])/;
const unavailableSocketCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
const unavailableMessages = [
  'timeout exceeded when trying to connect',
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'Cannot use a pool after calling end on the pool',
];

/** Whether the error, or one it wraps (Drizzle wraps the driver's), says the database is unavailable. */
function isDatabaseUnavailable(err: unknown): boolean {
  let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 5; depth++) {
    const { code, message } = e;
    if (typeof code === 'string' && (unavailableSqlStates.test(code) || unavailableSocketCodes.has(code)))
      return true;
    if (typeof message === 'string' && unavailableMessages.some((m) => message.startsWith(m))) return true;
    e = e.cause as typeof e;
  }
  return false;
}

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    const requestId = String(req.id);
    const send = (status: number, code: string, message: string, details?: unknown) => {
      if (status === 503) reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      return reply.status(status).send({ error: titleOf(status), message, code, details, requestId });
    };

    if (err instanceof AppError) return send(err.status, err.code, err.message, err.details);

    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: FieldErrors = {};
      for (const v of err.validation) {
        const field = v.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
        fields[field] ??= [];
        fields[field].push(v.message ?? 'Invalid input');
      }
      const first = Object.values(fields)[0]?.[0] ?? 'Invalid input';
      return send(400, 'VALIDATION_ERROR', first, { fields });
    }
    if (malformedMultipart(err)) return send(400, 'MALFORMED_MULTIPART', multipartMessages.malformed);
    if (pgUniqueViolation(err)) return send(409, 'CONFLICT', 'This already exists.');
    // A client error (Fastify's 400 for an aborted body carries ECONNRESET) stays a client error.
    if (!(err.statusCode && err.statusCode < 500) && isDatabaseUnavailable(err)) {
      req.log.warn({ err }, 'database unavailable');
      return send(503, 'SERVICE_UNAVAILABLE', unavailableMessage);
    }

    const status = err.statusCode ?? 500;
    if (status === 429) return send(429, 'RATE_LIMITED', err.message);
    if (status === 413) return send(413, 'PAYLOAD_TOO_LARGE', genericMessages.tooLarge);
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, wrong content type): their text is safe to show.
      return send(status, err.code ?? 'BAD_REQUEST', err.message);
    }
    req.log.error({ err }, 'unhandled error');
    return send(500, 'INTERNAL', genericMessages.server);
  });
}
