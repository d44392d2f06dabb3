import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import type pg from 'pg';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { type Clock, systemClock } from '../lib/clock.ts';
import type { HttpLimits } from '../lib/http-guards.ts';
import type { Mailer } from '../lib/mailer.ts';
import type { ChangeBus } from '../lib/realtime/changes.ts';
import { auditPlugin } from './audit.ts';
import { httpPlugin } from './http.ts';
import { jobsPlugin } from './jobs.ts';
import { mailPlugin } from './mail.ts';
import { metricsPlugin } from './metrics.ts';
import { openApiPlugin } from './openapi.ts';
import { type RateLimits, rateLimitPlugin } from './rate-limit.ts';
import type { RealtimeTimings } from './realtime.hub.ts';
import { realtimePlugin } from './realtime.ts';
import { secretsPlugin } from './secrets.ts';
import { sessionPlugin } from './session.ts';
import { settingsPlugin } from './settings.ts';
import { storagePlugin } from './storage.ts';
import { uploadsPlugin } from './uploads.ts';
import { webAppPlugin } from './web-app.ts';

// What every module is handed (ARCHITECTURE §2): one named plugin a file, each decorating the
// instance with what it provides and closing what it opens. Modules name 'platform' among their
// dependencies and read these decorations.

export type AppDeps = {
  config: Config;
  db: Db;
  /** The pool behind `db`, for the metrics of its connections. */
  pool?: pg.Pool;
  /** Defaults to SMTP_URL's mailer, or one printed line per mail when it is unset. */
  mailer?: Mailer;
  clock?: Clock;
  redis?: Redis;
  /** The database the realtime fan-out LISTENs on (PostgreSQL LISTEN/NOTIFY) when there is no Redis. */
  databaseUrl?: string;
  /** Overrides the realtime fan-out (tests use the in-memory bus). */
  bus?: ChangeBus;
  /** The realtime hub's sweep, access check and coalescing windows (tests use short ones). */
  realtimeTimings?: Partial<RealtimeTimings>;
  rateLimits?: Partial<RateLimits>;
  /** Timeouts, the per-address connection cap and the closing grace (tests use short ones). */
  httpLimits?: Partial<HttpLimits>;
  /** Pino options, or false for silence (tests). */
  logger?: boolean | object;
  webDist?: string;
};

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    /** The node-postgres pool behind `db` (the job queue and the archive stream on it). */
    pool: pg.Pool;
    clock: Clock;
  }
}

const corePlugin = fp<Pick<AppDeps, 'config' | 'db' | 'clock'>>(
  async (app, { config, db, clock }) => {
    app.decorate('config', config);
    app.decorate('db', db);
    app.decorate('pool', (db as Db & { $client: pg.Pool }).$client);
    app.decorate('clock', clock ?? systemClock);
  },
  { name: 'platform.core' },
);

type PlatformOptions = AppDeps & { httpLimits: HttpLimits; webDist: string };

export const platform = fp<PlatformOptions>(
  async (app, deps) => {
    await app.register(corePlugin, deps);
    await app.register(httpPlugin, deps);
    await app.register(openApiPlugin);
    await app.register(mailPlugin, { mailer: deps.mailer });
    await app.register(sessionPlugin);
    await app.register(storagePlugin);
    await app.register(secretsPlugin);
    await app.register(realtimePlugin, deps);
    await app.register(metricsPlugin, { pool: deps.pool });
    await app.register(auditPlugin);
    await app.register(settingsPlugin);
    await app.register(uploadsPlugin);
    await app.register(jobsPlugin);
    await app.register(rateLimitPlugin, deps);
    await app.register(webAppPlugin, { root: deps.webDist });
  },
  { name: 'platform' },
);
