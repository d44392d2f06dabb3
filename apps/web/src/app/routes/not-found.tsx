import { Link } from 'react-router';
import { buttonVariants } from '../../components/ui/button.tsx';
import { useSession } from '../../features/auth/api/get-session.ts';
import { cn } from '../../lib/cn.ts';
import { t } from '../../lib/i18n/index.ts';
import { paths } from '../../lib/paths.ts';

/**
 * Spec §2.7. Signed in, it shows inside the app shell (ShellIfSignedIn) and 'Return to Home'
 * leads to the dashboard; otherwise it is a page of its own leading to the landing page.
 */
export function Component() {
  const signedIn = Boolean(useSession().data);
  const Wrapper = signedIn ? 'div' : 'main';
  return (
    <Wrapper
      className={cn(
        'flex flex-col items-center justify-center px-4 text-center',
        signedIn ? 'py-24' : 'min-h-dvh',
      )}
    >
      <h1 className="font-semibold text-7xl text-muted-foreground/40 tracking-tighter tabular-nums">404</h1>
      <p className="mt-3 font-medium text-lg">{t('Oops! Page not found')}</p>
      <Link
        to={signedIn ? paths.dashboard() : paths.home()}
        className={buttonVariants({ variant: 'outline', className: 'mt-8' })}
      >
        {t('Return to Home')}
      </Link>
    </Wrapper>
  );
}
