import {
  authMessages,
  isSingleLineText,
  securityMessages,
  userMessages,
  VERIFY_TOKEN_TTL_MS,
} from '@shipyard/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, Conflict } from '../../lib/errors.ts';
import { linkMail, type Mail } from '../../lib/mailer.ts';
import type { Change, Changes } from '../../lib/realtime/changes.ts';
import { accountChange, versionOf } from '../../lib/realtime/changes.ts';
import { createInTransaction } from '../../lib/write.ts';
import { mailTranslator } from '../../platform/mail-language.ts';
import type { SessionStore } from '../../platform/session.ts';
import type { NewUser, UserStore } from '../users/index.ts';
import type { AuthRepository } from './auth.repository.ts';

// Creating an account, by sign-up or by Google: the first account of an instance is its
// super admin, later ones are members (ARCHITECTURE §5).

// Serialises account creation so that exactly one account on a new instance becomes super admin.
const ACCOUNT_CREATION_LOCK = 7_254_003_119;

export type GoogleIdentity = {
  sub: string;
  email: string;
  emailVerified: boolean;
  name?: string;
  picture?: string;
};

type Deps = {
  db: Db;
  users: UserStore;
  sessions: SessionStore;
  tokens: AuthRepository;
  clock: Clock;
  changes: Changes;
  appUrl: string;
};

/** A name from a provider, as a single line of at most 100 characters (or undefined). */
function cleanName(name: string | undefined): string | undefined {
  const clean = name
    ? Array.from(name, (c) => (isSingleLineText(c) ? c : ' '))
        .join('')
        .replace(/\s+/g, ' ')
        .trim()
    : undefined;
  return clean && clean.length >= 2 ? clean.slice(0, 100).trim() : undefined;
}

/** A new account: the admins' user lists refresh. */
export const userCreated = (user: UserRow): Change => ({
  kind: 'user',
  op: 'created',
  id: user.id,
  productId: null,
  version: versionOf(user),
  admins: true,
});

