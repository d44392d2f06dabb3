import type { MenuItem, Role } from '@shipyard/shared';
import { canSeeMenuItem } from '@shipyard/shared';
import {
  BellIcon,
  CalendarDaysIcon,
  ChartColumnIcon,
  FileTextIcon,
  HistoryIcon,
  LayoutDashboardIcon,
  ListTodoIcon,
  type LucideIcon,
  PackageIcon,
  PlugIcon,
  SettingsIcon,
  UsersIcon,
} from 'lucide-react';
import { paths } from '../../lib/paths.ts';

export type NavItem = { item: MenuItem; to: string; label: string; icon: LucideIcon };

/** The sidebar's menu, in the order of spec §2.3. */
const navItems: readonly NavItem[] = [
  { item: 'dashboard', to: paths.dashboard(), label: 'Dashboard', icon: LayoutDashboardIcon },
  { item: 'products', to: paths.products(), label: 'Products', icon: PackageIcon },
  { item: 'team', to: paths.team(), label: 'Team', icon: UsersIcon },
  { item: 'calendar', to: paths.calendar(), label: 'Calendar', icon: CalendarDaysIcon },
  { item: 'reports', to: paths.reports(), label: 'Reports', icon: FileTextIcon },
  { item: 'tasks', to: paths.tasks(), label: 'Tasks', icon: ListTodoIcon },
  { item: 'analytics', to: paths.analytics(), label: 'Analytics', icon: ChartColumnIcon },
  // Not in spec §2.3's menu, but pages of §2.1 that nothing else links to.
  { item: 'activity', to: paths.activity(), label: 'Activity', icon: HistoryIcon },
  { item: 'services', to: paths.services(), label: 'Services', icon: PlugIcon },
  { item: 'settings', to: paths.settings(), label: 'Settings', icon: SettingsIcon },
  { item: 'notifications', to: paths.notifications(), label: 'Notifications', icon: BellIcon },
];

/** The entries this role may see (spec §6). */
export const navItemsFor = (role: Role): NavItem[] =>
  navItems.filter((entry) => canSeeMenuItem(role, entry.item));

// Pages without a menu entry still get a name in the top bar.
const otherPages: Record<string, string> = {
  profile: 'Profile',
  'new-product': 'New Product',
  views: 'Views',
  trash: 'Trash',
};

/** The name of the area a path belongs to ('/products/42' → 'Products'). */
export function pageTitleOf(pathname: string): string | undefined {
  const first = pathname.split('/')[1] ?? '';
  return navItems.find((entry) => entry.to === `/${first}`)?.label ?? otherPages[first];
}

/** An entry is current on its own path and on the pages under it. */
export const isCurrent = (to: string, pathname: string) => pathname === to || pathname.startsWith(`${to}/`);

/** 'super admin' → 'Super Admin'. */
export const roleLabel = (role: Role) => role.replace(/\b\w/g, (c) => c.toUpperCase());
