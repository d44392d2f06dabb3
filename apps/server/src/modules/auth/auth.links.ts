import { authMessages, type ProviderKind, securityMessages } from '@shipyard/shared';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, Conflict } from '../../lib/errors.ts';
import { accountChange, type Changes } from '../../lib/realtime/changes.ts';
import type { SessionUser } from '../../lib/session.ts';
import { createInTransaction } from '../../lib/write.ts';
import type { AuditLog, AuditMeta } from '../../platform/audit.ts';
import type { UserStore } from '../users/index.ts';
import type { GoogleIdentity } from './auth.accounts.ts';
import { providerErrors } from './auth.google.ts';
import type { AuthRepository } from './auth.repository.ts';
import { userTarget } from './auth.two-factor.ts';

type Deps = {
  db: Db;
  users: UserStore;
  tokens: AuthRepository;
  clock: Clock;
  changes: Changes;
  audit: AuditLog;
  /** The providers this instance offers, with the label of their button. */
  offered: { kind: ProviderKind; label: string }[];
};

const subjectOf = (kind: ProviderKind, user: UserRow) => (kind === 'google' ? user.googleSub : user.oidcSub);
const subject = (kind: ProviderKind, sub: string | null) =>
  kind === 'google' ? { googleSub: sub } : { oidcSub: sub };

/**
 * The sign-in providers linked to an account, linked and unlinked by its owner from Settings →
 * Account (issue 27 #13). A link lands on the account of the browser session that started it; an
 * account has at most one subject per provider, and a subject at most one account: another one is
 * linked only after the first is unlinked, which is the confirmation.
 */
export function createProviderLinks({ db, users, tokens, clock, changes, audit, offered }: Deps) {
  const inTransaction = createInTransaction(db, changes);
  const record = (
    action: 'identity.linked' | 'identity.unlinked',
    user: UserRow,
    kind: ProviderKind,
    meta: AuditMeta,
    tx: Db,
  ) =>
    audit.record(
      {
        action,
        actor: { id: user.id, email: user.email },
        target: userTarget(user),
        meta,
        details: { provider: kind },
      },
      tx,
    );

  return {
    list: (actor: SessionUser) => ({
      data: offered.map(({ kind, label }) => ({ kind, label, linked: subjectOf(kind, actor) !== null })),
    }),

    /** Before the round trip: an account already linked there must unlink first (409). */
    checkLinkable(actor: SessionUser, kind: ProviderKind) {
      if (subjectOf(kind, actor) !== null)
        throw Conflict(securityMessages.linkExists, `${providerErrors[kind].prefix}_ALREADY_LINKED`);
    },

    /** At the callback: links the identity to the account of the session that started the link. */
    async link(
      kind: ProviderKind,
      { identity, sessionId }: { identity: GoogleIdentity; sessionId: string },
      meta: AuditMeta,
    ) {
      const prefix = providerErrors[kind].prefix;
      await inTransaction(async (tx, after) => {
        const user = await tokens.lockUserOfSession(sessionId, clock.now(), tx);
        if (!user) throw new AppError(401, `${prefix}_STATE`, providerErrors[kind].failed);
        if (user.disabledAt) throw new AppError(403, 'ACCOUNT_DISABLED', authMessages.accountDisabled);
        const current = subjectOf(kind, user);
        if (current === identity.sub) return;
        if (current !== null) throw Conflict(securityMessages.linkExists, `${prefix}_ALREADY_LINKED`);
        if (await users.findBySubject(kind, identity.sub, tx))
          throw Conflict(securityMessages.identityTaken, `${prefix}_SUBJECT_TAKEN`);
        await users.update(user.id, subject(kind, identity.sub), tx);
        await record('identity.linked', user, kind, meta, tx);
        after.publish(accountChange('updated', user.id));
      });
    },

    /** Unlinks a provider, unless the account would have no way left to sign in (409). */
    async unlink(actor: SessionUser, kind: ProviderKind, meta: AuditMeta) {
      if (subjectOf(kind, actor) === null) return { message: 'Not linked.' };
      const other = subjectOf(kind === 'google' ? 'oidc' : 'google', actor);
      if (actor.passwordHash === null && other === null)
        throw Conflict(securityMessages.lastSignInMethod, 'LAST_SIGN_IN_METHOD');
      await inTransaction(async (tx, after) => {
        await users.update(actor.id, subject(kind, null), tx);
        await record('identity.unlinked', actor, kind, meta, tx);
        after.publish(accountChange('updated', actor.id));
      });
      return { message: 'Unlinked.' };
    },
  };
}

export type ProviderLinks = ReturnType<typeof createProviderLinks>;
