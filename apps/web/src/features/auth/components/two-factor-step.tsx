import type { TwoFactorSetup, User } from '@shipyard/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { CodeForm } from '../../../components/code-form.tsx';
import { RecoveryCodes, TwoFactorEnrolment } from '../../../components/two-factor-enrolment.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ApiRequestError, getErrorMessage } from '../../../lib/api-client.ts';
import { t } from '../../../lib/i18n/index.ts';
import { toast } from '../../../lib/toast.ts';
import { sessionKey } from '../api/get-session.ts';
import { finishLoginEnrolment, loginWithCode, startLoginEnrolment } from '../api/two-factor-login.ts';

type TwoFactorChallenge = { step: 'code' | 'setup'; token: string };

type Props = {
  challenge: TwoFactorChallenge;
  redirectTo?: string;
  /** The challenge lapsed or was used up: back to the login form. */
  onExpired: () => void;
};

/**
 * Login's second step: the code from the authenticator app (or a recovery code), or enrolment
 * when an admin requires two-factor and the account has none yet.
 */
export function TwoFactorStep({ challenge, redirectTo = '/d', onExpired }: Props) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [codes, setCodes] = useState<{ codes: string[]; user: User } | null>(null);

  const signedIn = (user: User) => {
    toast.success(t('Welcome back!'), { description: t("You've been successfully signed in.") });
    queryClient.setQueryData(sessionKey, user);
    navigate(redirectTo, { replace: true, flushSync: true });
  };
  const lapsed = (error: unknown): never => {
    if (error instanceof ApiRequestError && error.code === 'CHALLENGE_EXPIRED') {
      toast.error(t('Sign-in expired'), { description: getErrorMessage(error) });
      onExpired();
    }
    throw error;
  };

  if (codes) {
    return (
      <div className="grid gap-4">
        <RecoveryCodes codes={codes.codes} />
        <Button onClick={() => signedIn(codes.user)}>{t('Continue')}</Button>
      </div>
    );
  }
  if (challenge.step === 'setup') {
    return (
      <LoginEnrolment
        token={challenge.token}
        onLapsed={lapsed}
        onEnabled={(answer) => setCodes({ codes: answer.recovery_codes, user: answer.user })}
      />
    );
  }
  return (
    <CodeForm
      allowRecoveryCode
      submitLabel={t('Verify')}
      hint={t('Open your authenticator app, or use a recovery code.')}
      onSubmit={(code) =>
        loginWithCode(challenge.token, code)
          .then((answer) => signedIn(answer.user))
          .catch(lapsed)
      }
    />
  );
}

function LoginEnrolment({
  token,
  onLapsed,
  onEnabled,
}: {
  token: string;
  onLapsed: (error: unknown) => never;
  onEnabled: (answer: { recovery_codes: string[]; user: User }) => void;
}) {
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    startLoginEnrolment(token)
      .then(setSetup)
      .catch((error) => {
        setFailure(getErrorMessage(error));
        try {
          onLapsed(error);
        } catch {
          // shown above
        }
      });
  }, [token, onLapsed]);

  if (failure) {
    return (
      <p role="alert" className="text-destructive text-sm">
        {failure}
      </p>
    );
  }
  if (!setup) return <Skeleton className="mx-auto size-44" />;
  return (
    <TwoFactorEnrolment
      setup={setup}
      onEnable={(code) => finishLoginEnrolment(token, code).then(onEnabled).catch(onLapsed)}
    />
  );
}
