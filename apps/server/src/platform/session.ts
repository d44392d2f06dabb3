import { SESSION_TTL_MS } from '@shipyard/shared';
import { and, desc, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.ts';
import { apiTokens, authTokens, calendarFeeds, sessions, users } from '../db/schema/index.ts';
import type { Clock } from '../lib/clock.ts';
import { randomToken, sha256 } from '../lib/crypto.ts';
import { type FreshnessReading, freshnessReadings } from '../lib/fresh-cache.ts';
import { createSharedRoundTrips } from '../lib/round-trips.ts';
import { API_TOKEN_PREFIX, refuseReadOnlyWrite, type SessionUser, tokenFromRequest } from '../lib/session.ts';

// Sessions (ARCHITECTURE §4, docs/decisions/002-sessions.md): opaque 256-bit tokens, stored as
// SHA-256, 7-day lifetime. Every /api request re-reads the caller (req.sessionUser), so a role
// change, a disabled account or a revoked session applies at once. The request helpers
// (currentUser, requireSession, the cookie) are lib/session.ts.

/** Last-use times are written at most this often per session or token. */
const LAST_USE_EVERY_MS = 60 * 1000;

declare module 'fastify' {
  interface FastifyInstance {
    /** Sessions and personal API tokens: create, resolve, list and end them. */
    sessions: SessionStore;
  }
}

export const sessionPlugin = fp(
  async (app) => {
    const store = createSessionStore(app.db, app.clock);
    app.decorate('sessions', store);
    app.addHook('onRequest', async (req) => {
      if (!req.url.startsWith('/api/')) return;
      const token = tokenFromRequest(req);
      const fresh = req.routeOptions.config?.readsFresh === true;
      if (token) req.sessionUser = await store.resolve(token, { ip: req.ip, fresh });
      refuseReadOnlyWrite(req);
    });
  },
  { name: 'platform.session', dependencies: ['platform.core', 'platform.http'] },
);

export type SessionStore = ReturnType<typeof createSessionStore>;

export function createSessionStore(db: Db, clock: Clock) {
  // Every request of a signed-in caller runs this lookup: prepared once per pooled connection
  // (a named statement), it is neither rebuilt by Drizzle nor planned again by PostgreSQL on each
  // request (docs/decisions/023-request-hot-path.md). It still reads the session and the user
  // every time: a sign-out, a disabled account or a role change applies to the next request. The
  // lookups of requests arriving together share one statement (lib/round-trips.ts), each sent
  // after its request arrived.
  const readings = freshnessReadings(db);
  const lookup = (select: 'plain' | 'fresh') =>
    db
      .select({
        session: sessions,
        user: users,
        ...(select === 'fresh'
          ? { freshness: readings.column(sql`${sql.placeholder('asked')}::text[]`) }
          : {}),
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          sql`${sessions.tokenHash} = any(${sql.placeholder('tokenHashes')}::text[])`,
          gt(sessions.expiresAt, sql.placeholder('now')),
          isNull(users.disabledAt),
        ),
      )
      .prepare(select === 'fresh' ? 'sessions_by_tokens_fresh' : 'sessions_by_tokens');
  const sessionsByTokens = lookup('plain');
  // The same, with the database's freshness read after it in the same statement, for a batch
  // with a request to a route that reads a shared answer (route config `readsFresh`): its cache
  // then needs no probe of its own (lib/fresh-cache.ts, decision 023).
  const sessionsByTokensFresh = lookup('fresh');
  type Found = Awaited<ReturnType<typeof sessionsByTokens.execute>>[number];
  type Asked = { hash: string; fresh: boolean };
  const sessionByToken = createSharedRoundTrips<
    Asked,
    { row: Found; freshness?: FreshnessReading } | undefined
  >(async (keys) => {
    const tokenHashes = [...new Set(keys.map((key) => key.hash))];
    const now = clock.now();
    let rows: (Found & { freshness?: Parameters<typeof readings.parse>[0] })[];
    let asked: string[] = [];
    if (keys.some((key) => key.fresh)) {
      asked = readings.held();
      rows = await sessionsByTokensFresh.execute({ tokenHashes, now, asked });
    } else rows = await sessionsByTokens.execute({ tokenHashes, now });
    const answer = rows[0]?.freshness;
    const freshness = answer ? readings.parse(answer, asked) : undefined;
    const found = new Map(rows.map((row) => [row.session.tokenHash, row]));
    return keys.map((key) => {
      const row = found.get(key.hash);
      return row && { row, ...(key.fresh && freshness ? { freshness } : {}) };
    });
  });

  return {
    async create(userId: string, meta: { userAgent?: string; ip?: string }, tx: Db = db) {
      const token = randomToken();
      await tx.insert(sessions).values({
        userId,
        tokenHash: sha256(token),
        expiresAt: new Date(clock.now().getTime() + SESSION_TTL_MS),
        userAgent: meta.userAgent?.slice(0, 512),
        ip: meta.ip,
        authenticatedAt: clock.now(),
      });
      return token;
    },

    /** Its person typed their password or a two-factor code again: the session counts as recent. */
    async markAuthenticated(sessionId: string) {
      await db.update(sessions).set({ authenticatedAt: clock.now() }).where(eq(sessions.id, sessionId));
    },

    /**
     * The caller of `token`, read now. `fresh`: with the database's freshness read in the same
     * statement (SessionUser.freshness), for a route whose answer a fresh cache shares.
     */
    async resolve(
      token: string,
      meta: { ip?: string; fresh?: boolean } = {},
    ): Promise<SessionUser | undefined> {
      if (token.startsWith(API_TOKEN_PREFIX)) return resolveApiToken(token, meta.ip);
      const found = await sessionByToken({ hash: sha256(token), fresh: meta.fresh === true });
      if (!found) return undefined;
      const { row, freshness } = found;
      const now = clock.now();
      const seen = row.session.lastSeenAt ?? row.session.createdAt;
      if (now.getTime() - seen.getTime() >= LAST_USE_EVERY_MS) {
        await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.session.id));
      }
      return {
        ...row.user,
        sessionId: row.session.id,
        sessionExpiresAt: row.session.expiresAt,
        authenticatedAt: row.session.authenticatedAt,
        ...(freshness ? { freshness } : {}),
      };
    },

    /** The account's live sessions, most recently used first. */
    async list(userId: string) {
      return db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, clock.now())))
        .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt))
        .limit(200);
    },

    /** Ends one of the account's own sessions; false when it has no such session. */
    async revokeOwn(userId: string, sessionId: string) {
      const gone = await db
        .delete(sessions)
        .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
        .returning({ id: sessions.id });
      return gone.length > 0;
    },

    /** Ends every session of the account but `keepSessionId`; returns how many ended. */
    async revokeOthers(userId: string, keepSessionId: string) {
      const gone = await db
        .delete(sessions)
        .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)))
        .returning({ id: sessions.id });
      return gone.length;
    },

    async revoke(sessionId: string) {
      await db.delete(sessions).where(eq(sessions.id, sessionId));
    },

    /**
     * Ends every session of a user but the one named (the caller's own, after a password
     * change), and cancels every outstanding single-use token of theirs: e-mail verification,
     * password reset, the forced-change temp_token and a pending two-factor sign-in; and it
     * revokes every personal API token of theirs (decision 013) and turns off their calendar feed
     * (decision 017). Every path that changes the password,
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
      await tx.delete(apiTokens).where(eq(apiTokens.userId, userId));
      await tx.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
    },
  };

  async function resolveApiToken(token: string, ip: string | undefined): Promise<SessionUser | undefined> {
    const now = clock.now();
    const [row] = await db
      .select({ token: apiTokens, user: users })
      .from(apiTokens)
      .innerJoin(users, eq(users.id, apiTokens.userId))
      .where(
        and(
          eq(apiTokens.tokenHash, sha256(token)),
          or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, now)),
          isNull(users.disabledAt),
        ),
      )
      .limit(1);
    if (!row) return undefined;
    const stale = new Date(now.getTime() - LAST_USE_EVERY_MS);
    await db
      .update(apiTokens)
      .set({ lastUsedAt: now, lastUsedIp: ip ?? null })
      .where(
        and(
          eq(apiTokens.id, row.token.id),
          or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, stale)),
        ),
      );
    return {
      ...row.user,
      sessionId: row.token.id,
      sessionExpiresAt: row.token.expiresAt ?? new Date(now.getTime() + SESSION_TTL_MS),
      // A token never counts as a person who just proved who they are.
      authenticatedAt: new Date(0),
      apiToken: { id: row.token.id, scope: row.token.scope },
    };
  }
}
