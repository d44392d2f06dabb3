import {
  authMessages,
  type ChangePassword,
  type ProfileUpdate,
  securityMessages,
  userMessages,
} from '@shipyard/shared';
import type { Db } from '../../db/client.ts';
import { BadRequest, Conflict, NotFound } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { accountChange, type Changes } from '../../lib/realtime/changes.ts';
import type { SessionUser } from '../../lib/session.ts';
import { createInTransaction } from '../../lib/write.ts';
import type { AuditLog, AuditMeta } from '../../platform/audit.ts';
import type { SessionStore } from '../../platform/session.ts';
import { toUser, type UserStore } from '../users/index.ts';
import type { AuthThrottle } from './auth.throttle.ts';
import { userTarget } from './auth.two-factor.ts';

// What a signed-in caller changes of their own account (auth.service.ts hands these on): the
// password, the profile, their sessions.

type Deps = {
  db: Db;
  users: UserStore;
  sessions: SessionStore;
  changes: Changes;
  throttle: Pick<AuthThrottle, 'beforePasswordChange' | 'passwordChangeFailed'>;
  audit: AuditLog;
};
type Meta = AuditMeta;

export function createOwnAccount({ db, users, sessions, changes, throttle, audit }: Deps) {
  const inTransaction = createInTransaction(db, changes);
  return {
    async changePassword(actor: SessionUser, body: ChangePassword, meta: Meta) {
      await throttle.beforePasswordChange(actor.id);
      if (!(await verifyPassword(actor.passwordHash, body.currentPassword))) {
        await throttle.passwordChangeFailed(actor.id);
        throw BadRequest(authMessages.currentPasswordWrong, 'CURRENT_PASSWORD_WRONG', {
          fields: { currentPassword: [authMessages.currentPasswordWrong] },
        });
      }
      const passwordHash = await hashPassword(body.newPassword);
      await inTransaction(async (tx, after) => {
        await users.update(actor.id, { passwordHash, mustChangePassword: false }, tx);
        await sessions.endAccess(actor.id, { keepSessionId: actor.sessionId, tx });
        await audit.record(
          {
            action: 'password.changed',
            actor: { id: actor.id, email: actor.email },
            target: userTarget(actor),
            meta,
          },
          tx,
        );
        after.publish(accountChange('updated', actor.id));
      });
      return { message: authMessages.passwordChanged };
    },

    async updateProfile(actor: SessionUser, body: ProfileUpdate) {
      if (body.username && (await users.usernameTaken(body.username, actor.id))) {
        throw Conflict(userMessages.usernameTaken, 'USERNAME_TAKEN');
      }
      const updated = await users.updateReplacingAvatar(actor.id, {
        username: body.username,
        name: body.full_name,
        avatarUrl: body.avatar_url,
      });
      if (!updated) throw NotFound(userMessages.notFound);
      // Admins list names and avatars too. The route removes the avatar replaced (read under a lock).
      changes.publish(accountChange('updated', updated.row.id, { row: updated.row, admins: true }));
      return { user: toUser(updated.row), replacedAvatarUrl: updated.replacedAvatarUrl };
    },

    /** Ends one of the caller's own sessions (404 for any other id). */
    async endSession(actor: SessionUser, sessionId: string, meta: Meta) {
      if (!(await sessions.revokeOwn(actor.id, sessionId)))
        throw NotFound(securityMessages.sessionNotFound, 'NOT_FOUND');
      await audit.record({
        action: 'session.revoked',
        actor: { id: actor.id, email: actor.email },
        target: { type: 'session', id: sessionId, label: actor.email },
        meta,
      });
      // The ended session's sockets re-check and close.
      changes.publish(accountChange('updated', actor.id));
      return { message: 'Session ended.' };
    },

    async endOtherSessions(actor: SessionUser, meta: Meta) {
      const ended = await sessions.revokeOthers(actor.id, actor.sessionId);
      if (ended) {
        await audit.record({
          action: 'session.revoked',
          actor: { id: actor.id, email: actor.email },
          target: userTarget(actor),
          meta,
          details: { sessions: ended },
        });
        changes.publish(accountChange('updated', actor.id));
      }
      return { message: ended === 1 ? '1 other session ended.' : `${ended} other sessions ended.` };
    },

    async signOut(actor: SessionUser) {
      await sessions.revoke(actor.sessionId);
      changes.publish(accountChange('updated', actor.id));
    },
  };
}
