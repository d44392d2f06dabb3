import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import scalar from '@scalar/fastify-api-reference';
import { authMessages } from '@shipyard/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
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
import { withRedactedRequests } from './lib/log-redaction.ts';
import { createMailer, type Mailer } from './lib/mailer.ts';
import { createChangeBus } from './lib/realtime/bus.ts';
import { type ChangeBus, createChanges } from './lib/realtime/changes.ts';
import { loadSecretBox } from './lib/secrets.ts';
import { createSessionStore, tokenFromRequest } from './lib/session.ts';
import { createStorage } from './lib/storage.ts';
import { createUploadQuota } from './lib/upload-quota.ts';
import { createWebhookWorker } from './lib/webhook-worker.ts';
import { createActivitiesRepository } from './modules/activities/activities.repository.ts';
import { activitiesRoutes } from './modules/activities/activities.routes.ts';
import { createActivitiesService } from './modules/activities/activities.service.ts';
import { createAnalyticsRepository } from './modules/analytics/analytics.repository.ts';
import { analyticsRoutes } from './modules/analytics/analytics.routes.ts';
import { createAnalyticsService } from './modules/analytics/analytics.service.ts';
import { createAccounts } from './modules/auth/auth.accounts.ts';
import { createAvatarService } from './modules/auth/auth.avatar.ts';
import { createGoogleSignIn } from './modules/auth/auth.google.ts';
import { createAuthRepository } from './modules/auth/auth.repository.ts';
import { authRoutes, type RateLimits } from './modules/auth/auth.routes.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { createAuthThrottle, rateLimitCounter } from './modules/auth/auth.throttle.ts';
import { createDashboardRepository } from './modules/dashboard/dashboard.repository.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { createDashboardService } from './modules/dashboard/dashboard.service.ts';
import { createDocumentsRepository } from './modules/documents/documents.repository.ts';
import { documentsRoutes } from './modules/documents/documents.routes.ts';
import { createDocumentFiles, createDocumentsService } from './modules/documents/documents.service.ts';
import { createEventsRepository } from './modules/events/events.repository.ts';
import { eventsRoutes } from './modules/events/events.routes.ts';
import { createEventsService } from './modules/events/events.service.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { createNotificationsRepository } from './modules/notifications/notifications.repository.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { createNotificationsService } from './modules/notifications/notifications.service.ts';
import { createProjectsRepository } from './modules/projects/projects.repository.ts';
import { projectsRoutes } from './modules/projects/projects.routes.ts';
import { createProjectsService } from './modules/projects/projects.service.ts';
import { createRealtimeHub } from './modules/realtime/realtime.hub.ts';
import { realtimeRoutes } from './modules/realtime/realtime.routes.ts';
import { createReportsRepository } from './modules/reports/reports.repository.ts';
import { reportsRoutes } from './modules/reports/reports.routes.ts';
import { createReportsService } from './modules/reports/reports.service.ts';
import { createWebhookOutbox } from './modules/services/services.outbox.ts';
import { createServicesRepository } from './modules/services/services.repository.ts';
import { servicesRoutes } from './modules/services/services.routes.ts';
import { createServicesService } from './modules/services/services.service.ts';
import { createTasksRepository } from './modules/tasks/tasks.repository.ts';
import { tasksRoutes } from './modules/tasks/tasks.routes.ts';
import { createTasksService } from './modules/tasks/tasks.service.ts';
import { createTeamsRepository } from './modules/teams/teams.repository.ts';
import { teamsRoutes } from './modules/teams/teams.routes.ts';
import { createTeamsService } from './modules/teams/teams.service.ts';
import { createUsersRepository } from './modules/users/users.repository.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { createUsersService } from './modules/users/users.service.ts';

