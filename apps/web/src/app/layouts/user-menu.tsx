import type { User } from '@shipyard/shared';
import { canEditTasks } from '@shipyard/shared';
import { LogOutIcon, TimerIcon } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { SidebarMenu, SidebarMenuButton, SidebarMenuItem, useSidebar } from '../../components/ui/sidebar.tsx';
import { UserAvatar } from '../../features/account/components/user-avatar.tsx';
import { t } from '../../lib/i18n/index.ts';
import { paths } from '../../lib/paths.ts';
import { roleLabel } from './nav-items.ts';
import { useLogout } from './use-logout.ts';

/** Spec §2.3: the sidebar footer, the user block (to the profile) and Logout. */
export function UserMenu({ user }: { user: User }) {
  const { pathname } = useLocation();
  const { isMobile, setOpenMobile } = useSidebar();
  const { logout, pending } = useLogout();
  const name = user.full_name || user.email;
  const details = [user.position, roleLabel(user.role)].filter(Boolean).join(' · ');
  const onProfile = pathname === paths.profile();
  const onTimesheet = pathname === paths.timesheet();

  return (
    <SidebarMenu>
      <SidebarMenuItem>
        <SidebarMenuButton asChild size="lg" isActive={onProfile} tooltip={name}>
          <Link
            to={paths.profile()}
            aria-current={onProfile ? 'page' : undefined}
            onClick={() => isMobile && setOpenMobile(false)}
          >
            <UserAvatar user={user} className="size-8" />
            <span className="grid min-w-0 flex-1 text-start leading-tight">
              <span className="truncate font-medium text-sm">{name}</span>
              <span className="truncate text-muted-foreground text-xs">{details}</span>
            </span>
          </Link>
        </SidebarMenuButton>
      </SidebarMenuItem>
      {/* Issue 31: one's timesheet, for whoever logs time. */}
      {canEditTasks(user.role) ? (
        <SidebarMenuItem>
          <SidebarMenuButton asChild tooltip={t('Timesheet')} isActive={onTimesheet}>
            <Link
              to={paths.timesheet()}
              aria-current={onTimesheet ? 'page' : undefined}
              onClick={() => isMobile && setOpenMobile(false)}
            >
              <TimerIcon aria-hidden="true" />
              <span>{t('Timesheet')}</span>
            </Link>
          </SidebarMenuButton>
        </SidebarMenuItem>
      ) : null}
      <SidebarMenuItem>
        <SidebarMenuButton
          tooltip={t('Logout')}
          onClick={logout}
          disabled={pending}
          className="text-muted-foreground"
        >
          <LogOutIcon aria-hidden="true" />
          <span>{t('Logout')}</span>
        </SidebarMenuButton>
      </SidebarMenuItem>
    </SidebarMenu>
  );
}
