import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { defaultHttpLimits, serverTimeoutOptions } from './lib/http-guards.ts';
import { withRedactedRequests } from './lib/log-redaction.ts';
import { modules as allModules } from './modules/index.ts';
import { type AppDeps, platform } from './platform/index.ts';

// The app: Fastify's options, then the platform (platform/index.ts: what every module is handed),
// then the modules (modules/index.ts), each a plugin that wires itself and names what it uses.

const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

export async function buildApp(
  deps: AppDeps & {
    /** The modules to register (tests: a list with one left out or one added); all by default. */
    modules?: readonly FastifyPluginAsync[];
  },
): Promise<FastifyInstance> {
  const httpLimits = { ...defaultHttpLimits, ...deps.httpLimits };
  const app = Fastify({
    logger: withRedactedRequests(deps.logger ?? { level: deps.config.logLevel }),
    genReqId: () => randomUUID(),
    trustProxy: deps.config.trustProxy,
    bodyLimit: 1024 * 1024,
    ...serverTimeoutOptions(httpLimits),
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  await app.register(platform, { ...deps, httpLimits, webDist: deps.webDist ?? defaultWebDist });
  for (const module of deps.modules ?? allModules) await app.register(module);
  return app;
}
