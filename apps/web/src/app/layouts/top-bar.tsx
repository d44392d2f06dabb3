import { canSeeMenuItem } from '@shipyard/shared';
import { useLocation } from 'react-router';
import { Separator } from '../../components/ui/separator.tsx';
import { SidebarTrigger } from '../../components/ui/sidebar.tsx';
import { useSession } from '../../features/auth/api/get-session.ts';
import { NotificationsBell } from '../../features/notifications/components/notifications-bell.tsx';
import { SearchButton } from '../../features/search/components/search-button.tsx';
import { TaskSyncStatus } from '../../features/tasks/components/task-sync.tsx';
import { HeaderTimer } from '../../features/time/components/header-timer.tsx';
import { useRealtime } from '../realtime/realtime-provider.tsx';
import { RealtimeStatus } from '../realtime/realtime-status.tsx';
import { pageTitleOf } from './nav-items.ts';
import { ThemeToggle } from './theme-toggle.tsx';

/**
 * Spec §2.3: the trigger, where you are, search (the command palette, issue 16) and the theme switch; and 'Reconnecting...' while the live
 * updates are down (issue 8). 'New Product' is the products and dashboard pages' own primary
 * action, not repeated here on every page (issue 14).
 */
export function TopBar() {
  const { pathname } = useLocation();
  const title = pageTitleOf(pathname);
  const realtime = useRealtime();
  const { data: user } = useSession();
  return (
    <header className="sticky top-0 z-10 flex h-14 shrink-0 items-center gap-2 border-b bg-background/85 px-3 backdrop-blur supports-[backdrop-filter]:bg-background/70 md:px-4">
      <SidebarTrigger className="-ms-1" />
      <Separator orientation="vertical" className="me-1 data-[orientation=vertical]:h-4" />
      {title ? <span className="truncate font-medium text-sm">{title}</span> : null}
      <RealtimeStatus status={realtime.status} className="ms-auto" />
      {/* Issue 33: offline, the changes waiting to be sent, and a conflict to settle. */}
      <TaskSyncStatus />
      {/* Issue 31: the running timer, on every page. */}
      <HeaderTimer />
      <div className="flex items-center gap-1.5">
        <SearchButton />
        {user && canSeeMenuItem(user.role, 'notifications') ? <NotificationsBell /> : null}
        <ThemeToggle />
      </div>
    </header>
  );
}
