import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { declareErrorResponses } from '../lib/openapi-errors.ts';

// The OpenAPI document of every route (from the routes' zod schemas) at /api/openapi.json, and
// the browsable docs at /api/docs, loaded on first use.

const description =
  "Every call of the Shipyard web app. Authenticate with the sec-prd-token cookie set by POST /api/auth/login, or send the token as `Authorization: Bearer <token>`.\n\n**Personal API tokens** (for scripts): create one in Settings → Account → API tokens, or with POST /api/auth/tokens, and send it as `Authorization: Bearer sy_pat_…`. A `read` token may only call GET (anything else answers 403 `API_TOKEN_READ_ONLY`); no token may call the account-security operations (password, two-factor, tokens, sessions: 403 `API_TOKEN_NOT_ALLOWED`). Tokens expire after the days chosen, and all of an account's tokens end when its password changes or it is disabled.\n\nErrors answer `{ error, message, code, details?, requestId }`.";

export const openApiPlugin = fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        info: { title: 'Shipyard API', version: '0.1.0', description },
        components: {
          securitySchemes: {
            bearer: { type: 'http', scheme: 'bearer' },
            cookie: { type: 'apiKey', in: 'cookie', name: 'sec-prd-token' },
          },
        },
        security: [{ bearer: [] }, { cookie: [] }],
      },
      transform: jsonSchemaTransform,
      transformObject: declareErrorResponses,
    });
    await app.register(
      async (api) => {
        api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
        await api.register(lazyApiDocs);
      },
      { prefix: '/api' },
    );
  },
  { name: 'platform.openapi', dependencies: ['platform.http'] },
);

/**
 * The browsable API docs (Scalar) under /api/docs. Scalar's plugin reads its 4 MB page script
 * and loads its OpenAPI parser when registered (about 20 MB of memory in every process); here it
 * is registered in a Fastify instance of its own on the first request for the docs, and the docs'
 * requests are handed to it, so a server nobody reads the docs of never loads it (issue 17).
 */
async function lazyApiDocs(api: FastifyInstance) {
  let docs: Promise<FastifyInstance> | undefined;
  const load = async () => {
    const { default: scalar } = await import('@scalar/fastify-api-reference');
    const inner = Fastify({ logger: false, routerOptions: { ignoreTrailingSlash: true } });
    await inner.register(scalar, {
      routePrefix: '/api/docs',
      // No Scalar fonts CDN; no "Ask AI" agent (on localhost it fetches Scalar's hosted registry).
      configuration: {
        url: '/api/openapi.json',
        withDefaultFonts: false,
        agent: { disabled: true },
        title: 'Shipyard API',
      },
    });
    await inner.ready();
    return inner;
  };
  const passed = ['content-type', 'content-disposition', 'location', 'access-control-allow-origin'];
  const handler = async (req: FastifyRequest, reply: FastifyReply) => {
    docs ??= load().catch((err) => {
      docs = undefined;
      throw err;
    });
    const res = await (await docs).inject({ method: 'GET', url: req.url });
    for (const name of passed) {
      const value = res.headers[name];
      if (value !== undefined) reply.header(name, value);
    }
    // Text (HTML, script, JSON), sent as a string: the docs CSP hashes the inline scripts of it.
    return reply.status(res.statusCode).send(res.payload);
  };
  api.get('/docs', { schema: { hide: true } }, handler);
  api.get('/docs/*', { schema: { hide: true } }, handler);
  // The inner instance (once loaded) closes with the app.
  api.addHook('onClose', async () => {
    await (await docs?.catch(() => undefined))?.close();
  });
}
