import net from 'node:net';
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

// How long a client may take to send a request, how many connections one address may hold, and
// how the server closes (docs/security.md). Node's own request deadline is per server, so it is
// the upload budget; every other body has a shorter deadline of its own (a preParsing hook).

export type HttpLimits = {
  /** The request line and headers must arrive within this (Node's headersTimeout). */
  headersTimeoutMs: number;
  /** A body other than a multipart upload must arrive within this, counted from the end of the headers. */
  bodyTimeoutMs: number;
  /** A whole request, an upload's body included, must arrive within this (Node's requestTimeout). */
  requestTimeoutMs: number;
  /** A connection with no bytes either way for this long is closed. */
  idleTimeoutMs: number;
  /** How often Node checks the header and request deadlines. */
  checkIntervalMs: number;
  /** Open connections one client address may hold; one more is closed at once. */
  connectionsPerAddress: number;
  /** Addresses never capped: loopback (tests, benchmarks, a reverse proxy on this machine). */
  uncappedAddresses: readonly string[];
  /** Once closing begins, kept-alive connections may send one more request for this long and get a 503 with `connection: close`. */
  closingGraceMs: number;
};

export const defaultHttpLimits: HttpLimits = {
  headersTimeoutMs: 15_000,
  bodyTimeoutMs: 30_000,
  requestTimeoutMs: 5 * 60_000,
  idleTimeoutMs: 60_000,
  checkIntervalMs: 2_000,
  connectionsPerAddress: 64,
  uncappedAddresses: ['127.0.0.1', '::1', '::ffff:127.0.0.1'],
  closingGraceMs: 1_000,
};

const bodyTimeoutMessage = 'The request body did not arrive in time.';
const closingMessage = 'The server is restarting. Please try again in a moment.';

/** The Fastify constructor options that carry the limits to Node's HTTP server. */
export function serverTimeoutOptions(limits: HttpLimits) {
  return {
    connectionTimeout: limits.idleTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    http: {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      connectionsCheckingInterval: limits.checkIntervalMs,
    },
    // Our own onRequest hook answers while closing, in the app's error shape (installHttpGuards).
    return503OnClosing: false,
    forceCloseConnections: 'idle' as const,
  };
}

const isMultipart = (contentType: string | undefined) => /^multipart\//i.test(contentType ?? '');

/**
 * The per-address connection cap, the body deadline and the closing behaviour. Call it right
 * after the error handler, before any other onRequest hook: a request that arrives while the
 * server closes is refused before anything else runs.
 */
export function installHttpGuards(
  app: FastifyInstance,
  { limits, behindProxy }: { limits: HttpLimits; behindProxy: boolean },
) {
  // Behind a reverse proxy every connection comes from the proxy: the proxy caps its clients.
  if (!behindProxy) {
    const open = new Map<string, number>();
    const uncapped = new Set(limits.uncappedAddresses);
    app.server.on('connection', (socket) => {
      const address = socket.remoteAddress;
      if (!address || uncapped.has(address)) return;
      const count = open.get(address) ?? 0;
      if (count >= limits.connectionsPerAddress) {
        socket.destroy();
        return;
      }
      open.set(address, count + 1);
      socket.once('close', () => {
        const left = (open.get(address) ?? 1) - 1;
        if (left > 0) open.set(address, left);
        else open.delete(address);
      });
    });
  }

  // A body that trickles in is cut off with a 408 once its deadline passes. Uploads (multipart,
  // read by the route itself) have Node's longer request deadline instead.
  app.addHook('preParsing', async (req, reply, payload) => {
    const hasBody =
      req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined;
    if (!hasBody || req.raw.complete || isMultipart(req.headers['content-type'])) return payload;
    const timed = new PassThrough();
    const timer = setTimeout(() => {
      // Answered early (a refused content type) while the body still trickles in: drop it.
      if (reply.raw.headersSent) {
        req.raw.destroy();
        return;
      }
      // The rest of the body is never read: the connection closes after the answer.
      payload.unpipe(timed);
      reply.header('connection', 'close');
      timed.destroy(new AppError(408, 'REQUEST_TIMEOUT', bodyTimeoutMessage));
    }, limits.bodyTimeoutMs);
    timer.unref();
    const done = () => clearTimeout(timer);
    payload.on('end', done);
    payload.on('close', done);
    payload.on('error', (err) => timed.destroy(err));
    // Fastify's body parser listens while it reads; a request refused before parsing never reads.
    timed.on('error', () => {});
    payload.pipe(timed);
    return timed;
  });

  // Closing: stop accepting connections, refuse requests that still arrive on kept-alive ones
  // with a 503 in the app's shape, and tell every client to drop its connection after the answer,
  // so that none reuses a connection the server is about to close (that would reset a request).
  let closing = false;
  app.addHook('onRequest', async (_req, reply) => {
    if (!closing) return;
    reply.header('connection', 'close');
    throw new AppError(503, 'SHUTTING_DOWN', closingMessage);
  });
  app.addHook('onSend', async (_req, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  app.addHook('preClose', async () => {
    closing = true;
    if (!app.server.listening) return;
    // Stop listening, but leave the kept-alive connections open for a moment (http.Server#close
    // would end the idle ones at once, racing a request a client is sending on one): a client that
    // sends one gets the 503 above with `connection: close`. Fastify's close() then ends the rest.
    net.Server.prototype.close.call(app.server);
    await new Promise((resolve) => setTimeout(resolve, limits.closingGraceMs));
  });
}
