import type { MenuItem, Role } from '@shipyard/shared';
import { canSeeMenuItem } from '@shipyard/shared';
import {
  BellIcon,
  CalendarDaysIcon,
  ChartAreaIcon,
  ChartColumnIcon,
  ChartGanttIcon,
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
import { k, t } from '../../lib/i18n/index.ts';
import { paths } from '../../lib/paths.ts';

export type NavItem = { item: MenuItem; to: string; label: string; icon: LucideIcon };

/** The sidebar's menu, in the order of spec §2.3. */
const navItems: readonly NavItem[] = [
  { item: 'dashboard', to: paths.dashboard(), label: k('Dashboard'), icon: LayoutDashboardIcon },
  { item: 'products', to: paths.products(), label: k('Products'), icon: PackageIcon },
  { item: 'team', to: paths.team(), label: k('Team'), icon: UsersIcon },
  { item: 'calendar', to: paths.calendar(), label: k('Calendar'), icon: CalendarDaysIcon },
  // Issue 31: for every role that sees products (the products' menu rule).
  { item: 'roadmap', to: paths.roadmap(), label: k('Roadmap'), icon: ChartGanttIcon },
  // Issue 32: the lifecycle reports, for every role that sees products.
  { item: 'lifecycle', to: paths.lifecycle(), label: k('Lifecycle'), icon: ChartAreaIcon },
  { item: 'reports', to: paths.reports(), label: k('Reports'), icon: FileTextIcon },
  { item: 'tasks', to: paths.tasks(), label: k('Tasks'), icon: ListTodoIcon },
  { item: 'analytics', to: paths.analytics(), label: k('Analytics'), icon: ChartColumnIcon },
  // Not in spec §2.3's menu, but pages of §2.1 that nothing else links to.
  { item: 'activity', to: paths.activity(), label: k('Activity'), icon: HistoryIcon },
  { item: 'services', to: paths.services(), label: k('Services'), icon: PlugIcon },
  { item: 'settings', to: paths.settings(), label: k('Settings'), icon: SettingsIcon },
  { item: 'notifications', to: paths.notifications(), label: k('Notifications'), icon: BellIcon },
];

/** The entries this role may see (spec §6), their labels in the reader's language. */
export const navItemsFor = (role: Role): NavItem[] =>
  navItems
    .filter((entry) => canSeeMenuItem(role, entry.item))
    .map((entry) => ({ ...entry, label: t(entry.label) }));

// Pages without a menu entry still get a name in the top bar.
const otherPages: Record<string, string> = {
  profile: k('Profile'),
  'new-product': k('New Product'),
  views: k('Views'),
  trash: k('Trash'),
  timesheet: k('Timesheet'),
};

/** The name of the area a path belongs to ('/products/42' → 'Products'), in the reader's language. */
export function pageTitleOf(pathname: string): string | undefined {
  const first = pathname.split('/')[1] ?? '';
  const label = navItems.find((entry) => entry.to === `/${first}`)?.label ?? otherPages[first];
  return label === undefined ? undefined : t(label);
}

/** An entry is current on its own path and on the pages under it. */
export const isCurrent = (to: string, pathname: string) => pathname === to || pathname.startsWith(`${to}/`);

const roleLabels: Record<Role, string> = {
  guest: k('Guest'),
  member: k('Member'),
  admin: k('Admin'),
  'super admin': k('Super Admin'),
};

/** 'super admin' → 'Super Admin', in the reader's language. */
export const roleLabel = (role: Role) => t(roleLabels[role] ?? role.replace(/\b\w/g, (c) => c.toUpperCase()));
