import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import fp from 'fastify-plugin';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import { docsContentSecurityPolicy } from '../lib/docs-csp.ts';
import { registerErrorHandler } from '../lib/errors.ts';
import { type HttpLimits, installHttpGuards } from '../lib/http-guards.ts';
import { registerInputGuard } from '../lib/input-guard.ts';
import { responseSerializerCompiler } from '../lib/response-serializer.ts';
import { COMPRESSION } from '../lib/shared-response.ts';

// What every request goes through before and after its route: the error handler and the input
// guard, the connection and body guards, request ids, security headers (the API docs page has a
// CSP of its own), compression, cookies and multipart. The rate limiter is rate-limit.ts.

type HttpOptions = { config: Config; httpLimits: HttpLimits };

export const httpPlugin = fp<HttpOptions>(
  async (app, { config, httpLimits }) => {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(responseSerializerCompiler);
    registerErrorHandler(app);
    registerInputGuard(app);
    installHttpGuards(app, { limits: httpLimits, behindProxy: config.trustProxy !== false });
    app.addHook('onSend', async (req, reply) => {
      reply.header('x-request-id', req.id);
    });

    // The API docs page runs Scalar's inline script: it gets a CSP of its own (lib/docs-csp.ts)
    // instead of the app's; every other response keeps the strict one.
    app.addHook('onRoute', (route) => {
      if (route.url.startsWith('/api/docs')) route.helmet = { contentSecurityPolicy: false };
    });
    app.addHook('onSend', async (req, reply, payload) => {
      if (!req.routeOptions.url?.startsWith('/api/docs')) return payload;
      reply.header('content-security-policy', docsContentSecurityPolicy(payload));
      return payload;
    });
    await app.register(helmet, {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
          connectSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          fontSrc: ["'self'", 'data:'],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          upgradeInsecureRequests: config.secureCookies ? [] : null,
        },
      },
      crossOriginEmbedderPolicy: false,
    });
    // Responses over 1 kB go out brotli or gzip, as the client accepts (JSON lists shrink ~10×).
    // Brotli at quality 3: half the CPU of quality 4 and of gzip 6 for 4 % more bytes (a /tasks
    // first page of 62 kB: 0.28 ms → 12.7 kB, against 0.60 ms → 12.2 kB; decision 023); the web
    // app's files were compressed at build time and are sent as they are (platform/web-app.ts). Request bodies
    // are never inflated: a compressed upload could otherwise unpack past every size limit.
    await app.register(compress, { global: true, globalDecompression: false, ...COMPRESSION });
    await app.register(cookie);
    await app.register(multipart, { limits: { fileSize: 25 * 1024 * 1024, files: 1, fields: 10 } });
  },
  { name: 'platform.http', dependencies: ['platform.core'] },
);
