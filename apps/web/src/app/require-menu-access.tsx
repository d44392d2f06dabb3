import { canSeeMenuItem, type MenuItem } from '@shipyard/shared';
import { ShieldAlert } from 'lucide-react';
import { Link, Outlet } from 'react-router';
import { useSession } from '../features/auth/api/get-session.ts';
import { t } from '../lib/i18n/index.ts';
import { paths } from '../lib/paths.ts';

// Loaded with the first page behind a role-dependent menu entry (app/app-routes.tsx), not with the
// entry chunk every visitor downloads (the /auth budget, docs/decisions/005-bundle-budget.md).

/** Second guard: the role table of spec §6, for pages behind a role-dependent menu entry. */
export function RequireMenuAccess({ item }: { item: MenuItem }) {
  const { data: user } = useSession();
  if (user && canSeeMenuItem(user.role, item)) return <Outlet />;
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-3 py-24 text-center">
      <ShieldAlert className="size-10 text-muted-foreground" aria-hidden="true" />
      <h1 className="text-lg font-semibold">{t("You don't have access to this page")}</h1>
      <p className="text-sm text-muted-foreground">{t('Ask an administrator if you need it.')}</p>
      <Link
        className="text-sm font-medium text-primary underline-offset-4 hover:underline"
        to={paths.dashboard()}
      >
        {t('Go to the dashboard')}
      </Link>
    </div>
  );
}
