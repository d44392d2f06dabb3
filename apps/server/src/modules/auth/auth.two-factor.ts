import { securityMessages, type TwoFactorStatus } from '@shipyard/shared';
import { and, count, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { recoveryCodes, twoFactors, type UserRow } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, BadRequest, Conflict } from '../../lib/errors.ts';
import type { SecretBox } from '../../lib/secrets.ts';
import type { AuditLog, AuditMeta } from '../../platform/audit.ts';
import type { InstanceSettingsStore } from '../../platform/settings.ts';
import type { AuthRepository } from './auth.repository.ts';
import type { AuthThrottle } from './auth.throttle.ts';
import { matchTotp, newRecoveryCodes, newTotpSecret, otpauthUrl, recoveryCodeHash } from './auth.totp.ts';

// Two-factor sign-in with TOTP (docs/decisions/013-accounts.md). The secret is stored encrypted
// and bound to its account; a code is accepted once (its time step must be later than the last
// accepted one, checked and recorded by one UPDATE); recovery codes are single use and stored
// hashed; wrong codes count against the account (auth.throttle.ts).

type Deps = {
  db: Db;
  secrets: SecretBox;
  clock: Clock;
  tokens: AuthRepository;
  throttle: AuthThrottle;
  settings: InstanceSettingsStore;
  audit: AuditLog;
};

/** Login's second step: how long the code (or the enrolment) may take. */
const CHALLENGE_TTL_MS = 5 * 60 * 1000;
const SETUP_CHALLENGE_TTL_MS = 15 * 60 * 1000;

/** What a TOTP secret is bound to when encrypted (the workspace archive checks its key with it). */
export const secretContext = (userId: string) => `two_factors.secret:${userId}`;
const invalidCode = () =>
  BadRequest(securityMessages.codeInvalid, 'CODE_INVALID', {
    fields: { code: [securityMessages.codeInvalid] },
  });
const actorOf = (user: UserRow) => ({ id: user.id, email: user.email });

