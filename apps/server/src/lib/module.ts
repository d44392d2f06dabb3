import type { IncomingMessage, ServerResponse } from 'node:http';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyPluginAsync,
  FastifyPluginOptions,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { AuditLog } from './audit.ts';
import type { Clock } from './clock.ts';
import type { Mailer } from './mailer.ts';
import type { Changes } from './realtime/changes.ts';
import type { SessionStore } from './session.ts';
import type { Storage } from './storage.ts';

/** The /api instance modules register their routes on. */
export type Api = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** What buildApp hands every module: the process's shared, cross-cutting dependencies. */
export type ModuleContext = {
  config: Config;
  db: Db;
  clock: Clock;
  changes: Changes;
  mailer: Mailer;
  sessions: SessionStore;
  storage: Storage;
  log: FastifyBaseLogger;
  /** The audit log's writer (lib/audit.ts): entries go in the transaction of their change. */
  audit: AuditLog;
};

/**
 * A server module (ARCHITECTURE §2): `modules/<m>/index.ts` builds its repository and service
 * from what it is handed and registers its routes; `app.ts` lists the modules in order. What
 * other modules may use of it (an activity recorder, a notifier) is a field beside `register`.
 */
export type AppModule = { register: (api: Api) => Promise<void> };

/** The module of a routes plugin and its options: most modules are this once their service is built. */
export function routesModule<Options extends FastifyPluginOptions>(
  plugin: FastifyPluginAsync<Options, RawServerDefault, ZodTypeProvider>,
  options: Options,
): AppModule {
  return {
    register: async (api) => {
      await api.register(plugin, options);
    },
  };
}
