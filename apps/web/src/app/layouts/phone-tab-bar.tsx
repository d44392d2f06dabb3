import { canSeeMenuItem, type User } from '@shipyard/shared';
import {
  InboxIcon,
  LayoutDashboardIcon,
  ListTodoIcon,
  type LucideIcon,
  MenuIcon,
  SearchIcon,
} from 'lucide-react';
import { type ReactNode, useLayoutEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { useSidebar } from '../../components/ui/sidebar.tsx';
import { useUnreadCount } from '../../features/notifications/api/get-unread-count.ts';
import { unreadBadgeText, unreadLinkLabel } from '../../features/notifications/components/unread-badge.tsx';
import { useCommandPalette } from '../../features/search/components/command-provider.tsx';
import { cn } from '../../lib/cn.ts';
import { t } from '../../lib/i18n/index.ts';
import { paths } from '../../lib/paths.ts';
import { isCurrent } from './nav-items.ts';

// Issue 33: on a phone the places used most sit under the thumb (docs/decisions/049-phone-layout.md).
// Below 768 px only; the desktop keeps its sidebar and top bar as they are.

const tabClass =
  'relative flex h-14 min-w-0 flex-col items-center justify-center gap-0.5 rounded-md font-medium text-[11px] text-muted-foreground outline-none transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-[current=page]:text-foreground [&_svg]:size-5 [&_svg]:shrink-0';

function TabLink({
  to,
  label,
  icon: Icon,
  pathname,
  ariaLabel,
  badge,
}: {
  to: string;
  label: string;
  icon: LucideIcon;
  pathname: string;
  ariaLabel?: string | undefined;
  badge?: ReactNode;
}) {
  const current = isCurrent(to, pathname);
  return (
    <li className="min-w-0">
      <Link to={to} aria-current={current ? 'page' : undefined} aria-label={ariaLabel} className={tabClass}>
        <span className="relative">
          <Icon aria-hidden="true" className={cn(current && 'text-primary')} />
          {badge}
        </span>
        <span className="max-w-full truncate">{label}</span>
      </Link>
    </li>
  );
}

function TabButton({ label, icon: Icon, onClick }: { label: string; icon: LucideIcon; onClick: () => void }) {
  return (
    <li className="min-w-0">
      <button type="button" onClick={onClick} className={cn(tabClass, 'w-full')}>
        <Icon aria-hidden="true" />
        <span className="max-w-full truncate">{label}</span>
      </button>
    </li>
  );
}

/**
 * The phone's tab bar (issue 33), fixed to the bottom above the home indicator: Home, Tasks, Inbox
 * with its unread count (the sidebar's source), Search (the command palette) and More (the
 * sidebar as a sheet). Hidden from 768 px up. The shell pads its content by `--tab-bar-height`.
 */
export function PhoneTabBar({ user }: { user: User }) {
  const { pathname } = useLocation();
  const { isMobile, setOpenMobile } = useSidebar();
  const { openPalette } = useCommandPalette();
  const inbox = canSeeMenuItem(user.role, 'notifications');
  const unread = useUnreadCount(inbox).data?.unread ?? 0;
  // The root carries the bar's height while it is shown (index.css: --tab-bar-height).
  useLayoutEffect(() => {
    if (!isMobile) return;
    const root = document.documentElement;
    root.setAttribute('data-tab-bar-shown', '');
    return () => root.removeAttribute('data-tab-bar-shown');
  }, [isMobile]);
  // Not in the desktop's page at all (not just hidden): its links would repeat the sidebar's.
  if (!isMobile) return null;
  return (
    <nav
      aria-label={t('Tabs')}
      data-tab-bar=""
      className="fixed inset-x-0 bottom-0 z-30 border-t bg-background/95 pb-[env(safe-area-inset-bottom)] backdrop-blur supports-[backdrop-filter]:bg-background/80 md:hidden"
    >
      <ul className={cn('grid px-1', inbox ? 'grid-cols-5' : 'grid-cols-4')}>
        <TabLink to={paths.dashboard()} label={t('Home')} icon={LayoutDashboardIcon} pathname={pathname} />
        <TabLink to={paths.tasks()} label={t('Tasks')} icon={ListTodoIcon} pathname={pathname} />
        {inbox ? (
          <TabLink
            to={paths.notifications()}
            label={t('Inbox')}
            icon={InboxIcon}
            pathname={pathname}
            ariaLabel={unreadLinkLabel(t('Inbox'), unread)}
            badge={
              unread > 0 ? (
                <span
                  aria-hidden="true"
                  data-slot="unread-badge"
                  className="absolute -top-1.5 start-3 flex h-4 min-w-4 items-center justify-center rounded-full bg-primary px-1 font-semibold text-[10px] text-primary-foreground tabular-nums leading-none"
                >
                  {unreadBadgeText(unread)}
                </span>
              ) : null
            }
          />
        ) : null}
        <TabButton label={t('Search')} icon={SearchIcon} onClick={openPalette} />
        <TabButton label={t('More')} icon={MenuIcon} onClick={() => setOpenMobile(true)} />
      </ul>
    </nav>
  );
}
