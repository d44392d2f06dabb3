import rateLimit from '@fastify/rate-limit';
import { authMessages, genericMessages } from '@shipyard/shared';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { AppError } from '../lib/errors.ts';
import { accountKey } from '../lib/per-user-rate-limit.ts';
import { pgRateLimitStore, sweepRateLimitCounters } from './rate-limit.store.ts';

// The rate limiter (@fastify/rate-limit) and its store, which every process shares: Redis when
// REDIS_URL is set, else PostgreSQL (rate-limit.store.ts, issue 27 #10). Modules declare their
// routes' limits in the route's `config` (lib/per-user-rate-limit.ts) or count through
// `app.createRateLimit` (the auth module's per-account throttle); this plugin adds the one limit
// every other write has (issue 27 #6): a budget of non-GET /api calls per account and minute,
// shared by all the routes that declare no limit of their own.

/** Requests per address and minute of the sign-in routes (tests raise them). */
export type RateLimits = Record<'login' | 'register' | 'reset' | 'verify' | 'resend', number>;
const defaultRateLimits: RateLimits = { login: 10, register: 5, reset: 5, verify: 20, resend: 5 };

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
const SWEEP_JOB = 'platform.rate-limit-sweep';

declare module 'fastify' {
  interface FastifyInstance {
    /** The sign-in routes' limits per address and minute (the auth module applies them). */
    rateLimits: RateLimits;
  }
}

type RateLimitOptions = { redis?: Redis; rateLimits?: Partial<RateLimits> };

export const rateLimitPlugin = fp<RateLimitOptions>(
  async (app, { redis, rateLimits }) => {
    await app.register(rateLimit, {
      global: false,
      ...(redis ? { redis } : { store: pgRateLimitStore(app.pool) }),
      // A store that cannot answer (Redis or the database away) must not lock everyone out:
      // count nothing rather than fail the request.
      skipOnError: true,
      nameSpace: 'shipyard-rl:',
      errorResponseBuilder: () => new AppError(429, 'RATE_LIMITED', authMessages.rateLimited),
    });
    app.decorate('rateLimits', { ...defaultRateLimits, ...rateLimits });

    // Every write counts against its account (its address before sign-in), whichever route it
    // takes: after the session is resolved, before the body is read. A route that declares its own
    // limit (or `rateLimit: false`) counts there instead, so that spending the budget (a leaked
    // token's flood, say) never keeps the owner from revoking tokens, ending sessions, changing
    // the password or signing out: those routes have limits of their own.
    const perMinute = app.config.writesPerMinute;
    const writes = app.createRateLimit({
      max: perMinute,
      timeWindow: 60_000,
      keyGenerator: (req) => `write:${accountKey(req)}`,
    });
    app.addHook('onRequest', async (req, reply) => {
      if (READS.has(req.method) || !req.url.startsWith('/api/')) return;
      if (req.routeOptions.config?.rateLimit !== undefined) return;
      const limit = await writes(req);
      if (limit.isAllowed || !limit.isExceeded) return;
      reply.header('retry-after', limit.ttlInSeconds);
      throw new AppError(429, 'RATE_LIMITED', genericMessages.tooManyWrites(perMinute), {
        retryAfter: limit.ttlInSeconds,
      });
    });

    // Ended windows are deleted, and the table kept bounded, once a minute by one process.
    if (!redis)
      app.jobs.handle({ [SWEEP_JOB]: async () => void (await sweepRateLimitCounters(app.pool)) }, [
        { match: '* * * * *', task: SWEEP_JOB },
      ]);
  },
  {
    name: 'platform.rate-limit',
    // The session first: the write limit counts per account.
    dependencies: ['platform.core', 'platform.session', 'platform.jobs'],
  },
);
