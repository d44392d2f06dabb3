import { authMessages, SESSION_COOKIE, SESSION_TTL_MS, securityMessages } from '@shipyard/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UserRow } from '../db/schema/index.ts';
import { Forbidden, Unauthorized } from './errors.ts';

// The signed-in caller of a request, as the session plugin (platform/session.ts) resolved it,
// and the session cookie.

/**
 * `sessionExpiresAt`: when this session ends (the realtime socket closes then, issue 13).
 * `apiToken`: set when the caller authenticated with a personal API token rather than a
 * session; `sessionId` is then the token's id (decision 013).
 */
export type SessionUser = UserRow & {
  sessionId: string;
  sessionExpiresAt: Date;
  apiToken?: { id: string; scope: 'read' | 'write' };
};

/** Personal API tokens start with this, so a leaked one is recognisable (secret scanners). */
export const API_TOKEN_PREFIX = 'sy_pat_';
declare module 'fastify' {
  interface FastifyRequest {
    sessionUser?: SessionUser;
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
 * Route hook of the account-security calls (password, two-factor, API tokens, sessions): a
 * signed-in browser session only, never a personal API token (decision 013).
 */
export async function requireBrowserSession(req: FastifyRequest) {
  if (currentUser(req).apiToken) throw Forbidden(securityMessages.tokenNotAllowed, 'API_TOKEN_NOT_ALLOWED');
}

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