export type AppDeps = {
  config: Config;
  db: Db;
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
  app.setSerializerCompiler(serializerCompiler);
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
          'Every call of the Shipyard web app. Authenticate with the sec-prd-token cookie set by POST /api/auth/login, or send the token as `Authorization: Bearer <token>`. Errors answer `{ error, message, code, details?, requestId }`.',
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
  });

  const mailer = deps.mailer ?? createMailer(config.smtpUrl, config.mailFrom);
  app.addHook('onClose', async () => mailer.close());

  const sessions = createSessionStore(db, clock);
  app.addHook('onRequest', async (req) => {
    if (!req.url.startsWith('/api/')) return;
    const token = tokenFromRequest(req);
    if (token) req.sessionUser = await sessions.resolve(token);
  });

  const storage = createStorage(config.dataDir);
  // Stored secrets and the webhook outbox's sender (docs/decisions/008-webhooks.md). main.ts
  // starts the worker's interval; tests call app.webhooks.deliverDue() themselves.
  const secrets = await loadSecretBox({ appSecret: config.appSecret, dataDir: config.dataDir });
  const webhooks = createWebhookWorker({
    db,
    secrets,
    clock,
    allowPrivate: config.webhookAllowPrivate,
    log: app.log,
  });
  app.decorate('webhooks', webhooks);
  app.addHook('onClose', async () => webhooks.stop());
  const outbox = createWebhookOutbox({ clock });
  // Realtime (docs/decisions/009-realtime.md): services publish committed changes on the bus;
  // every process's hub routes them to the sockets that may see them.
  const bus =
    deps.bus ?? createChangeBus({ redis: deps.redis, databaseUrl: deps.databaseUrl, db, log: app.log });
  const changes = createChanges(bus, app.log, () => clock.now().getTime());
  const realtime = createRealtimeHub({ bus, db, sessions, clock, log: app.log });
  app.decorate('realtime', realtime);
  // The sockets close in the realtime route's preClose (before the server stops); the bus last.
  app.addHook('onClose', async () => bus.close());
  const users = createUsersRepository(db);
  const tokens = createAuthRepository(db);
  const accounts = createAccounts({ db, users, sessions, tokens, clock, changes, appUrl: config.appUrl });
  const common = { db, users, sessions, mailer, clock, appUrl: config.appUrl, changes };

  await app.register(
    async (api) => {
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
      await api.register(scalar, {
        routePrefix: '/docs',
        // No Scalar fonts CDN; no "Ask AI" agent (on localhost it fetches Scalar's hosted registry).
        configuration: {
          url: '/api/openapi.json',
          withDefaultFonts: false,
          agent: { disabled: true },
          title: 'Shipyard API',
        },
      });
      await api.register(healthRoutes, { db });
      const documents = createDocumentsRepository(db);
      // Upload quotas count the documents an account uploaded and its avatar (issue 13 #11).
      const avatars = createAvatarService({ users, storage, changes, quota: () => uploadQuota });
      const uploadQuota = createUploadQuota(config.uploads, {
        ofUser: async (user) => (await documents.bytesUploadedBy(user.id)) + (await avatars.bytesOf(user)),
        total: async () => (await documents.totalBytes()) + (await avatars.totalBytes()),
      });
      await api.register(authRoutes, {
        service: createAuthService({
          ...common,
          accounts,
          tokens,
          log: app.log,
          throttle: createAuthThrottle(rateLimitCounter(app)),
        }),
        avatars,
        google: createGoogleSignIn({ google: config.google, appUrl: config.appUrl, tokens, accounts, clock }),
        sessions,
        storage,
        secureCookies: config.secureCookies,
        rateLimits: { ...defaultRateLimits, ...deps.rateLimits },
        uploadsPerHour: config.uploads.perHour,
      });
      await api.register(usersRoutes, { service: createUsersService({ ...common, accounts }) });
      const activities = createActivitiesRepository(db);
      const notifications = createNotificationsRepository(db);
      const files = createDocumentFiles({ documents, storage, log: app.log });
      await api.register(projectsRoutes, {
        service: createProjectsService({
          db,
          projects: createProjectsRepository(db),
          activities,
          files,
          outbox,
          changes,
        }),
      });
      await api.register(tasksRoutes, {
        service: createTasksService({
          db,
          tasks: createTasksRepository(db),
          activities,
          notifications,
          outbox,
          changes,
        }),
      });
      await api.register(teamsRoutes, {
        service: createTeamsService({
          db,
          teams: createTeamsRepository(db),
          activities,
          notifications,
          changes,
        }),
        invitesPerHour: config.invitesPerHour,
      });
      await api.register(notificationsRoutes, {
        service: createNotificationsService({ db, notifications, changes }),
      });
      await api.register(activitiesRoutes, { service: createActivitiesService({ db, activities, changes }) });
      await api.register(dashboardRoutes, {
        service: createDashboardService({ dashboard: createDashboardRepository(db), clock }),
      });
      await api.register(analyticsRoutes, {
        service: createAnalyticsService({ analytics: createAnalyticsRepository(db), clock }),
      });
      await api.register(reportsRoutes, {
        service: createReportsService({ reports: createReportsRepository(db), clock }),
      });
      await api.register(documentsRoutes, {
        service: createDocumentsService({
          db,
          documents,
          storage,
          log: app.log,
          changes,
          quota: uploadQuota,
        }),
        uploadsPerHour: config.uploads.perHour,
      });
      await api.register(servicesRoutes, {
        service: createServicesService({
          db,
          services: createServicesRepository(db),
          secrets,
          allowPrivateWebhooks: config.webhookAllowPrivate,
          changes,
        }),
      });
      await api.register(realtimeRoutes, { hub: realtime, appUrl: config.appUrl });
      await api.register(eventsRoutes, {
        service: createEventsService({ db, events: createEventsRepository(db), activities, clock, changes }),
      });
    },
    { prefix: '/api' },
  );

  await serveWebApp(app, deps.webDist ?? defaultWebDist);
  return app;
}

/** The built SPA, with history fallback: any non-/api GET that is not a file gets index.html. */
async function serveWebApp(app: FastifyInstance, root: string) {
  const hasBuild = fs.existsSync(`${root}/index.html`);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
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
