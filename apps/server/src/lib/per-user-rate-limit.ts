import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

/**
 * A route's `config` for @fastify/rate-limit counting per signed-in account (per address before
 * sign-in), refusing with 429 and a message that says what the limit is. Counted per route, in
 * Redis when REDIS_URL is set (so across processes), in the process otherwise.
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
      keyGenerator: (req: FastifyRequest) =>
        req.sessionUser ? `user:${req.sessionUser.id}` : `ip:${req.ip}`,
      errorResponseBuilder: () => new AppError(429, code, message),
    },
  };
}