export function createAccounts({ db, users, sessions, tokens, clock, changes, appUrl }: Deps) {
  const inTransaction = createInTransaction(db, changes);
  /** The new account, or undefined when the address already has one (nothing is stored then). */
  async function insertAccount(values: Omit<NewUser, 'role'>, tx: Db): Promise<UserRow | undefined> {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${ACCOUNT_CREATION_LOCK})`);
    if (await users.findByEmail(values.email, tx)) return undefined;
    const first = (await users.count(tx)) === 0;
    return users.insert({ ...values, role: first ? 'super admin' : 'member' }, tx);
  }

  return {
    insertAccount,

    /**
     * Moves an account to another address, in the caller's transaction (decision 010): the new
     * address is unverified until its owner follows the mailed link, every session and
     * outstanding link ends, and the old address is told. Returns the row and the mails to send
     * after commit. Whoever may do this is the caller's check.
     */
    async changeEmail(user: UserRow, email: string, tx: Db): Promise<{ row: UserRow; mails: Mail[] }> {
      const row = await users.update(user.id, { email, emailVerifiedAt: null }, tx);
      if (!row) throw new AppError(404, 'NOT_FOUND', userMessages.notFound);
      await sessions.endAccess(user.id, { tx });
      const token = await tokens.issueToken(
        user.id,
        'verify_email',
        new Date(clock.now().getTime() + VERIFY_TOKEN_TTL_MS),
        tx,
      );
      // Both in the person's language: the account's, whatever its address.
      const t = mailTranslator(user.language);
      const mails = [
        // The new address is not proved yet: no text anyone typed, not even a name.
        linkMail(
          email,
          t('Confirm your new Shipyard email'),
          t(
            'The email address of a Shipyard account was changed to this address. Confirm that it is yours to log in again.',
          ),
          t('Confirm email'),
          `${appUrl}/verify?token=${token}`,
          t('The link works once and expires in 24 hours. If you do not know Shipyard, ignore this mail.'),
        ),
        linkMail(
          user.email,
          t('Your Shipyard email was changed'),
          t(
            'The email address of your Shipyard account was changed to {{email}}, and you were signed out everywhere. You can no longer log in with this address.',
            { email },
          ),
          t('Open Shipyard'),
          `${appUrl}/auth`,
          t('If you did not expect this, contact your administrator.'),
        ),
      ];
      return { row, mails };
    },

    /**
     * Finds, links or creates the account of an identity at Google or at the generic OpenID
     * provider (decisions 010 and 013); returns its id. Only Google links an existing account on
     * its e-mail (issue 27 #13).
     */
    async signInWithProvider(kind: 'google' | 'oidc', identity: GoogleIdentity): Promise<string> {
      return inTransaction(async (tx, after) => {
        const { user, created, claimed } = await findOrCreate(kind, identity, tx);
        // Thrown inside the transaction: a disabled account is neither signed in nor linked.
        if (user.disabledAt) throw new AppError(403, 'ACCOUNT_DISABLED', authMessages.accountDisabled);
        if (created) after.publish(userCreated(user));
        // The ended sessions' sockets re-check; admins see the new name.
        if (claimed) after.publish(accountChange('updated', user.id, { row: user, admins: true }));
        return user.id;
      });
    },
  };

  async function findOrCreate(
    kind: 'google' | 'oidc',
    identity: GoogleIdentity,
    tx: Db,
  ): Promise<{ user: UserRow; created: boolean; claimed?: boolean }> {
    const subject = kind === 'google' ? { googleSub: identity.sub } : { oidcSub: identity.sub };
    const unverified = () =>
      kind === 'google'
        ? new AppError(401, 'GOOGLE_EMAIL_UNVERIFIED', authMessages.googleEmailUnverified)
        : new AppError(401, 'OIDC_EMAIL_UNVERIFIED', securityMessages.ssoEmailUnverified);
    const known = await users.findBySubject(kind, identity.sub, tx);
    if (known) return { user: known, created: false };
    const byEmail = await users.findByEmail(identity.email, tx);
    if (byEmail) {
      // Linking hands the account to whoever controls the Google identity: only on the provider's word.
      if (!identity.emailVerified) throw unverified();
      // Another identity at this provider signs in to it: never replaced silently (issue 27 #13).
      if ((kind === 'google' ? byEmail.googleSub : byEmail.oidcSub) !== null)
        throw kind === 'google'
          ? Conflict(securityMessages.googleAlreadyLinked, 'GOOGLE_ALREADY_LINKED')
          : Conflict(securityMessages.ssoAlreadyLinked, 'OIDC_ALREADY_LINKED');
      // Any OpenID provider's word on an address is not enough to take an account (the super
      // admin's included): its owner links it from Settings while signed in (issue 27 #13).
      // Google's is, for the addresses it verified (decision 010).
      if (kind === 'oidc') throw Conflict(securityMessages.ssoLinkRequired, 'OIDC_LINK_REQUIRED');
      if (byEmail.emailVerifiedAt) {
        // Its owner proved the address before: the same person, who keeps their password.
        const linked = await users.update(byEmail.id, subject, tx);
        return { user: linked ?? byEmail, created: false };
      }
      // Nobody ever proved this address, so whoever registered it may not be its owner (account
      // pre-hijacking): the Google identity claims the account, and nothing the registrant set
      // up survives — no password, no session, no outstanding link (decision 010).
      // (A disabled account is refused after this, which rolls all of it back.)
      await sessions.endAccess(byEmail.id, { tx });
      const claimed = await users.update(
        byEmail.id,
        {
          ...subject,
          emailVerifiedAt: clock.now(),
          passwordHash: null,
          mustChangePassword: false,
          name: cleanName(identity.name) ?? byEmail.name,
        },
        tx,
      );
      return { user: claimed ?? byEmail, created: false, claimed: true };
    }
    if (!identity.emailVerified) throw unverified();
    const user = await insertAccount(
      {
        email: identity.email,
        name: cleanName(identity.name) ?? cleanName(identity.email.split('@')[0]) ?? identity.email,
        ...subject,
        avatarUrl: identity.picture?.startsWith('https://') ? identity.picture : null,
        emailVerifiedAt: clock.now(),
      },
      tx,
    );
    if (!user) throw Conflict(authMessages.emailTaken, 'EMAIL_TAKEN'); // registered meanwhile
    return { user, created: true };
  }
}

export type AccountsService = ReturnType<typeof createAccounts>;
