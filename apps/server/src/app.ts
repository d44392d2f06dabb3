import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import { authMessages } from '@shipyard/shared';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type pg from 'pg';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import { createAuditLog, scheduleAuditPurge } from './lib/audit.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import { docsContentSecurityPolicy } from './lib/docs-csp.ts';
import { AppError, registerErrorHandler } from './lib/errors.ts';
import {
  defaultHttpLimits,
  type HttpLimits,
  installHttpGuards,
  serverTimeoutOptions,
} from './lib/http-guards.ts';
import { registerInputGuard } from './lib/input-guard.ts';
import { createInstanceSettings } from './lib/instance-settings.ts';
import { createJobQueue } from './lib/jobs.ts';
import { withRedactedRequests } from './lib/log-redaction.ts';
import { createMailer, type Mailer } from './lib/mailer.ts';
import { createMetrics } from './lib/metrics.ts';
import type { ModuleContext } from './lib/module.ts';
import { declareErrorResponses } from './lib/openapi-errors.ts';
import { createChangeBus } from './lib/realtime/bus.ts';
import { type ChangeBus, createChanges } from './lib/realtime/changes.ts';
import { responseSerializerCompiler } from './lib/response-serializer.ts';
import { loadSecretBox } from './lib/secrets.ts';
import { createSessionStore, refuseReadOnlyWrite, tokenFromRequest } from './lib/session.ts';
import { COMPRESSION } from './lib/shared-response.ts';
import { createStorage } from './lib/storage.ts';
import { createUploadQuota } from './lib/upload-quota.ts';
import { createWebhookWorker } from './lib/webhook-worker.ts';
import { activitiesModule } from './modules/activities/index.ts';
import { analyticsModule } from './modules/analytics/index.ts';
import { archiveModule } from './modules/archive/index.ts';
import type { RateLimits } from './modules/auth/auth.routes.ts';
import { authModule } from './modules/auth/index.ts';
import { checklistsModule } from './modules/checklists/index.ts';
import { commentsModule } from './modules/comments/index.ts';
import { dashboardModule } from './modules/dashboard/index.ts';
import { documentsModule } from './modules/documents/index.ts';
import { eventsModule } from './modules/events/index.ts';
import { healthModule } from './modules/health/index.ts';
import { importsModule } from './modules/imports/index.ts';
import { labelsModule } from './modules/labels/index.ts';
import { notificationsModule } from './modules/notifications/index.ts';
import { productsModule } from './modules/products/index.ts';
import { realtimeModule } from './modules/realtime/index.ts';
import { createRealtimeHub } from './modules/realtime/realtime.hub.ts';
import { reportsModule } from './modules/reports/index.ts';
import { searchModule } from './modules/search/index.ts';
import { securityModule } from './modules/security/index.ts';
import { servicesModule } from './modules/services/index.ts';
import { tasksModule } from './modules/tasks/index.ts';
import { teamsModule } from './modules/teams/index.ts';
import { createUserStore, usersModule } from './modules/users/index.ts';

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
  rateLimits?: Partial<RateLimits>;
  /** Timeouts, the per-address connection cap and the closing grace (tests use short ones). */
  httpLimits?: Partial<HttpLimits>;
  /** Pino options, or false for silence (tests). */
  logger?: boolean | object;
  webDist?: string;
};

