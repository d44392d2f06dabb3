import {
  authMessages,
  type ForceChangePassword,
  type Login,
  RESET_TOKEN_TTL_MS,
  type Register,
  type ResetConfirm,
  securityMessages,
  TEMP_TOKEN_TTL_MS,
  VERIFY_TOKEN_TTL_MS,
} from '@shipyard/shared';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, BadRequest, Forbidden, Unauthorized } from '../../lib/errors.ts';
import { linkMail, type Mailer } from '../../lib/mailer.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { accountChange, type Changes } from '../../lib/realtime/changes.ts';
import { createInTransaction } from '../../lib/write.ts';
import type { AuditLog, AuditMeta } from '../../platform/audit.ts';
import { mailTranslator } from '../../platform/mail-language.ts';
import type { SessionStore } from '../../platform/session.ts';
import { toUser, type UserStore } from '../users/index.ts';
import { type AccountsService, userCreated } from './auth.accounts.ts';
import { createOwnAccount } from './auth.own-account.ts';
import type { AuthRepository } from './auth.repository.ts';
import type { AuthThrottle, LoginSource } from './auth.throttle.ts';
import { type TwoFactor, userTarget } from './auth.two-factor.ts';

type Deps = {
  db: Db;
  users: UserStore;
  accounts: AccountsService;
  tokens: AuthRepository;
  sessions: SessionStore;
  mailer: Mailer;
  clock: Clock;
  appUrl: string;
  log: { error: (obj: object, msg: string) => void };
  /** Realtime: published after commit (docs/decisions/009-realtime.md). */
  changes: Changes;
  /** Limits per account and per target address (decision 010). */
  throttle: AuthThrottle;
  twoFactor: TwoFactor;
  audit: AuditLog;
};
type Meta = AuditMeta;
type ChallengeCode = { challenge_token: string; code: string };

