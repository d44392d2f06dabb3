import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type AuthTokenPurpose, authTokens, oidcLogins, sessions, users } from '../../db/schema/index.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';

/** A token of that purpose, not used yet and not expired at `now`. */
const liveToken = (token: string, purpose: AuthTokenPurpose, now: Date) =>
  and(
    eq(authTokens.tokenHash, sha256(token)),
    eq(authTokens.purpose, purpose),
    isNull(authTokens.usedAt),
    gt(authTokens.expiresAt, now),
  );

export function createAuthRepository(db: Db) {
  return {
    /** Issues a single-use token; earlier unused tokens of the same purpose stop working. */
    async issueToken(userId: string, purpose: AuthTokenPurpose, expiresAt: Date, tx: Db = db) {
      const token = randomToken();
      await tx
        .update(authTokens)
        .set({ usedAt: new Date() })
        .where(
          and(eq(authTokens.userId, userId), eq(authTokens.purpose, purpose), isNull(authTokens.usedAt)),
        );
      await tx.insert(authTokens).values({ userId, purpose, tokenHash: sha256(token), expiresAt });
      return token;
    },

    /** Marks a live token used and returns its user id; the update makes a second use find nothing. */
    async consumeToken(token: string, purpose: AuthTokenPurpose, now: Date, tx: Db = db) {
      const [row] = await tx
        .update(authTokens)
        .set({ usedAt: now })
        .where(liveToken(token, purpose, now))
        .returning({ userId: authTokens.userId });
      return row?.userId;
    },

    /** The user id of a live token, without using it up (a mistyped two-factor code keeps its challenge). */
    async peekToken(token: string, purpose: AuthTokenPurpose, now: Date, tx: Db = db) {
      const [row] = await tx
        .select({ userId: authTokens.userId })
        .from(authTokens)
        .where(liveToken(token, purpose, now));
      return row?.userId;
    },

    async saveOidcLogin(values: typeof oidcLogins.$inferInsert, now: Date) {
      await db.delete(oidcLogins).where(lt(oidcLogins.expiresAt, now));
      await db.insert(oidcLogins).values(values);
    },

    async takeOidcLogin(state: string, now: Date) {
      const [row] = await db
        .delete(oidcLogins)
        .where(and(eq(oidcLogins.state, state), gt(oidcLogins.expiresAt, now)))
        .returning();
      return row;
    },

    /** The account of a live session, locked for the caller's transaction (a provider link lands on it). */
    async lockUserOfSession(sessionId: string, now: Date, tx: Db) {
      const [row] = await tx
        .select({ user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, now)))
        .for('update', { of: users });
      return row?.user;
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
