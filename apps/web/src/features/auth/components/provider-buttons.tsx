import type { AuthProviders } from '@shipyard/shared';
import { KeyRound } from 'lucide-react';
import type { ComponentProps } from 'react';
import { buttonVariants } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { t } from '../../../lib/i18n/index.ts';

/** Where the browser goes to sign in with Google; the server answers with a redirect to Google. */
const GOOGLE_SIGN_IN_URL = '/api/auth/google';

function GoogleLogo(props: ComponentProps<'svg'>) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" {...props}>
      <path
        fill="#4285F4"
        d="M22.56 12.25c0-.78-.07-1.53-.2-2.25H12v4.26h5.92a5.06 5.06 0 0 1-2.2 3.32v2.77h3.57c2.08-1.92 3.27-4.74 3.27-8.1Z"
      />
      <path
        fill="#34A853"
        d="M12 23c2.97 0 5.46-.98 7.28-2.66l-3.57-2.77c-.98.66-2.23 1.06-3.71 1.06-2.86 0-5.29-1.93-6.16-4.53H2.18v2.84A11 11 0 0 0 12 23Z"
      />
      <path
        fill="#FBBC05"
        d="M5.84 14.1A6.6 6.6 0 0 1 5.5 12c0-.73.13-1.44.34-2.1V7.06H2.18A11 11 0 0 0 1 12c0 1.78.43 3.45 1.18 4.94l3.66-2.84Z"
      />
      <path
        fill="#EA4335"
        d="M12 5.38c1.62 0 3.06.56 4.21 1.64l3.15-3.15A10.96 10.96 0 0 0 12 1 11 11 0 0 0 2.18 7.06l3.66 2.84c.87-2.6 3.3-4.52 6.16-4.52Z"
      />
    </svg>
  );
}

/**
 * 'Continue with Google' (spec §2.4): a full browser navigation to the server's sign-in route,
 * which comes back to /auth/callback. A plain link, so it also works from the keyboard and
 * opens as expected with a middle click.
 */
export function GoogleButton({ className }: { className?: string }) {
  return (
    <a href={GOOGLE_SIGN_IN_URL} className={cn(buttonVariants({ variant: 'outline' }), 'w-full', className)}>
      <GoogleLogo className="size-4" />
      {t('Continue with Google')}
    </a>
  );
}

/** The generic OpenID Connect provider's button, labelled as the server says (OIDC_PROVIDER_LABEL). */
function OidcButton({ label }: { label: string }) {
  return (
    <a href="/api/auth/oidc" className={cn(buttonVariants({ variant: 'outline' }), 'w-full')}>
      <KeyRound className="size-4" aria-hidden="true" />
      {t('Continue with {{provider}}', { provider: label })}
    </a>
  );
}

/**
 * The 'or' divider and a button per provider the server says is configured: a button that could
 * only fail is not offered at all. Loaded only when there is one (decision 005's budget).
 */
export function ProviderButtons({ providers }: { providers: AuthProviders }) {
  return (
    <>
      <div className="flex items-center gap-3" role="presentation">
        <div className="h-px flex-1 bg-border" />
        <span className="text-muted-foreground text-xs uppercase tracking-wide">{t('or')}</span>
        <div className="h-px flex-1 bg-border" />
      </div>
      {providers.google && <GoogleButton />}
      {providers.oidc && <OidcButton label={providers.oidc.label} />}
    </>
  );
}