export function createTwoFactor({ db, secrets, clock, tokens, throttle, settings, audit }: Deps) {
  const later = (ms: number) => new Date(clock.now().getTime() + ms);

  async function stored(userId: string, tx: Db = db) {
    const [row] = await tx.select().from(twoFactors).where(eq(twoFactors.userId, userId));
    return row ? { ...row, secret: secrets.decrypt(row.secret, secretContext(userId)) } : undefined;
  }

  /** Accepts a TOTP code of a step later than the last accepted one, and records its step. */
  async function useTotp(userId: string, secret: string, code: string, tx: Db) {
    const step = matchTotp(secret, code, clock.now());
    if (step === undefined) return false;
    const updated = await tx
      .update(twoFactors)
      .set({ lastStep: step })
      .where(
        and(eq(twoFactors.userId, userId), or(isNull(twoFactors.lastStep), lt(twoFactors.lastStep, step))),
      )
      .returning({ userId: twoFactors.userId });
    return updated.length > 0;
  }

  async function useRecoveryCode(userId: string, code: string, tx: Db) {
    const used = await tx
      .update(recoveryCodes)
      .set({ usedAt: clock.now() })
      .where(
        and(
          eq(recoveryCodes.userId, userId),
          eq(recoveryCodes.codeHash, recoveryCodeHash(userId, code)),
          isNull(recoveryCodes.usedAt),
        ),
      )
      .returning({ id: recoveryCodes.id });
    return used.length > 0;
  }

  async function replaceRecoveryCodes(userId: string, tx: Db) {
    const codes = newRecoveryCodes();
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx
      .insert(recoveryCodes)
      .values(codes.map((code) => ({ userId, codeHash: recoveryCodeHash(userId, code) })));
    return codes;
  }

  async function isEnabled(userId: string) {
    const [row] = await db
      .select({ enabledAt: twoFactors.enabledAt })
      .from(twoFactors)
      .where(eq(twoFactors.userId, userId));
    return Boolean(row?.enabledAt);
  }

  /**
   * Checks a second factor of an account that has one on: a current TOTP code or an unused
   * recovery code. Wrong codes count against the account (5 per 15 minutes, then 429).
   */
  async function verify(user: UserRow, code: string, meta: AuditMeta, tx: Db = db) {
    await throttle.beforeCode(user.id);
    const row = await stored(user.id, tx);
    if (!row?.enabledAt) throw BadRequest(securityMessages.notEnabled, 'TWO_FACTOR_NOT_ENABLED');
    if (await useTotp(user.id, row.secret, code, tx)) return;
    if (!/^\d{6}$/.test(code) && (await useRecoveryCode(user.id, code, tx))) {
      await audit.record(
        { action: 'two_factor.recovery_code_used', actor: actorOf(user), target: userTarget(user), meta },
        tx,
      );
      return;
    }
    await throttle.codeFailed(user.id);
    throw invalidCode();
  }

  return {
    verify,

    async status(user: UserRow): Promise<TwoFactorStatus> {
      const [row] = await db
        .select({ enabledAt: twoFactors.enabledAt })
        .from(twoFactors)
        .where(eq(twoFactors.userId, user.id));
      const [left] = await db
        .select({ n: count() })
        .from(recoveryCodes)
        .where(and(eq(recoveryCodes.userId, user.id), isNull(recoveryCodes.usedAt)));
      return {
        enabled: Boolean(row?.enabledAt),
        required: await settings.requiresTwoFactor(),
        recovery_codes_left: row?.enabledAt ? (left?.n ?? 0) : 0,
      };
    },

    /** A new secret waiting for its first code; replaces one that never got it. */
    async beginSetup(user: UserRow) {
      const existing = await stored(user.id);
      if (existing?.enabledAt) throw Conflict(securityMessages.alreadyEnabled, 'TWO_FACTOR_ENABLED');
      const secret = newTotpSecret();
      const encrypted = secrets.encrypt(secret, secretContext(user.id));
      await db
        .insert(twoFactors)
        .values({ userId: user.id, secret: encrypted })
        .onConflictDoUpdate({
          target: twoFactors.userId,
          set: { secret: encrypted, enabledAt: null, lastStep: null },
        });
      return { secret, otpauth_url: otpauthUrl(secret, user.email) };
    },

    /** Turns it on with the first code from the app; answers the ten recovery codes, once. */
    async enable(user: UserRow, code: string, meta: AuditMeta) {
      await throttle.beforeCode(user.id);
      return db.transaction(async (tx) => {
        const row = await stored(user.id, tx);
        if (row?.enabledAt) throw Conflict(securityMessages.alreadyEnabled, 'TWO_FACTOR_ENABLED');
        if (!row) throw BadRequest(securityMessages.setupFirst, 'TWO_FACTOR_SETUP_MISSING');
        if (!(await useTotp(user.id, row.secret, code, tx))) {
          await throttle.codeFailed(user.id);
          throw invalidCode();
        }
        await tx.update(twoFactors).set({ enabledAt: clock.now() }).where(eq(twoFactors.userId, user.id));
        const codes = await replaceRecoveryCodes(user.id, tx);
        await audit.record(
          { action: 'two_factor.enabled', actor: actorOf(user), target: userTarget(user), meta },
          tx,
        );
        return { recovery_codes: codes };
      });
    },

    /** Turns it off with a current code or a recovery code. */
    async disable(user: UserRow, code: string, meta: AuditMeta) {
      await db.transaction(async (tx) => {
        await verify(user, code, meta, tx);
        await removeTwoFactor(tx, user.id);
        await audit.record(
          { action: 'two_factor.disabled', actor: actorOf(user), target: userTarget(user), meta },
          tx,
        );
      });
      return { message: 'Two-factor sign-in is off.' };
    },

    /**
     * Login's gate once the password (or the provider) is right: an account with two-factor on
     * gets a short-lived challenge for its code; one without it on an instance that requires it
     * gets a challenge to enrol. Neither is a session.
     */
    async gate(user: UserRow) {
      if (await isEnabled(user.id)) {
        const challenge_token = await tokens.issueToken(user.id, 'two_factor', later(CHALLENGE_TTL_MS));
        throw new AppError(403, 'TWO_FACTOR_REQUIRED', securityMessages.twoFactorRequired, {
          challenge_token,
        });
      }
      if (await settings.requiresTwoFactor()) {
        const challenge_token = await tokens.issueToken(
          user.id,
          'two_factor_setup',
          later(SETUP_CHALLENGE_TTL_MS),
        );
        throw new AppError(403, 'TWO_FACTOR_SETUP_REQUIRED', securityMessages.twoFactorSetupRequired, {
          challenge_token,
        });
      }
    },
  };
}

/** Removes an account's second factor and recovery codes; an admin's reset checks the right and audits. */
export async function removeTwoFactor(tx: Db, userId: string) {
  await tx.delete(twoFactors).where(eq(twoFactors.userId, userId));
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}

export const userTarget = (user: Pick<UserRow, 'id' | 'email'>) => ({
  type: 'user' as const,
  id: user.id,
  label: user.email,
});

export type TwoFactor = ReturnType<typeof createTwoFactor>;
