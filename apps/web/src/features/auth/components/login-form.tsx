import { authMessages, authScreenMessages as m } from '@shipyard/shared';
import { CircleAlert, MailCheck } from 'lucide-react';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { ApiRequestError, getErrorMessage } from '../../../lib/api-client.ts';
import { t } from '../../../lib/i18n/index.ts';
import { fillSlots, slot } from '../../../lib/text-slots.tsx';
import { toast } from '../../../lib/toast.ts';
import { useLogin } from '../api/login.ts';
import { useResendVerification } from '../api/resend-verification.ts';
import { AuthTextField, emailFieldProps, useAuthForm } from './auth-form.tsx';

type LoginFormProps = {
  /** Where to go once signed in (spec §2.4: /d, or the page the guard turned the visitor away from). */
  redirectTo?: string;
  /** Prefills the email field, e.g. with the address that just signed up. */
  defaultEmail?: string;
  /** Opens the forgot-password view, handing over the address typed so far. */
  onForgotPassword: (email: string) => void;
  /** The account must change its password first (spec §4): open that view with the temporary token. */
  onPasswordChangeRequired: (tempToken: string) => void;
  /** A two-factor code (or enrolment) is due: open the second step with the server's challenge. */
  onTwoFactor: (challenge: { step: 'code' | 'setup'; token: string }) => void;
};

type Failure = { message: string; code: string | undefined; email: string; attempt: number };

function tempTokenOf(error: unknown): string | undefined {
  if (!(error instanceof ApiRequestError) || !error.message.includes(t(authMessages.mustChangePassword)))
    return;
  const details = error.details;
  if (typeof details !== 'object' || details === null || !('temp_token' in details)) return;
  return typeof details.temp_token === 'string' && details.temp_token !== '' ? details.temp_token : undefined;
}

/** The Login tab (spec §2.4): email, password, a Login button with a loading state, 'Forgot password?'. */
export function LoginForm({
  redirectTo = '/d',
  defaultEmail = '',
  onForgotPassword,
  onPasswordChangeRequired,
  onTwoFactor,
}: LoginFormProps) {
  const navigate = useNavigate();
  const loginMutation = useLogin();
  const form = useAuthForm({
    defaultValues: { email: defaultEmail, password: '' },
    loadValidator: () => import('./auth-validators.ts').then((v) => v.validateLogin),
  });
  // The spec shows no toast for a failed login (§8.2); the reason is said in the form instead.
  const [failure, setFailure] = useState<Failure | null>(null);
  // Each failed attempt gets a fresh notice (and a fresh resend state).
  const attempts = useRef(0);

  const onSubmit = form.handleSubmit((values) => {
    setFailure(null);
    loginMutation.mutate(values, {
      onSuccess: () => {
        toast.success(m.welcomeTitle, { description: m.welcome });
        // The session is cached by now, but the /auth guard only hears of it on the next tick and
        // would then send the user to /d. Committing this navigation synchronously unmounts that
        // guard first, so a remembered `from` location is honoured.
        navigate(redirectTo, { replace: true, flushSync: true });
      },
      onError: (error) => {
        const tempToken = tempTokenOf(error);
        if (tempToken) {
          onPasswordChangeRequired(tempToken);
          return;
        }
        const code = error instanceof ApiRequestError ? error.code : undefined;
        const token = (error as ApiRequestError).details as { challenge_token?: string } | undefined;
        const step =
          code === 'TWO_FACTOR_REQUIRED' ? 'code' : code === 'TWO_FACTOR_SETUP_REQUIRED' ? 'setup' : null;
        if (step && token?.challenge_token) {
          onTwoFactor({ step, token: token.challenge_token });
          return;
        }
        attempts.current += 1;
        setFailure({ message: getErrorMessage(error), code, email: values.email, attempt: attempts.current });
      },
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <AuthTextField field={form.field('email')} {...emailFieldProps} />
      <AuthTextField
        field={form.field('password')}
        label={t('Password')}
        type="password"
        autoComplete="current-password"
      />
      {failure && <LoginFailure key={failure.attempt} failure={failure} />}
      <Button type="submit" className="w-full" pending={loginMutation.isPending}>
        {t('Login')}
      </Button>
      <Button
        type="button"
        variant="link"
        size="sm"
        className="mx-auto h-auto p-0 text-muted-foreground hover:text-foreground"
        onClick={() => onForgotPassword(form.getValues('email'))}
      >
        {t('Forgot password?')}
      </Button>
    </form>
  );
}

function LoginFailure({ failure }: { failure: Failure }) {
  const resend = useResendVerification();

  if (resend.isSuccess) {
    return (
      <div
        role="status"
        className="flex gap-2 rounded-md border border-success/30 bg-success/10 px-3 py-2 text-sm text-foreground"
      >
        <MailCheck className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
        <p>
          {fillSlots(
            t('A new verification email is on its way to {{email}}. Open the link in it, then log in.', {
              email: slot('email'),
            }),
            { email: <span className="font-medium">{failure.email}</span> },
          )}
        </p>
      </div>
    );
  }

  return (
    <div
      role="alert"
      className="flex gap-2 rounded-md border border-destructive/30 bg-destructive/10 px-3 py-2 text-destructive text-sm"
    >
      <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div className="grid gap-1">
        <p>{resend.isError ? getErrorMessage(resend.error) : failure.message}</p>
        {failure.code === 'EMAIL_NOT_VERIFIED' && (
          <Button
            type="button"
            variant="link"
            size="sm"
            className="h-auto justify-self-start p-0 text-destructive underline"
            pending={resend.isPending}
            onClick={() => resend.mutate(failure.email)}
          >
            {t('Resend verification email')}
          </Button>
        )}
      </div>
    </div>
  );
}
