import { authMessages } from '@shipyard/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.ts';

// Limits per account and per target address (docs/decisions/010-account-security.md), beside
// the per-address route limits of auth.routes.ts. The counts live in the platform limiter's store
// (platform/rate-limit.ts), which every process shares: Redis when REDIS_URL is set, else PostgreSQL.

const MINUTE = 60 * 1000;

/** Login: failures per account (its e-mail, whether or not an account has it). */
const LOGIN_FREE_FAILURES = 5;
const LOGIN_FAILURE_WINDOW_MS = 15 * MINUTE;
/** The waits after the 5th, 6th, … failure: 30 s doubling, capped at 5 minutes. */
const LOGIN_BACKOFF_MS = [0.5, 1, 2, 4, 5].map((m) => m * MINUTE);
/** An address an account signed in from counts as its own for this long (from that first sign-in). */
const KNOWN_ADDRESS_MS = 30 * 24 * 60 * MINUTE;
/** Account mails (reset, verification, sign-up notice) to one address, per kind. */
const MAILS_PER_ADDRESS = 3;
const MAIL_WINDOW_MS = 60 * MINUTE;
/** Wrong current passwords on the change-password form, per account. */
const PASSWORD_CHANGE_FAILURES = 5;
const PASSWORD_CHANGE_WINDOW_MS = 15 * MINUTE;

/** Wrong two-factor codes (TOTP or recovery) per account, wherever they are typed (decision 013). */
const TWO_FACTOR_FAILURES = 5;
const TWO_FACTOR_WINDOW_MS = 15 * MINUTE;

type Count = { count: number; ttlMs: number };
/** A fixed-window counter: the window starts at a key's first hit. */
export type Counter = {
  hit: (key: string, windowMs: number) => Promise<Count>;
  peek: (key: string, windowMs: number) => Promise<Count>;
};

const COUNT_MAX = 1_000_000_000;
type Probe = { key: string; windowMs: number; routeOptions: { config: object } };

/** A Counter on the platform's rate limiter (its store, namespace and error policy). */
export function rateLimitCounter(app: FastifyInstance): Counter {
  const limiter = app.createRateLimit({
    max: COUNT_MAX,
    keyGenerator: (req) => (req as unknown as Probe).key,
    timeWindow: (req) => (req as unknown as Probe).windowMs,
  });
  const run = async (key: string, windowMs: number, increment: boolean): Promise<Count> => {
    const probe: Probe = { key: `acct:${key}`, windowMs, routeOptions: { config: {} } };
    const result = await limiter(probe as unknown as FastifyRequest, { increment });
    // A store failure counts nothing (skipOnError), like the route limits.
    if (result.isAllowed) return { count: 0, ttlMs: 0 };
    return { count: COUNT_MAX - result.remaining, ttlMs: result.ttl };
  };
  return {
    hit: (key, windowMs) => run(key, windowMs, true),
    peek: (key, windowMs) => run(key, windowMs, false),
  };
}

const tooMany = (message: string, ttlMs: number) =>
  new AppError(429, 'RATE_LIMITED', message, { retryAfter: Math.max(1, Math.ceil(ttlMs / 1000)) });

/**
 * Where a login attempt comes from: its address, and the device id of a valid device cookie for
 * the account it names (auth.device-cookies.ts), if it carries one.
 */
export type LoginSource = { ip: string; device?: string | undefined };
/** Whose failures an attempt counts with: its device, a known address of the account, or every unknown source. */
export type LoginScope = `device:${string}` | `ip:${string}` | 'unknown';

export function createAuthThrottle(counter: Counter) {
  const failuresOf = (email: string, scope: LoginScope) => `login-fail:${scope}:${email}`;
  const lockOf = (email: string, scope: LoginScope, level: number) => `login-lock:${scope}:${email}:${level}`;
  const knownFrom = (email: string, ip: string) => `login-known:${ip}:${email}`;
  const levelOf = (failures: number) => Math.min(failures - LOGIN_FREE_FAILURES, LOGIN_BACKOFF_MS.length - 1);

  async function scopeOf(email: string, { ip, device }: LoginSource): Promise<LoginScope> {
    if (device) return `device:${device}`;
    const known = await counter.peek(knownFrom(email, ip), KNOWN_ADDRESS_MS);
    return known.count > 0 ? `ip:${ip}` : 'unknown';
  }

  return {
    /**
     * Before a password is checked (OWASP's device cookies, issue 27 #14): failures count per
     * account (its e-mail, whether or not an account has it) in one of three scopes — the
     * attempt's device, when it has a valid device cookie for the account; else the address,
     * when the account signed in from it within KNOWN_ADDRESS_MS; else every unknown source
     * together. After 5 failures in a scope, that scope waits 30 s, 1, 2, 4, then 5 minutes at
     * most; the others do not, so guessers from anywhere never lock the owner's browser or
     * usual address out. Answers the scope, for loginFailed.
     */
    async beforeLogin(email: string, source: LoginSource): Promise<LoginScope> {
      const scope = await scopeOf(email, source);
      const failures = (await counter.peek(failuresOf(email, scope), LOGIN_FAILURE_WINDOW_MS)).count;
      if (failures < LOGIN_FREE_FAILURES) return scope;
      const level = levelOf(failures);
      const lock = await counter.peek(lockOf(email, scope, level), LOGIN_BACKOFF_MS[level] ?? 0);
      if (lock.count === 0) return scope;
      throw tooMany(authMessages.loginLocked, lock.ttlMs);
    },

    async loginFailed(email: string, scope: LoginScope) {
      const failures = (await counter.hit(failuresOf(email, scope), LOGIN_FAILURE_WINDOW_MS)).count;
      if (failures < LOGIN_FREE_FAILURES) return;
      const level = levelOf(failures);
      await counter.hit(lockOf(email, scope, level), LOGIN_BACKOFF_MS[level] ?? 0);
    },

    /** A sign-in of the account from this address: it is a known address for KNOWN_ADDRESS_MS. */
    async signedIn(email: string, ip: string) {
      await counter.hit(knownFrom(email, ip), KNOWN_ADDRESS_MS);
    },

    /** Counts a mail of a kind to an address; false once the address had its quota this hour. */
    async mayMail(kind: 'reset' | 'verify' | 'signup', email: string) {
      return (await counter.hit(`mail:${kind}:${email}`, MAIL_WINDOW_MS)).count <= MAILS_PER_ADDRESS;
    },

    /** Before the current password is checked on the change-password form. */
    async beforePasswordChange(userId: string) {
      const wrong = await counter.peek(`pw-change:${userId}`, PASSWORD_CHANGE_WINDOW_MS);
      if (wrong.count >= PASSWORD_CHANGE_FAILURES) throw tooMany(authMessages.rateLimited, wrong.ttlMs);
    },

    async passwordChangeFailed(userId: string) {
      await counter.hit(`pw-change:${userId}`, PASSWORD_CHANGE_WINDOW_MS);
    },

    /** Before a two-factor code is checked: 5 wrong codes per account per 15 minutes, then 429. */
    async beforeCode(userId: string) {
      const wrong = await counter.peek(`2fa-fail:${userId}`, TWO_FACTOR_WINDOW_MS);
      if (wrong.count >= TWO_FACTOR_FAILURES) throw tooMany(authMessages.rateLimited, wrong.ttlMs);
    },

    async codeFailed(userId: string) {
      await counter.hit(`2fa-fail:${userId}`, TWO_FACTOR_WINDOW_MS);
    },
  };
}

export type AuthThrottle = ReturnType<typeof createAuthThrottle>;
