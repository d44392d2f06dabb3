import { authMessages, type Reauthenticate } from '@shipyard/shared';
import { BadRequest } from '../../lib/errors.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import type { SessionUser } from '../../lib/session.ts';
import type { AuditMeta } from '../../platform/audit.ts';
import type { SessionStore } from '../../platform/session.ts';
import type { AuthThrottle } from './auth.throttle.ts';
import type { TwoFactor } from './auth.two-factor.ts';

type Deps = {
  sessions: Pick<SessionStore, 'markAuthenticated'>;
  throttle: AuthThrottle;
  twoFactor: Pick<TwoFactor, 'verify'>;
};

/**
 * POST /api/auth/reauthenticate (issue 27 #2): the person types their password or a two-factor
 * code again, and this browser session counts as recently authenticated (REAUTH_WINDOW_MS) for
 * what needs it (granting admin, linking a sign-in provider). Wrong passwords count with the
 * change-password form's (5 per account per 15 minutes), wrong codes with every other code's.
 */
export function createReauthentication({ sessions, throttle, twoFactor }: Deps) {
  return async function reauthenticate(actor: SessionUser, body: Reauthenticate, meta: AuditMeta) {
    if (body.code !== undefined) {
      await twoFactor.verify(actor, body.code, meta);
    } else {
      await throttle.beforePasswordChange(actor.id);
      if (!(await verifyPassword(actor.passwordHash, body.password ?? ''))) {
        await throttle.passwordChangeFailed(actor.id);
        throw BadRequest(authMessages.currentPasswordWrong, 'CURRENT_PASSWORD_WRONG', {
          fields: { password: [authMessages.currentPasswordWrong] },
        });
      }
    }
    await sessions.markAuthenticated(actor.sessionId);
    return { message: 'Confirmed.' };
  };
}
