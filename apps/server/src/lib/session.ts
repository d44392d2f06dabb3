import { authMessages, SESSION_COOKIE, SESSION_TTL_MS, securityMessages } from '@shipyard/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UserRow } from '../db/schema/index.ts';
import type { Clock } from './clock.ts';
import { AppError, Forbidden, Unauthorized } from './errors.ts';
import type { FreshnessReading } from './fresh-cache.ts';

// The signed-in caller of a request, as the session plugin (platform/session.ts) resolved it,
// and the session cookie.

/**
 * `sessionExpiresAt`: when this session ends (the realtime socket closes then, issue 13).
 * `authenticatedAt`: when its person last proved who they are (sign-in or re-authentication);
 * never for an API token. `apiToken`: set when the caller authenticated with a personal API
 * token rather than a session; `sessionId` is then the token's id (decision 013).
 */
export type SessionUser = UserRow & {
  sessionId: string;
  sessionExpiresAt: Date;
  authenticatedAt: Date;
  apiToken?: { id: string; scope: 'read' | 'write' };
  /**
   * The database's freshness, read with the session after the request arrived, on a route that
   * says `readsFresh` (lib/fresh-cache.ts): what its shared answer's cache uses instead of a probe.
   */
  freshness?: FreshnessReading;
};

/** Personal API tokens start with this, so a leaked one is recognisable (secret scanners). */
export const API_TOKEN_PREFIX = 'sy_pat_';
/** How long a sign-in or a re-authentication counts as recent (GitHub's sudo mode; issue 27 #2). */
const REAUTH_WINDOW_MS = 10 * 60 * 1000;

declare module 'fastify' {
  interface FastifyRequest {
    sessionUser?: SessionUser;
  }
  interface FastifyContextConfig {
    /** The route answers from a fresh cache: its session lookup also reads the freshness. */
    readsFresh?: boolean;
  }
}

export function tokenFromRequest(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || undefined;
  return req.cookies[SESSION_COOKIE] || undefined;
}

/** The signed-in caller, or 401. Every protected handler starts here. */
export function currentUser(req: FastifyRequest): SessionUser {
  if (!req.sessionUser) throw Unauthorized(authMessages.sessionRequired);
  return req.sessionUser;
}

/** Route hook: refuses a caller without a session before the body is even validated. */
export async function requireSession(req: FastifyRequest) {
  currentUser(req);
}

/**
 * Route hook of what only a person may do: account security (password, two-factor, API tokens,
 * sessions, linked sign-in providers; decision 013) and every change to someone's sign-in,
 * factor, role, status or e-mail, creating accounts, the instance's security settings and
 * webhook endpoints (issue 27 #2). A signed-in browser session only (401 without one), never a
 * personal API token (403 `API_TOKEN_NOT_ALLOWED`), whatever its scope.
 */
export async function requireBrowserSession(req: FastifyRequest) {
  if (currentUser(req).apiToken) throw Forbidden(securityMessages.tokenNotAllowed, 'API_TOKEN_NOT_ALLOWED');
}

/**
 * For what needs the person to have proved who they are within REAUTH_WINDOW_MS (granting admin,
 * linking a sign-in provider): 403 `REAUTH_REQUIRED` otherwise. `details.password` says whether
 * the account has a password to type (else a two-factor code, or a new sign-in).
 */
export function requireRecentAuthentication(actor: SessionUser, now: Date) {
  if (actor.apiToken) throw Forbidden(securityMessages.tokenNotAllowed, 'API_TOKEN_NOT_ALLOWED');
  if (now.getTime() - actor.authenticatedAt.getTime() <= REAUTH_WINDOW_MS) return;
  throw new AppError(403, 'REAUTH_REQUIRED', securityMessages.reauthRequired, {
    password: actor.passwordHash !== null,
  });
}

/** requireRecentAuthentication as a route hook, for routes that always need it. */
export const recentlyAuthenticated = (clock: Clock) => async (req: FastifyRequest) =>
  requireRecentAuthentication(currentUser(req), clock.now());

/** A read-only API token may only read: refused before anything runs (platform/session.ts onRequest). */
export function refuseReadOnlyWrite(req: FastifyRequest) {
  const token = req.sessionUser?.apiToken;
  if (token?.scope === 'read' && !['GET', 'HEAD', 'OPTIONS'].includes(req.method))
    throw Forbidden(securityMessages.tokenReadOnly, 'API_TOKEN_READ_ONLY');
}

export function setSessionCookie(reply: FastifyReply, token: string, secure: boolean) {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure,
    path: '/',
    maxAge: SESSION_TTL_MS / 1000,
  });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'strict', secure, path: '/' });
}

export const requestMeta = (req: FastifyRequest) => ({ userAgent: req.headers['user-agent'], ip: req.ip });
