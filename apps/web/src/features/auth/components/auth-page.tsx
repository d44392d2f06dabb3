import { authMessages } from '@shipyard/shared';
import { ArrowLeft, MailCheck } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Logo } from '../../../components/logo.tsx';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card.tsx';
import { t } from '../../../lib/i18n/index.ts';
import { paths } from '../../../lib/paths.ts';
import { fillSlots, slot } from '../../../lib/text-slots.tsx';
import { AuthTabs } from './auth-tabs.tsx';
import { LoginForm } from './login-form.tsx';
import { SignInProviders } from './sign-in-providers.tsx';
import { SignUpForm } from './sign-up-form.tsx';

// The views a sign-in does not need load when they open (docs/decisions/005-bundle-budget.md).
const ForceChangePasswordForm = lazy(() =>
  import('./force-change-password-form.tsx').then((m) => ({ default: m.ForceChangePasswordForm })),
);
const ForgotPasswordForm = lazy(() =>
  import('./forgot-password-form.tsx').then((m) => ({ default: m.ForgotPasswordForm })),
);
const TwoFactorStep = lazy(() => import('./two-factor-step.tsx').then((m) => ({ default: m.TwoFactorStep })));
const ResetPasswordForm = lazy(() =>
  import('./reset-password-form.tsx').then((m) => ({ default: m.ResetPasswordForm })),
);

/** What /auth may be handed in the history entry: the guard's `from`, or the address that just signed up. */
type AuthLocationState = { from?: unknown; registeredEmail?: unknown };

function readState(state: unknown): { from: string | undefined; registeredEmail: string | undefined } {
  const value = (typeof state === 'object' && state !== null ? state : {}) as AuthLocationState;
  // Only a path inside this app: never `//elsewhere` or a full URL.
  const from =
    typeof value.from === 'string' && value.from.startsWith('/') && !value.from.startsWith('//')
      ? value.from
      : undefined;
  const registeredEmail = typeof value.registeredEmail === 'string' ? value.registeredEmail : undefined;
  return { from, registeredEmail };
}

/**
 * The /auth screen (spec §2.4). Every navigation to /auth (a 'Back to Login' link, the end of a
 * sign-up, reset or forced change) starts it afresh: the view state belongs to one visit.
 */
export function AuthPage() {
  const location = useLocation();
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-8 bg-muted/40 px-4 py-10 sm:py-16">
      <Link to="/" className="rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50">
        <Logo className="text-lg" />
      </Link>
      <AuthCard key={location.key} />
    </main>
  );
}

type Tab = 'login' | 'signup';

function AuthCard() {
  const location = useLocation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const resetToken = searchParams.get('reset_token') || null;
  // A provider sign-in that needs a code comes back here with its challenge (decision 013).
  const step = searchParams.get('step');
  const [challenge, setChallenge] = useState<{ step: 'code' | 'setup'; token: string } | null>(() => {
    const token = searchParams.get('challenge_token');
    return token && (step === 'code' || step === 'setup') ? { step, token } : null;
  });
  const { from, registeredEmail } = readState(location.state);

  const [forgotPassword, setForgotPassword] = useState(false);
  const [tempToken, setTempToken] = useState<string | null>(null);
  const [tab, setTab] = useState<Tab>('login');
  // Carried between views so the user does not type their address twice.
  const [email, setEmail] = useState(registeredEmail ?? '');

  const backToLogin = (
    <Link
      to={paths.auth()}
      state={from ? { from } : undefined}
      className="inline-flex items-center gap-1.5 rounded-sm text-muted-foreground text-sm outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      {t('Back to Login')}
    </Link>
  );

  // Precedence of views (spec §2.4): reset token, forgot-password mode, forced change, the tabs.
  if (resetToken) {
    return (
      <AuthCardFrame
        title={t('Set New Password')}
        description={t('Enter your new password below')}
        footer={backToLogin}
      >
        <ResetPasswordForm token={resetToken} />
      </AuthCardFrame>
    );
  }

  if (forgotPassword) {
    return (
      <AuthCardFrame
        title={t('Reset Password')}
        description={t('Enter your email to receive a reset link')}
        footer={backToLogin}
      >
        <ForgotPasswordForm defaultEmail={email} onDone={() => setForgotPassword(false)} />
      </AuthCardFrame>
    );
  }

  if (challenge) {
    return (
      <AuthCardFrame
        title={challenge.step === 'code' ? t('Two-factor sign-in') : t('Set up two-factor sign-in')}
        description={
          challenge.step === 'code'
            ? t('Enter the code from your authenticator app.')
            : t('Your organisation requires it. Use an authenticator app on your phone.')
        }
        footer={backToLogin}
      >
        <TwoFactorStep challenge={challenge} redirectTo={from} onExpired={() => setChallenge(null)} />
      </AuthCardFrame>
    );
  }

  if (tempToken) {
    return (
      <AuthCardFrame
        title={t('Change Your Password')}
        description={`${t(authMessages.mustChangePassword)}.`}
        footer={backToLogin}
      >
        <ForceChangePasswordForm tempToken={tempToken} onExpired={() => setTempToken(null)} />
      </AuthCardFrame>
    );
  }

  return (
    <AuthCardFrame title={t('Welcome')} description={t('Sign in or create an account')}>
      <AuthTabs
        value={tab}
        onValueChange={setTab}
        tabs={[
          {
            value: 'login',
            label: t('Login'),
            panelClassName: 'grid gap-4',
            panel: (
              <>
                {registeredEmail && <VerifyEmailNotice email={registeredEmail} />}
                <LoginForm
                  redirectTo={from}
                  defaultEmail={email}
                  onForgotPassword={(typed) => {
                    setEmail(typed);
                    setForgotPassword(true);
                  }}
                  onPasswordChangeRequired={setTempToken}
                  onTwoFactor={setChallenge}
                />
              </>
            ),
          },
          {
            value: 'signup',
            label: t('Sign Up'),
            panel: (
              <SignUpForm
                onSignedUp={(address) =>
                  navigate(paths.auth(), { replace: true, state: { from, registeredEmail: address } })
                }
              />
            ),
          },
        ]}
      />
      <SignInProviders />
    </AuthCardFrame>
  );
}

function VerifyEmailNotice({ email }: { email: string }) {
  return (
    <div role="status" className="flex gap-3 rounded-lg border bg-muted/50 px-3 py-2.5 text-sm">
      <MailCheck className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
      <p className="text-muted-foreground">
        <span className="font-medium text-foreground">{t('Check your inbox…')}</span>{' '}
        {fillSlots(
          t('We sent a verification link to {{email}}. Verify your email, then log in.', {
            email: slot('email'),
          }),
          {
            email: <span className="break-all font-medium text-foreground">{email}</span>,
          },
        )}
      </p>
    </div>
  );
}

type AuthCardFrameProps = { title: string; description: string; footer?: ReactNode; children: ReactNode };

function AuthCardFrame({ title, description, footer, children }: AuthCardFrameProps) {
  return (
    <Card className="w-full max-w-sm gap-5 shadow-md">
      <CardHeader className="gap-1.5 text-center">
        <CardTitle as="h1" className="text-xl">
          {title}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <Suspense fallback={null}>{children}</Suspense>
      </CardContent>
      {footer && <CardFooter className="justify-center">{footer}</CardFooter>}
    </Card>
  );
}
