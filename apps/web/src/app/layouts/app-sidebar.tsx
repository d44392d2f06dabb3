import { canSeeMenuItem, type User } from '@shipyard/shared';
import { Link, useLocation } from 'react-router';
import { LogoMark } from '../../components/logo.tsx';
import {
  Sidebar,
  SidebarContent,
  SidebarFooter,
  SidebarGroup,
  SidebarGroupContent,
  SidebarGroupLabel,
  SidebarHeader,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarRail,
  SidebarSeparator,
  useSidebar,
} from '../../components/ui/sidebar.tsx';
import { useUnreadCount } from '../../features/notifications/api/get-unread-count.ts';
import { UnreadBadge, unreadLinkLabel } from '../../features/notifications/components/unread-badge.tsx';
import { PinnedViews } from '../../features/views/components/pinned-views.tsx';
import { t } from '../../lib/i18n/index.ts';
import { usePrefetchMenuPages } from '../../lib/menu-pages.ts';
import { paths } from '../../lib/paths.ts';
import { isCurrent, navItemsFor } from './nav-items.ts';
import { RecentProducts } from './recent-products.tsx';
import { UserMenu } from './user-menu.tsx';

/** Spec §2.3: the collapsible sidebar of the signed-in area. */
export function AppSidebar({ user }: { user: User }) {
  const { pathname } = useLocation();
  const { isMobile, setOpenMobile } = useSidebar();
  // The Notifications entry carries the unread count, for the roles that have the entry.
  const unread = useUnreadCount(canSeeMenuItem(user.role, 'notifications')).data?.unread ?? 0;
  // On a phone the sidebar is a sheet over the page: picking a page closes it.
  const closeOnMobile = () => {
    if (isMobile) setOpenMobile(false);
  };
  const items = navItemsFor(user.role);
  usePrefetchMenuPages(items.map((entry) => entry.item));

  return (
    // At the reading side's start: on the right in Arabic (components/ui/sidebar.tsx is logical).
    <Sidebar collapsible="icon">
      <SidebarHeader>
        <SidebarMenu>
          <SidebarMenuItem>
            <SidebarMenuButton asChild size="lg" tooltip="Shipyard">
              <Link to={paths.dashboard()} onClick={closeOnMobile}>
                <span className="flex size-8 shrink-0 items-center justify-center">
                  <LogoMark className="size-8" />
                </span>
                <span className="grid flex-1 text-start leading-tight">
                  <span className="truncate font-semibold tracking-tight">Shipyard</span>
                  <span className="truncate text-muted-foreground text-xs">{t('Product workspace')}</span>
                </span>
              </Link>
            </SidebarMenuButton>
          </SidebarMenuItem>
        </SidebarMenu>
      </SidebarHeader>

      <SidebarContent>
        <SidebarGroup>
          <SidebarGroupLabel>{t('Workspace')}</SidebarGroupLabel>
          <SidebarGroupContent>
            <nav aria-label={t('Main')}>
              <SidebarMenu>
                {items.map(({ item, to, label, icon: Icon }) => {
                  const current = isCurrent(to, pathname);
                  return (
                    <SidebarMenuItem key={item}>
                      <SidebarMenuButton
                        asChild
                        isActive={current}
                        tooltip={label}
                        className={item === 'notifications' ? 'relative' : undefined}
                      >
                        <Link
                          to={to}
                          aria-current={current ? 'page' : undefined}
                          aria-label={item === 'notifications' ? unreadLinkLabel(label, unread) : undefined}
                          onClick={closeOnMobile}
                        >
                          <Icon aria-hidden="true" />
                          <span>{label}</span>
                          {item === 'notifications' ? <UnreadBadge count={unread} /> : null}
                        </Link>
                      </SidebarMenuButton>
                    </SidebarMenuItem>
                  );
                })}
              </SidebarMenu>
            </nav>
          </SidebarGroupContent>
        </SidebarGroup>
        <PinnedViews onNavigate={closeOnMobile} />
        <RecentProducts onNavigate={closeOnMobile} />
      </SidebarContent>

      <SidebarSeparator />
      <SidebarFooter>
        <UserMenu user={user} />
      </SidebarFooter>
      <SidebarRail />
    </Sidebar>
  );
}
