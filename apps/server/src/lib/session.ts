import { authMessages, SESSION_COOKIE, SESSION_TTL_MS } from '@shipyard/shared';
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { authTokens, sessions, type UserRow, users } from '../db/schema/index.ts';
import type { Clock } from './clock.ts';
import { randomToken, sha256 } from './crypto.ts';
import { Unauthorized } from './errors.ts';

// Opaque 256-bit tokens, stored as SHA-256, 7-day lifetime (ARCHITECTURE §4). Every request
// re-reads the user, so a role change, a disabled account or a revoked session applies at once.

/** `sessionExpiresAt`: when this session ends (the realtime socket closes then, issue 13). */
export type SessionUser = UserRow & { sessionId: string; sessionExpiresAt: Date };

declare module 'fastify' {
  interface FastifyRequest {
    sessionUser?: SessionUser;
  }
}

export type SessionStore = ReturnType<typeof createSessionStore>;

export function createSessionStore(db: Db, clock: Clock) {
  return {
    async create(userId: string, meta: { userAgent?: string; ip?: string }, tx: Db = db) {
      const token = randomToken();
      await tx.insert(sessions).values({
        userId,
        tokenHash: sha256(token),
        expiresAt: new Date(clock.now().getTime() + SESSION_TTL_MS),
        userAgent: meta.userAgent?.slice(0, 512),
        ip: meta.ip,
      });
      return token;
    },

    async resolve(token: string): Promise<SessionUser | undefined> {
      const [row] = await db
        .select({ session: sessions, user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(
          and(
            eq(sessions.tokenHash, sha256(token)),
            gt(sessions.expiresAt, clock.now()),
            isNull(users.disabledAt),
          ),
        )
        .limit(1);
      return row
        ? { ...row.user, sessionId: row.session.id, sessionExpiresAt: row.session.expiresAt }
        : undefined;
    },

    async revoke(sessionId: string) {
      await db.delete(sessions).where(eq(sessions.id, sessionId));
    },

    /**
     * Ends every session of a user but the one named (the caller's own, after a password
     * change), and cancels every outstanding single-use token of theirs: e-mail verification,
     * password reset and the forced-change temp_token. Every path that changes the password,
     * the e-mail or the status of an account (or hands it to a new owner) calls this, in the
     * transaction of the change (ARCHITECTURE: tokens end when the password, e-mail or status
     * changes; docs/decisions/010-account-security.md).
     */
    async endAccess(userId: string, options: { keepSessionId?: string; tx?: Db } = {}) {
      const tx = options.tx ?? db;
      const keep = options.keepSessionId;
      await tx
        .delete(sessions)
        .where(keep ? and(eq(sessions.userId, userId), ne(sessions.id, keep)) : eq(sessions.userId, userId));
      await tx
        .update(authTokens)
        .set({ usedAt: clock.now() })
        .where(and(eq(authTokens.userId, userId), isNull(authTokens.usedAt)));
    },
  };
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