export const defaultRateLimits: RateLimits = { login: 10, register: 5, reset: 5, verify: 20, resend: 5 };
const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db } = deps;
  const clock = deps.clock ?? systemClock;
  const httpLimits = { ...defaultHttpLimits, ...deps.httpLimits };
  const app = Fastify({
    logger: withRedactedRequests(deps.logger ?? { level: config.logLevel }),
    genReqId: () => randomUUID(),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    ...serverTimeoutOptions(httpLimits),
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

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
  // Brotli at quality 4 costs about what gzip does and still wins on size; the web app's files
  // were compressed at build time and are sent as they are (serveWebApp). Request bodies are
  // never inflated: a compressed upload could otherwise unpack past every size limit.
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    ...COMPRESSION,
  });
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: 25 * 1024 * 1024, files: 1, fields: 10 } });
  await app.register(rateLimit, {
    global: false,
    redis: deps.redis,
    // A Redis outage must not lock everyone out: count nothing rather than fail the request.
    skipOnError: true,
    nameSpace: 'shipyard-rl:',
    errorResponseBuilder: () => new AppError(429, 'RATE_LIMITED', authMessages.rateLimited),
  });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Shipyard API',
        version: '0.1.0',
        description:
          "Every call of the Shipyard web app. Authenticate with the sec-prd-token cookie set by POST /api/auth/login, or send the token as `Authorization: Bearer <token>`.\n\n**Personal API tokens** (for scripts): create one in Settings → Account → API tokens, or with POST /api/auth/tokens, and send it as `Authorization: Bearer sy_pat_…`. A `read` token may only call GET (anything else answers 403 `API_TOKEN_READ_ONLY`); no token may call the account-security operations (password, two-factor, tokens, sessions: 403 `API_TOKEN_NOT_ALLOWED`). Tokens expire after the days chosen, and all of an account's tokens end when its password changes or it is disabled.\n\nErrors answer `{ error, message, code, details?, requestId }`.",
      },
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

  const mailer = deps.mailer ?? createMailer(config.smtpUrl, config.mailFrom);
  app.addHook('onClose', async () => mailer.close());

  const sessions = createSessionStore(db, clock);
  app.addHook('onRequest', async (req) => {
    if (!req.url.startsWith('/api/')) return;
    const token = tokenFromRequest(req);
    if (token) req.sessionUser = await sessions.resolve(token, { ip: req.ip });
    refuseReadOnlyWrite(req);
  });

  const storage = createStorage(config, app.log);
  app.addHook('onClose', async () => storage.close());
  // Stored secrets and the webhook outbox's sender (docs/decisions/008-webhooks.md). main.ts
  // starts the worker's interval; tests call app.webhooks.deliverDue() themselves.
  const secrets = await loadSecretBox({ appSecret: config.appSecret, dataDir: config.dataDir });
  // Prometheus metrics (lib/metrics.ts): served on METRICS_PORT by main.ts, or at /api/metrics.
  const metrics = createMetrics();
  metrics.observeRequests(app);
  app.decorate('metrics', metrics);
  const webhooks = createWebhookWorker({
    db,
    secrets,
    clock,
    allowPrivate: config.webhookAllowPrivate,
    log: app.log,
    onOutcome: metrics.webhookOutcome,
  });
  app.decorate('webhooks', webhooks);
  app.addHook('onClose', async () => webhooks.stop());
  // Realtime (docs/decisions/009-realtime.md): services publish committed changes on the bus;
  // every process's hub routes them to the sockets that may see them.
  const bus =
    deps.bus ?? createChangeBus({ redis: deps.redis, databaseUrl: deps.databaseUrl, db, log: app.log });
  const changes = createChanges(bus, app.log, () => clock.now().getTime());
  const realtime = createRealtimeHub({ bus, db, sessions, clock, log: app.log });
  app.decorate('realtime', realtime);
  metrics.observeState({ db, pool: deps.pool, sockets: () => realtime.size() });
  // The sockets close in the realtime route's preClose (before the server stops); the bus last.
  app.addHook('onClose', async () => bus.close());
  // Each module wires itself (modules/<m>/index.ts); what one module uses of another is its
  // narrow entry point (an activity recorder, a notifier, an outbox), never its repository.
  // The audit log (docs/decisions/013-accounts.md): purged of entries past AUDIT_RETENTION_DAYS
  // at start and daily; admin settings live in instance_settings.
  const audit = createAuditLog(db, clock);
  const stopAuditPurge = scheduleAuditPurge(audit, config.auditRetentionDays, app.log);
  app.addHook('onClose', async () => stopAuditPurge());
  const settings = createInstanceSettings(db);
  const ctx: ModuleContext = { config, db, clock, changes, mailer, sessions, storage, log: app.log, audit };
  const activities = activitiesModule(ctx);
  const notifications = notificationsModule({ ...ctx, secrets });
  const services = servicesModule({ ...ctx, secrets });
  const documents = documentsModule({ ...ctx, quota: () => uploadQuota });
  const comments = commentsModule({
    ...ctx,
    activities: activities.recorder,
    notifier: notifications.notifier,
  });
  const checklists = checklistsModule(ctx);
  const labels = labelsModule({ ...ctx, activities: activities.recorder });
  const auth = authModule({
    ...ctx,
    users: createUserStore(db),
    quota: () => uploadQuota,
    rateLimits: { ...defaultRateLimits, ...deps.rateLimits },
    secrets,
    settings,
  });
  // Upload quotas count the documents an account uploaded and its avatar (issue 13 #11).
  const uploadQuota = createUploadQuota(config.uploads, db, {
    documentsOf: documents.stored.bytesUploadedBy,
    avatarOf: auth.avatars.bytesOf,
    total: async (tx) => (await documents.stored.totalBytes(tx)) + (await auth.avatars.totalBytes()),
  });
  const tasks = tasksModule({
    ...ctx,
    activities: activities.recorder,
    notifier: notifications.notifier,
    outbox: services.outbox,
    watching: comments.watching,
    files: documents.files,
    pageSections: {
      checklist: checklists.ofTask,
      labels: labels.ofTask,
      files: documents.filesOfTask,
      watchers: comments.watchersOf,
    },
  });
  const modules = [
    healthModule({ ...ctx, metrics }),
    auth,
    usersModule({ ...ctx, accounts: auth.accounts, twoFactor: auth.twoFactor }),
    productsModule({
      ...ctx,
      activities: activities.recorder,
      files: documents.files,
      outbox: services.outbox,
      productStage: notifications.productStage,
    }),
    tasks,
    importsModule({
      ...ctx,
      tasks: tasks.importer,
      labels: labels.importer,
      checklists: checklists.importer,
      comments: comments.importer,
    }),
    comments,
    checklists,
    labels,
    teamsModule({ ...ctx, activities: activities.recorder, notifier: notifications.notifier }),
    notifications,
    activities,
    dashboardModule(ctx),
    analyticsModule(ctx),
    reportsModule(ctx),
    documents,
    services,
    realtimeModule({ ...ctx, hub: realtime }),
    eventsModule({ ...ctx, activities: activities.recorder }),
    securityModule({ ...ctx, settings }),
    archiveModule({ ...ctx, pool: (db as Db & { $client: pg.Pool }).$client }),
    searchModule(ctx),
  ];

  await app.register(
    async (api) => {
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
      await api.register(lazyApiDocs);
      for (const module of modules) await module.register(api);
    },
    { prefix: '/api' },
  );

  // The job queue (docs/decisions/016-notification-mail.md) on the app's pool: main.ts starts its
  // workers and schedule after listen; tests run what is due with app.jobs.runDue().
  const jobs = createJobQueue({
    pool: (db as Db & { $client: pg.Pool }).$client,
    log: app.log,
    handlers: notifications.jobs.handlers,
    schedule: notifications.jobs.schedule,
  });
  app.decorate('jobs', { ...jobs, scanNotifications: notifications.jobs.scan });
  app.addHook('onClose', async () => jobs.stop());

  await serveWebApp(app, deps.webDist ?? defaultWebDist);
  return app;
}

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
}

/** The built SPA, with history fallback: any non-/api GET that is not a file gets index.html. */
async function serveWebApp(app: FastifyInstance, root: string) {
  const hasBuild = fs.existsSync(`${root}/index.html`);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // The .br and .gz siblings the build wrote (apps/web/vite.config.ts), with Vary: Accept-Encoding.
      preCompressed: true,
      // Vite fingerprints everything under /assets: cache it for good; anything else is revalidated.
      setHeaders: (reply, file) => {
        reply.header(
          'cache-control',
          file.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const isPage = (req.method === 'GET' || req.method === 'HEAD') && !req.url.startsWith('/api');
    if (!isPage) {
      return reply.status(404).send({
        error: 'Not Found',
        message: `No route for ${req.method} ${req.url.split('?')[0]}`,
        code: 'ROUTE_NOT_FOUND',
        requestId: String(req.id),
      });
    }
    if (!hasBuild)
      return reply.status(404).type('text/plain').send('The web app is not built: run `npm run build`.');
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
