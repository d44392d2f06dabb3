import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlibConstants } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply } from 'fastify';

// How JSON answers are compressed (registered in app.ts with @fastify/compress), and how an
// answer that a cache shares between requests (lib/fresh-cache.ts) is sent: serialized once,
// compressed once per encoding, and sent as those bytes to every request that gets the same
// object (issue 17, docs/decisions/023-request-hot-path.md).

/** The options of @fastify/compress: over 1 kB, brotli quality 3 or gzip 6, as the client accepts. */
export const COMPRESSION = {
  threshold: 1024,
  encodings: ['br', 'gzip'] as ('br' | 'gzip')[],
  brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 3 } },
  zlibOptions: { level: 6 },
};

type Encoding = (typeof COMPRESSION.encodings)[number];

const compressors: Record<Encoding, (body: Buffer) => Promise<Buffer>> = {
  br: (body) => promisify(brotliCompress)(body, COMPRESSION.brotliOptions),
  gzip: (body) => promisify(gzip)(body, COMPRESSION.zlibOptions),
};

// The plugin's own choice (its getEncodingHeader): '*' and 'x-gzip' count as gzip, then the
// first of `encodings` the header accepts, by q-value.
const negotiator = new Negotiator<Encoding | 'identity'>({
  supportedValues: [...COMPRESSION.encodings, 'identity'],
});
const gzipAlias = /\*|x-gzip/gu;

/** The encoding @fastify/compress would pick for this request; undefined: none (identity). */
function chosenEncoding(headers: Record<string, string | string[] | undefined>): Encoding | undefined {
  const header = headers['accept-encoding'];
  if (typeof header !== 'string' || headers['x-no-compression'] !== undefined) return undefined;
  const choice = negotiator.negotiate(header.toLowerCase().replace(gzipAlias, 'gzip'));
  return choice === 'br' || choice === 'gzip' ? choice : undefined;
}

/** One shared answer: its JSON, its tag, and each compressed variant once asked for. */
type Body = { json: Buffer; etag: string; encoded: Partial<Record<Encoding, Promise<Buffer>>> };

/** Whether `If-None-Match` names `etag` (weak comparison, as RFC 9110 asks for this header). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = etag.slice(2);
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return (t.startsWith('W/') ? t.slice(2) : t) === opaque;
  });
}

/**
 * Sends a value a cache shares between requests. The first request for an object serializes it
 * by the route's response schema (reply.serialize, what Fastify would send) and tags it; each
 * encoding is compressed on its first need (coalesced) and kept beside it, with the quality
 * @fastify/compress uses, so a request costs no serializing and no compressing. The bytes go out
 * with Content-Encoding set, which the plugin leaves as they are, and `Vary: accept-encoding`.
 *
 * ETag (weak: the same tag for every encoding of one JSON) and `If-None-Match` → 304: the tag
 * is a hash of the body, so it says only "you already hold these bytes"; the caller calls this
 * after its permission check, so a 304 is never an answer to a request that may not read them.
 * `Cache-Control: private, no-cache`: the browser keeps it and asks again every time (the 304
 * saves the transfer), no shared cache stores a per-user answer.
 *
 * Kept per object (a WeakMap): the body lives exactly as long as the cache keeps the value.
 */
export function createSendShared() {
  const bodies = new WeakMap<object, Body>();
  return async (reply: FastifyReply, value: object): Promise<FastifyReply> => {
    let body = bodies.get(value);
    if (body === undefined) {
      const json = Buffer.from(reply.serialize(value) as string);
      const hash = createHash('sha256').update(json).digest('base64url').slice(0, 27);
      body = { json, etag: `W/"${hash}"`, encoded: {} };
      bodies.set(value, body);
    }
    const { request } = reply;
    reply
      .type('application/json; charset=utf-8')
      .header('etag', body.etag)
      .header('cache-control', 'private, no-cache');
    const big = body.json.length >= COMPRESSION.threshold;
    // The answer depends on Accept-Encoding whenever it may be compressed (the plugin only says
    // so when it compresses; a cache in between must know either way).
    if (big) {
      const vary = reply.getHeader('vary');
      if (!vary) reply.header('vary', 'accept-encoding');
      else if (!/accept-encoding/i.test(String(vary))) reply.header('vary', `${vary}, accept-encoding`);
    }
    if (matches(request.headers['if-none-match'], body.etag)) return reply.code(304).send();
    const encoding = big ? chosenEncoding(request.headers) : undefined;
    if (!encoding) return reply.send(body.json);
    let encoded = body.encoded[encoding];
    if (encoded === undefined) {
      encoded = compressors[encoding](body.json);
      body.encoded[encoding] = encoded;
      const kept = body;
      // A failure is answered to this request and not kept: the next one compresses again.
      encoded.catch(() => {
        if (kept.encoded[encoding] === encoded) delete kept.encoded[encoding];
      });
    }
    const bytes = await encoded;
    return reply.header('content-encoding', encoding).send(bytes);
  };
}
