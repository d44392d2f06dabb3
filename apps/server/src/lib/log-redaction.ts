import type { FastifyRequest } from 'fastify';

// Single-use secrets travel in query strings: the e-mailed verification (/verify?token=) and
// reset (/auth?reset_token=) links, and the OpenID callback's code and state. The request log
// must not keep them, or whoever reads the log could verify, reset or finish a sign-in.

/** Query parameters whose values never reach the log (names compared in lower case). */
const SECRET_PARAMS = new Set([
  'token',
  'temp_token',
  'reset_token',
  'code',
  'state',
  'id_token',
  'access_token',
]);
const REDACTED = '[REDACTED]';

const isSecretName = (raw: string) => {
  let name = raw;
  try {
    name = decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    // A malformed escape: judge the name as written.
  }
  name = name.trim().toLowerCase();
  return SECRET_PARAMS.has(name) || name.endsWith('token');
};

/** Paths whose last segment is a secret: the personal calendar feed (decision 017). */
const SECRET_PATH = /^(\/api\/calendar\/feed\/)[^/?#]+/;

/** The URL with the values of its secret query parameters (and a secret path segment) replaced by [REDACTED]. */
export function redactUrl(raw: string): string {
  const url = raw.replace(SECRET_PATH, `$1${REDACTED}`);
  const q = url.indexOf('?');
  if (q === -1) return url;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq === -1 ? pair : pair.slice(0, eq);
      return isSecretName(name) && eq !== -1 ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, q)}?${query}`;
}

/** Fastify's own request serializer, with the URL redacted. */
function serializeRequest(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    version: req.headers?.['accept-version'],
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/** Logger options for Fastify: the caller's (or false), with the redacting request serializer. */
export function withRedactedRequests(logger: boolean | object): boolean | object {
  if (logger === false) return false;
  const options = logger === true ? {} : (logger as { serializers?: object });
  return { ...options, serializers: { ...options.serializers, req: serializeRequest } };
}
