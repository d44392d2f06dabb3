import { authMessages, authScreenMessages as m, securityMessages } from '@shipyard/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { t } from '../../../lib/i18n/index.ts';
import { paths } from '../../../lib/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { getSession, sessionKey } from '../api/get-session.ts';

/**
 * What the server's `?error=<code>` means. Anyone can send a link to /auth/callback with any text
 * in it, so the screen shows only its own sentences: a known code's, or the generic one.
 */
const callbackErrors: Record<string, string> = {
  GOOGLE_NOT_CONFIGURED: authMessages.googleNotConfigured,
  GOOGLE_EMAIL_UNVERIFIED: authMessages.googleEmailUnverified,
  ACCOUNT_DISABLED: authMessages.accountDisabled,
  GOOGLE_FAILED: authMessages.googleFailed,
  GOOGLE_STATE: authMessages.googleFailed,
  GOOGLE_DENIED: authMessages.googleFailed,
  OIDC_NOT_CONFIGURED: securityMessages.ssoNotConfigured,
  OIDC_EMAIL_UNVERIFIED: securityMessages.ssoEmailUnverified,
  OIDC_FAILED: securityMessages.ssoFailed,
  OIDC_STATE: securityMessages.ssoFailed,
  OIDC_DENIED: securityMessages.ssoFailed,
  OIDC_LINK_REQUIRED: securityMessages.ssoLinkRequired,
  OIDC_ALREADY_LINKED: securityMessages.ssoAlreadyLinked,
  GOOGLE_ALREADY_LINKED: securityMessages.googleAlreadyLinked,
};

const callbackErrorText = (code: string) =>
  Object.hasOwn(callbackErrors, code) ? (callbackErrors[code] as string) : authMessages.googleFailed;

/**
 * The social-login callback (spec §2.5). The server has already set the session cookie (or sent
 * `?error=<code>`); this screen asks who is signed in and reports the outcome once.
 */
export function AuthCallback() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const providerError = searchParams.get('error');
  // StrictMode runs effects twice; the outcome must be toasted once.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;

    const fail = (description: string) => {
      toast.error(m.callbackFailedTitle, { description });
      navigate(paths.auth(), { replace: true });
    };

    if (providerError !== null) {
      fail(callbackErrorText(providerError));
      return;
    }

    getSession()
      .then((user) => {
        if (!user) {
          // The round trip ended without a session and without a reason.
          fail(authMessages.googleFailed);
          return;
        }
        queryClient.setQueryData(sessionKey, user);
        toast.success(m.callbackSuccessTitle, { description: m.callbackSuccess });
        navigate('/', { replace: true });
      })
      .catch((error: unknown) => {
        // A refused answer is the auth service's own verdict; anything else (no answer, a 5xx) is not.
        if (error instanceof ApiRequestError && error.isClientError) {
          fail(error.message);
          return;
        }
        toast.error(m.callbackErrorTitle, { description: m.callbackError });
        navigate(paths.auth(), { replace: true });
      });
  }, [navigate, providerError, queryClient]);

  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-3 px-4" aria-busy="true">
      <Spinner className="size-8 text-muted-foreground" aria-hidden="true" />
      <p role="status" className="text-muted-foreground text-sm">
        {t('Authenticating...')}
      </p>
    </main>
  );
}
