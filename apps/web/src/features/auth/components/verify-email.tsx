import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CircleCheckIcon, CircleXIcon, SpinnerIcon } from '../../../components/icons.tsx';
import { buttonVariants } from '../../../components/ui/button.tsx';
import { Card, CardDescription, CardFooter, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { cn } from '../../../lib/cn.ts';
import { k, t } from '../../../lib/i18n/index.ts';
import { paths } from '../../../lib/paths.ts';
import { useVerifyEmail } from '../api/verify-email.ts';

const fallbackError = k('An error occurred during verification.');

type View = { tone: 'pending' | 'success' | 'failure'; icon: ReactNode; title: string; description: string };

const toneClasses = {
  pending: 'bg-primary/10 text-primary',
  success: 'bg-success/10 text-success',
  failure: 'bg-destructive/10 text-destructive',
} as const;

/** The /verify screen (spec §2.6): verifies the `token` query parameter once and reports the outcome. */
export function VerifyEmail() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') || null;
  const { status, error } = useVerifyEmail(token);

  let view: View;
  if (token && status === 'pending') {
    view = {
      tone: 'pending',
      icon: <SpinnerIcon className="size-6 motion-safe:animate-spin" />,
      title: t('Verifying your email...'),
      description: t('Please wait while we verify your account'),
    };
  } else if (token && status === 'success') {
    view = {
      tone: 'success',
      icon: <CircleCheckIcon className="size-6" />,
      title: t('Email Verified Successfully!'),
      description: t('Thank you for verifying your email. You can now log in.'),
    };
  } else {
    view = {
      tone: 'failure',
      icon: <CircleXIcon className="size-6" />,
      title: t('Verification Failed'),
      description: error?.message || t(fallbackError),
    };
  }

  return (
    <Card className="w-full max-w-sm text-center" aria-busy={view.tone === 'pending'}>
      <CardHeader className="items-center gap-3" role="status">
        <div
          className={cn('mb-1 flex size-12 items-center justify-center rounded-full', toneClasses[view.tone])}
        >
          {view.icon}
        </div>
        <CardTitle as="h1" className="text-xl">
          {view.title}
        </CardTitle>
        <CardDescription className="text-balance">{view.description}</CardDescription>
      </CardHeader>
      {view.tone !== 'pending' && (
        <CardFooter>
          <Link to={paths.auth()} className={buttonVariants({ className: 'w-full' })}>
            {t('Go to Login')}
          </Link>
        </CardFooter>
      )}
    </Card>
  );
}
