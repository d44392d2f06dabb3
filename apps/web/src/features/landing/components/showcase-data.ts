import type { LucideIcon } from 'lucide-react';
import {
  ActivityIcon,
  BellIcon,
  CalendarDaysIcon,
  ChartColumnIcon,
  LayoutDashboardIcon,
  ListTodoIcon,
  SquareKanbanIcon,
  UsersIcon,
} from 'lucide-react';
import { k } from '../../../lib/i18n/index.ts';

// What the landing page's picture of the board shows (dashboard-showcase.tsx): sample products,
// people and figures, never real data.

export type Person = 'MC' | 'DO' | 'PR' | 'SM' | 'JK' | 'AL';
export type Priority = 'Critical' | 'High' | 'Medium' | 'Low';

export type SampleProduct = {
  name: string;
  description: string;
  progress: number;
  /** 'MM-DD' (shown as 'Apr 28' in the reader's language), or 'Ongoing'. */
  due: string;
  team: Person[];
  priority?: Priority;
  /** Drawn mid-drag, with a teammate's live cursor on it. */
  moving?: boolean;
};

export type Column = { name: string; dot: string; count: number; products: SampleProduct[] };

export const people: Record<Person, string> = {
  MC: 'bg-indigo-100 text-indigo-800 dark:bg-indigo-500/25 dark:text-indigo-100',
  DO: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-500/20 dark:text-emerald-100',
  PR: 'bg-amber-100 text-amber-800 dark:bg-amber-500/20 dark:text-amber-100',
  SM: 'bg-sky-100 text-sky-800 dark:bg-sky-500/20 dark:text-sky-100',
  JK: 'bg-rose-100 text-rose-800 dark:bg-rose-500/20 dark:text-rose-100',
  AL: 'bg-zinc-200 text-zinc-800 dark:bg-zinc-700 dark:text-zinc-100',
};

/** The sample priorities' names, translated where shown. */
export const priorityNames: Record<Priority, string> = {
  Critical: k('Critical'),
  High: k('High'),
  Medium: k('Medium'),
  Low: k('Low'),
};

export const priorities: Record<Priority, string> = {
  Critical: 'bg-red-500/10 text-red-700 dark:text-red-300',
  High: 'bg-orange-500/10 text-orange-700 dark:text-orange-300',
  Medium: 'bg-yellow-500/15 text-yellow-800 dark:text-yellow-200',
  Low: 'bg-green-500/10 text-green-700 dark:text-green-300',
};

export const columns: Column[] = [
  {
    name: k('Planning'),
    dot: 'bg-blue-500',
    count: 4,
    products: [
      {
        name: 'Payments API v2',
        description: k('Idempotent charges and signed webhooks'),
        progress: 12,
        due: '04-28',
        team: ['MC', 'DO'],
        priority: 'High',
      },
      {
        name: 'Partner Portal',
        description: k('Self-serve onboarding for resellers'),
        progress: 5,
        due: '05-19',
        team: ['SM'],
        priority: 'Low',
      },
    ],
  },
  {
    name: k('Development'),
    dot: 'bg-amber-500',
    count: 6,
    products: [
      {
        name: 'Atlas Mobile App',
        description: k('Native iOS and Android client'),
        progress: 64,
        due: '04-04',
        team: ['DO', 'JK'],
        priority: 'Critical',
      },
      {
        name: 'Design System 3.0',
        description: k('Tokens, dark theme and new components'),
        progress: 41,
        due: '04-11',
        team: ['MC', 'AL'],
        priority: 'Medium',
      },
      {
        name: 'Search Revamp',
        description: k('Typo-tolerant search across products'),
        progress: 28,
        due: '04-25',
        team: ['JK'],
      },
    ],
  },
  {
    name: k('Testing'),
    dot: 'bg-purple-500',
    count: 3,
    products: [
      {
        name: 'Checkout Flow',
        description: k('One-page checkout with saved cards'),
        progress: 86,
        due: '03-21',
        team: ['PR', 'SM'],
        priority: 'High',
        moving: true,
      },
      {
        name: 'Onboarding Tours',
        description: k('Guided first run for new workspaces'),
        progress: 72,
        due: '03-28',
        team: ['AL'],
        priority: 'Medium',
      },
    ],
  },
  {
    name: k('Production'),
    dot: 'bg-green-500',
    count: 8,
    products: [
      {
        name: 'Billing Dashboard',
        description: k('Invoices, usage and plan changes'),
        progress: 100,
        due: '03-02',
        team: ['MC', 'DO', 'SM'],
      },
      {
        name: 'Team Analytics',
        description: k('Velocity and cycle-time reports'),
        progress: 100,
        due: '02-16',
        team: ['JK', 'AL'],
      },
    ],
  },
  {
    name: k('Maintenance'),
    dot: 'bg-zinc-400',
    count: 3,
    products: [
      {
        name: 'Legacy Admin',
        description: k('Security patches until sunset'),
        progress: 100,
        due: '06-30',
        team: ['DO'],
        priority: 'Low',
      },
      {
        name: 'Docs Site',
        description: k('Guides and the API reference'),
        progress: 100,
        due: k('Ongoing'),
        team: ['SM', 'AL'],
      },
    ],
  },
];

export const sidebarItems: { icon: LucideIcon; label: string; active?: boolean; badge?: number }[] = [
  { icon: LayoutDashboardIcon, label: k('Dashboard') },
  { icon: SquareKanbanIcon, label: k('Products'), active: true },
  { icon: ListTodoIcon, label: k('Tasks') },
  { icon: CalendarDaysIcon, label: k('Calendar') },
  { icon: UsersIcon, label: k('Team') },
  { icon: ChartColumnIcon, label: k('Reports') },
  { icon: ActivityIcon, label: k('Activity') },
  { icon: BellIcon, label: k('Notifications'), badge: 3 },
];

export const summary = [
  { label: k('Active products'), value: '18', note: k('+3 this month') },
  { label: k('Team members'), value: '42', note: k('across 6 teams') },
  { label: k('Completed tasks'), value: '326', note: k('+48 this week') },
  { label: k('Pending reviews'), value: '7', note: k('2 due today') },
];