export function createAuthService({
  db,
  users,
  accounts,
  tokens,
  sessions,
  mailer,
  clock,
  appUrl,
  log,
  changes,
  throttle,
  twoFactor,
  audit,
}: Deps) {
  const inTransaction = createInTransaction(db, changes);
  const ownAccount = createOwnAccount({ db, users, sessions, changes, throttle, audit });
  const later = (ms: number) => new Date(clock.now().getTime() + ms);

  async function sendVerification(user: UserRow, tx: Db = db) {
    const token = await tokens.issueToken(user.id, 'verify_email', later(VERIFY_TOKEN_TTL_MS), tx);
    const t = mailTranslator(user.language);
    return linkMail(
      user.email,
      t('Verify your Shipyard email'),
      // Nobody has proved this address yet: the mail carries no text the sender chose, not even
      // the name typed at sign-up (docs/decisions/010-account-security.md).
      t('Welcome to Shipyard! Confirm that this is your email address to finish setting up your account.'),
      t('Verify email'),
      `${appUrl}/verify?token=${token}`,
      t('The link works once and expires in 24 hours. If you did not sign up, ignore this mail.'),
    );
  }

  /** To the owner of an address someone tried to sign up with: nothing the sender typed. */
  const signUpAttemptMail = (email: string, language: string | null | undefined) => {
    const t = mailTranslator(language);
    return linkMail(
      email,
      t('Someone tried to sign up with your Shipyard email'),
      t(
        'Someone tried to create a Shipyard account with this email address, which already has one. If it was you, log in with your password, or choose "Forgot password?" there to set a new one.',
      ),
      t('Log in'),
      `${appUrl}/auth`,
      t('If it was not you, ignore this mail: nothing has changed in your account.'),
    );
  };

  const signInFailed = (meta: Meta, email: string, reason: string, user?: UserRow) =>
    audit.record({
      action: 'sign_in.failure',
      actor: null,
      target: user ? userTarget(user) : undefined,
      meta,
      details: { email, reason },
    });

  /** A session for an account whose every factor is checked; audited. */
  async function openSession(user: UserRow, meta: Meta, method: string, tx: Db = db) {
    const token = await sessions.create(user.id, meta, tx);
    await audit.record(
      {
        action: 'sign_in.success',
        actor: { id: user.id, email: user.email },
        target: userTarget(user),
        meta,
        details: { method },
      },
      tx,
    );
    return { token, user: toUser(user) };
  }

  /** The account a live login challenge of `purpose` belongs to, or 401 (expired, used, disabled). */
  async function challenged(token: string, purpose: 'two_factor' | 'two_factor_setup') {
    const userId = await tokens.peekToken(token, purpose, clock.now());
    const user = userId ? await users.findById(userId) : undefined;
    if (!user || user.disabledAt) throw Unauthorized(securityMessages.challengeExpired, 'CHALLENGE_EXPIRED');
    return user;
  }

  /** Uses the challenge up: a second request with it (a race) finds nothing. */
  async function spend(token: string, purpose: 'two_factor' | 'two_factor_setup', tx: Db = db) {
    if (!(await tokens.consumeToken(token, purpose, clock.now(), tx)))
      throw Unauthorized(securityMessages.challengeExpired, 'CHALLENGE_EXPIRED');
  }

  /** Mail whose sending must not reveal, by its timing, whether an account exists. */
  const sendInBackground = (mail: Parameters<Mailer['send']>[0]) => {
    mailer.send(mail).catch((err) => log.error({ err, to: mail.to }, 'mail delivery failed'));
  };

  return {
    /**
     * The same answer whether or not the address has an account (decision 010): a new address
     * gets its verification link, a taken one a note to its owner, and nothing is stored.
     */
    async register(body: Register) {
      // Hashed either way, so that the answer takes as long for a taken address.
      const passwordHash = await hashPassword(body.password);
      const result = await inTransaction(async (tx, after) => {
        const user = await accounts.insertAccount({ name: body.name, email: body.email, passwordHash }, tx);
        if (!user) return undefined;
        const mail = await sendVerification(user, tx);
        after.publish(userCreated(user));
        return { user, mail };
      });
      if (result) {
        // Sent after commit: the link must point at a token that exists.
        sendInBackground(result.mail);
      } else if (await throttle.mayMail('signup', body.email)) {
        // In its owner's language, looked up after the answer's work, as the mail goes after it.
        void users
          .findByEmail(body.email)
          .then((owner) => sendInBackground(signUpAttemptMail(body.email, owner?.language)))
          .catch((err) => log.error({ err }, 'sign-up attempt mail failed'));
      }
      return { message: authMessages.registered };
    },

    async verifyEmail(token: string) {
      const now = clock.now();
      await db.transaction(async (tx) => {
        const userId = await tokens.consumeToken(token, 'verify_email', now, tx);
        if (!userId) throw BadRequest(authMessages.verifyTokenInvalid, 'TOKEN_INVALID');
        await users.update(userId, { emailVerifiedAt: now }, tx);
      });
      return { message: authMessages.verified };
    },

    async resendVerification(email: string) {
      // Counted whether or not the address has an account: the answer is the same either way.
      if (!(await throttle.mayMail('verify', email))) return { message: authMessages.verificationSent };
      const user = await users.findByEmail(email);
      if (user && !user.emailVerifiedAt && !user.disabledAt) sendInBackground(await sendVerification(user));
      return { message: authMessages.verificationSent };
    },

    async login(body: Login, meta: Meta, source: LoginSource) {
      // Counted per e-mail whether or not an account has it, so the limit reveals nothing.
      const scope = await throttle.beforeLogin(body.email, source);
      const user = await users.findByEmail(body.email);
      if (!user) {
        await burnPasswordCheck(body.password);
        await throttle.loginFailed(body.email, scope);
        await signInFailed(meta, body.email, 'unknown_email');
        throw Unauthorized(authMessages.invalidCredentials, 'INVALID_CREDENTIALS');
      }
      if (!(await verifyPassword(user.passwordHash, body.password))) {
        await throttle.loginFailed(body.email, scope);
        await signInFailed(meta, body.email, 'wrong_password', user);
        throw Unauthorized(authMessages.invalidCredentials, 'INVALID_CREDENTIALS');
      }
      // Only past the password check may an answer say anything about the account.
      if (user.disabledAt) throw Forbidden(authMessages.accountDisabled, 'ACCOUNT_DISABLED');
      if (!user.emailVerifiedAt) throw Forbidden(authMessages.emailNotVerified, 'EMAIL_NOT_VERIFIED');
      if (user.mustChangePassword) {
        const temp_token = await tokens.issueToken(user.id, 'password_change', later(TEMP_TOKEN_TTL_MS));
        throw new AppError(403, 'PASSWORD_CHANGE_REQUIRED', authMessages.mustChangePassword, { temp_token });
      }
      // A code is due, or enrolment when the instance requires two-factor (decision 013).
      await twoFactor.gate(user);
      return openSession(user, meta, 'password');
    },

    /**
     * After an OpenID provider vouched for an account: the same gate as a password sign-in (a
     * code is due, or enrolment), then a session.
     */
    async providerSignIn(userId: string, meta: Meta, method: string) {
      const user = await users.findById(userId);
      if (!user || user.disabledAt) throw Forbidden(authMessages.accountDisabled, 'ACCOUNT_DISABLED');
      await twoFactor.gate(user);
      return openSession(user, meta, method);
    },

    /** A provider sign-in that was refused (its code, e.g. OIDC_EMAIL_UNVERIFIED), for the audit log. */
    async providerFailed(kind: string, code: string, meta: Meta) {
      await audit.record({
        action: 'sign_in.failure',
        actor: null,
        meta,
        details: { provider: kind, reason: code },
      });
    },

    /** Login's second step: the challenge from login and a TOTP or recovery code. */
    async loginWithCode(body: ChallengeCode, meta: Meta) {
      const user = await challenged(body.challenge_token, 'two_factor');
      try {
        await twoFactor.verify(user, body.code, meta);
      } catch (err) {
        await signInFailed(meta, user.email, 'wrong_code', user);
        throw err;
      }
      return db.transaction(async (tx) => {
        await spend(body.challenge_token, 'two_factor', tx);
        return openSession(user, meta, 'password+code', tx);
      });
    },

    /** Enrolment during sign-in, when the instance requires two-factor: the new secret. */
    async loginSetup(body: { challenge_token: string }) {
      return twoFactor.beginSetup(await challenged(body.challenge_token, 'two_factor_setup'));
    },

    /** Enrolment during sign-in: the first code turns it on, then the session opens. */
    async loginEnable(body: ChallengeCode, meta: Meta) {
      const user = await challenged(body.challenge_token, 'two_factor_setup');
      const { recovery_codes } = await twoFactor.enable(user, body.code, meta);
      const session = await db.transaction(async (tx) => {
        await spend(body.challenge_token, 'two_factor_setup', tx);
        return openSession(user, meta, 'password+code', tx);
      });
      return { ...session, recovery_codes };
    },

    async forceChangePassword(body: ForceChangePassword, meta: Meta) {
      const passwordHash = await hashPassword(body.new_password);
      return inTransaction(async (tx, after) => {
        const userId = await tokens.consumeToken(body.temp_token, 'password_change', clock.now(), tx);
        if (!userId) throw Unauthorized(authMessages.tempTokenInvalid, 'TOKEN_INVALID');
        const user = await users.update(userId, { passwordHash, mustChangePassword: false }, tx);
        if (!user) throw Unauthorized(authMessages.tempTokenInvalid, 'TOKEN_INVALID');
        await sessions.endAccess(userId, { tx });
        await audit.record(
          {
            action: 'password.changed',
            actor: { id: user.id, email: user.email },
            target: userTarget(user),
            meta,
            details: { how: 'temporary password replaced' },
          },
          tx,
        );
        after.publish(accountChange('updated', userId));
        return openSession(user, meta, 'temporary password replaced', tx);
      });
    },

    async requestPasswordReset(email: string) {
      // At most a few reset mails an hour to one address; past that the answer stays the same.
      if (!(await throttle.mayMail('reset', email))) return { message: authMessages.resetRequested };
      const user = await users.findByEmail(email);
      if (user && !user.disabledAt) {
        const token = await tokens.issueToken(user.id, 'reset_password', later(RESET_TOKEN_TTL_MS));
        const t = mailTranslator(user.language);
        sendInBackground(
          linkMail(
            user.email,
            t('Reset your Shipyard password'),
            t('Someone asked to reset the password of your Shipyard account.'),
            t('Choose a new password'),
            `${appUrl}/auth?reset_token=${token}`,
            t(
              'The link works once and expires in 1 hour. If it was not you, ignore this mail: your password stays as it is.',
            ),
          ),
        );
      }
      return { message: authMessages.resetRequested };
    },

    async confirmPasswordReset(body: ResetConfirm, meta: Meta) {
      const passwordHash = await hashPassword(body.newPassword);
      const now = clock.now();
      await inTransaction(async (tx, after) => {
        const userId = await tokens.consumeToken(body.token, 'reset_password', now, tx);
        if (!userId) throw BadRequest(authMessages.resetTokenInvalid, 'TOKEN_INVALID');
        const user = await users.findById(userId, tx);
        // Following the mailed link proves the address, and the password is now one they chose.
        await users.update(
          userId,
          { passwordHash, mustChangePassword: false, emailVerifiedAt: user?.emailVerifiedAt ?? now },
          tx,
        );
        await sessions.endAccess(userId, { tx });
        if (user)
          await audit.record(
            {
              action: 'password.reset',
              actor: { id: user.id, email: user.email },
              target: userTarget(user),
              meta,
            },
            tx,
          );
        after.publish(accountChange('updated', userId));
      });
      return { message: authMessages.passwordChanged };
    },

    ...ownAccount,
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
