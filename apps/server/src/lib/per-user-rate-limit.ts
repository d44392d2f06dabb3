import { BULK_CHANGES_PER_MINUTE, bulkMessages } from '@shipyard/shared';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

/** Whom a limit per account counts: the signed-in account, or the address before sign-in. */
export const accountKey = (req: FastifyRequest) =>
  req.sessionUser ? `user:${req.sessionUser.id}` : `ip:${req.ip}`;

/**
 * A route's `config` for @fastify/rate-limit counting per signed-in account (per address before
 * sign-in), refusing with 429 and a message that says what the limit is. Counted per route in the
 * limiter's store (platform/rate-limit.ts), which every process shares: Redis when REDIS_URL is
 * set, PostgreSQL otherwise.
 */
export function perUserRateLimit(
  max: number,
  timeWindow: '1 minute' | '1 hour',
  message: string,
  code: string,
) {
  return {
    rateLimit: {
      max,
      timeWindow,
      keyGenerator: accountKey,
      errorResponseBuilder: () => new AppError(429, code, message),
    },
  };
}

/**
 * The limit of every bulk change of tasks and of its Undo (issue 30, decisions 044 and 045):
 * BULK_CHANGES_PER_MINUTE a minute per account, on each route.
 */
export const bulkChangeLimit = () =>
  perUserRateLimit(BULK_CHANGES_PER_MINUTE, '1 minute', bulkMessages.rateLimited, 'BULK_RATE_LIMITED');
