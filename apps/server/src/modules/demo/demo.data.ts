// The demo workspace's content (docs/decisions/019-demo-workspace.md): a small product team of
// seven people and six products, one in each stage and one more in development. Dates are
// offsets in days from "now" (negative: past), so the seed looks the same whenever it runs.

export const DEMO_DOMAIN = 'demo.shipyard.test';

export type PersonKey = 'ada' | 'grace' | 'linus' | 'maya' | 'omar' | 'sofia' | 'iris';

export const PEOPLE: {
  key: PersonKey;
  name: string;
  role: 'super admin' | 'admin' | 'member' | 'guest';
  position: string;
  department: string;
  skills: string[];
  joinedDaysAgo: number;
}[] = [
  {
    key: 'ada',
    name: 'Ada Lovelace',
    role: 'super admin',
    position: 'Head of Product',
    department: 'Product',
    skills: ['Roadmaps', 'Discovery'],
    joinedDaysAgo: 180,
  },
  {
    key: 'grace',
    name: 'Grace Hopper',
    role: 'admin',
    position: 'Engineering Manager',
    department: 'Engineering',
    skills: ['Planning', 'Go', 'PostgreSQL'],
    joinedDaysAgo: 170,
  },
  {
    key: 'linus',
    name: 'Linus Park',
    role: 'member',
    position: 'Backend Engineer',
    department: 'Engineering',
    skills: ['TypeScript', 'PostgreSQL'],
    joinedDaysAgo: 150,
  },
  {
    key: 'maya',
    name: 'Maya Chen',
    role: 'member',
    position: 'Product Designer',
    department: 'Design',
    skills: ['Figma', 'Research'],
    joinedDaysAgo: 140,
  },
  {
    key: 'omar',
    name: 'Omar Haddad',
    role: 'member',
    position: 'QA Engineer',
    department: 'Quality',
    skills: ['Playwright', 'Exploratory testing'],
    joinedDaysAgo: 120,
  },
  {
    key: 'sofia',
    name: 'Sofia Rossi',
    role: 'member',
    position: 'Frontend Engineer',
    department: 'Engineering',
    skills: ['React', 'Accessibility'],
    joinedDaysAgo: 100,
  },
  {
    key: 'iris',
    name: 'Iris Novak',
    role: 'guest',
    position: 'Client stakeholder',
    department: 'Northwind Traders',
    skills: [],
    joinedDaysAgo: 45,
  },
];

type ProductStatus = 'planning' | 'development' | 'testing' | 'production' | 'maintenance';
type TaskStatus = 'Pending' | 'In Progress' | 'Completed';
type TaskPriority = 'low' | 'medium' | 'high' | 'critical';
type TeamType = 'development' | 'design' | 'qa' | 'marketing' | 'general';
type MemberRole = 'manager' | 'developer' | 'designer' | 'qa engineer' | 'product manager' | 'member';

export type DemoTask = {
  title: string;
  status: TaskStatus;
  priority: TaskPriority;
  phase: ProductStatus;
  assignee: PersonKey | null;
  /** Team index within the product. */
  team: number;
  /** Days from now; null: no due date. */
  due: number | null;
  createdDaysAgo: number;
  /** For Completed tasks. */
  completedDaysAgo?: number;
  labels: string[];
  description?: string;
  /** Checklist titles; the first `done` are ticked. */
  checklist?: { items: string[]; done: number };
  /** Oldest first: [author, days ago, body]; `@key` becomes a mention of that person. */
  comments?: [PersonKey, number, string][];
  /** It was completed, then reopened this many days ago (analytics counts reopenings). */
  reopenedDaysAgo?: number;
};

export type DemoProduct = {
  name: string;
  description: string;
  status: ProductStatus;
  priority: 'low' | 'medium' | 'high';
  createdBy: PersonKey;
  startDaysAgo: number;
  targetInDays: number;
  /** Every stage it entered, oldest first, with how many days ago; empty: created in its current one. */
  history: [ProductStatus, number][];
  labels: [string, string][];
  teams: {
    name: string;
    type: TeamType;
    description: string;
    lead: PersonKey;
    members: [PersonKey, MemberRole][];
    /** Invited, not yet accepted. */
    invited?: [PersonKey, MemberRole][];
  }[];
  tasks: DemoTask[];
};

export const PRODUCTS: DemoProduct[] = [
  {
    name: 'Atlas Checkout',
    description: 'A one-page checkout with saved cards, Apple Pay and address autocomplete.',
    status: 'development',
    priority: 'high',
    createdBy: 'ada',
    startDaysAgo: 48,
    targetInDays: 30,
    history: [
      ['planning', 48],
      ['development', 35],
    ],
    labels: [
      ['frontend', '#3b82f6'],
      ['backend', '#8b5cf6'],
      ['bug', '#ef4444'],
      ['ux', '#ec4899'],
    ],
    teams: [
      {
        name: 'Checkout',
        type: 'development',
        description: 'Builds the checkout flow end to end.',
        lead: 'grace',
        members: [
          ['linus', 'developer'],
          ['sofia', 'developer'],
          ['omar', 'qa engineer'],
        ],
      },
      {
        name: 'Checkout Design',
        type: 'design',
        description: 'Flows, copy and visual design of the checkout.',
        lead: 'maya',
        members: [['ada', 'product manager']],
      },
    ],
    tasks: [
      {
        title: 'Design the one-page checkout layout',
        status: 'Completed',
        priority: 'high',
        phase: 'planning',
        assignee: 'maya',
        team: 1,
        due: -30,
        createdDaysAgo: 46,
        completedDaysAgo: 31,
        labels: ['ux'],
        checklist: { items: ['Wireframes', 'High-fidelity mock-ups', 'Review with engineering'], done: 3 },
      },
      {
        title: 'Card tokenisation endpoint',
        status: 'Completed',
        priority: 'critical',
        phase: 'development',
        assignee: 'linus',
        team: 0,
        due: -10,
        createdDaysAgo: 40,
        completedDaysAgo: 12,
        labels: ['backend'],
        comments: [
          ['grace', 14, 'The payment provider sandbox is flaky this week; retry before you file a bug.'],
          ['linus', 12, 'Merged. @omar the sandbox cards are in the test plan now.'],
        ],
      },
      {
        title: 'Address autocomplete',
        status: 'In Progress',
        priority: 'medium',
        phase: 'development',
        assignee: 'sofia',
        team: 0,
        due: 4,
        createdDaysAgo: 21,
        labels: ['frontend'],
        description: 'Suggest addresses as the customer types; fall back to the plain form offline.',
        checklist: {
          items: ['Pick a provider', 'Debounced lookup', 'Keyboard navigation', 'Offline fallback'],
          done: 2,
        },
        comments: [
          ['maya', 6, 'The suggestions list should match the search field on the products page.'],
          ['sofia', 5, 'Agreed. @maya can you check the focus ring in dark mode?'],
          ['maya', 4, 'Looks good to me, ship it once the offline fallback is in.'],
        ],
      },
      {
        title: 'Apple Pay button',
        status: 'In Progress',
        priority: 'high',
        phase: 'development',
        assignee: 'linus',
        team: 0,
        due: -2,
        createdDaysAgo: 18,
        labels: ['frontend', 'backend'],
        checklist: { items: ['Merchant validation', 'Payment sheet', 'Receipt e-mail'], done: 1 },
        comments: [
          ['grace', 3, 'This is blocking the beta. @linus anything I can unblock?'],
          ['linus', 0, 'Merchant validation works on staging now. @ada can we demo it on Friday?'],
        ],
      },
      {
        title: 'Fix double charge on slow networks',
        status: 'Pending',
        priority: 'critical',
        phase: 'development',
        assignee: 'linus',
        team: 0,
        due: -1,
        createdDaysAgo: 5,
        labels: ['bug', 'backend'],
        description: 'Two clicks on "Pay" within a second create two charges. Needs an idempotency key.',
        comments: [
          ['omar', 5, 'Reproduced with network throttling set to "Slow 3G". Steps in the description.'],
        ],
      },
      {
        title: 'Saved cards list',
        status: 'Pending',
        priority: 'medium',
        phase: 'development',
        assignee: 'sofia',
        team: 0,
        due: 9,
        createdDaysAgo: 9,
        labels: ['frontend'],
      },
      {
        title: 'Checkout end-to-end tests',
        status: 'Pending',
        priority: 'medium',
        phase: 'testing',
        assignee: 'omar',
        team: 0,
        due: 16,
        createdDaysAgo: 8,
        labels: [],
        checklist: { items: ['Guest checkout', 'Saved card', 'Declined card', 'Apple Pay'], done: 0 },
      },
      {
        title: 'Error messages copy review',
        status: 'Completed',
        priority: 'low',
        phase: 'development',
        assignee: 'maya',
        team: 1,
        due: 2,
        createdDaysAgo: 11,
        completedDaysAgo: 2,
        labels: ['ux'],
      },
    ],
  },
  {
    name: 'Beacon Mobile App',
    description: 'iOS and Android app for order tracking with push notifications.',
    status: 'testing',
    priority: 'high',
    createdBy: 'grace',
    startDaysAgo: 75,
    targetInDays: 12,
    history: [
      ['planning', 75],
      ['development', 60],
      ['testing', 9],
    ],
    labels: [
      ['ios', '#0ea5e9'],
      ['android', '#22c55e'],
      ['bug', '#ef4444'],
      ['release', '#f59e0b'],
    ],
    teams: [
      {
        name: 'Mobile',
        type: 'development',
        description: 'Ships the app on both stores.',
        lead: 'sofia',
        members: [
          ['linus', 'developer'],
          ['maya', 'designer'],
        ],
      },
      {
        name: 'Release QA',
        type: 'qa',
        description: 'Regression passes and store review.',
        lead: 'omar',
        members: [['grace', 'manager']],
      },
    ],
    tasks: [
      {
        title: 'App navigation shell',
        status: 'Completed',
        priority: 'medium',
        phase: 'development',
        assignee: 'sofia',
        team: 0,
        due: -50,
        createdDaysAgo: 62,
        completedDaysAgo: 51,
        labels: ['ios', 'android'],
      },
      {
        title: 'Sign in with Apple',
        status: 'Completed',
        priority: 'high',
        phase: 'development',
        assignee: 'linus',
        team: 0,
        due: -40,
        createdDaysAgo: 55,
        completedDaysAgo: 38,
        labels: ['ios'],
      },
      {
        title: 'Push notification opt-in screen',
        status: 'Completed',
        priority: 'medium',
        phase: 'development',
        assignee: 'maya',
        team: 0,
        due: -25,
        createdDaysAgo: 50,
        completedDaysAgo: 27,
        labels: ['ios', 'android'],
      },
      {
        title: 'Order tracking map',
        status: 'Completed',
        priority: 'high',
        phase: 'development',
        assignee: 'sofia',
        team: 0,
        due: -12,
        createdDaysAgo: 44,
        completedDaysAgo: 15,
        labels: ['ios', 'android'],
        checklist: { items: ['Map view', 'Courier position', 'ETA banner'], done: 3 },
      },
      {
        title: 'Offline mode for order history',
        status: 'Completed',
        priority: 'medium',
        phase: 'development',
        assignee: 'linus',
        team: 0,
        due: -6,
        createdDaysAgo: 35,
        completedDaysAgo: 8,
        labels: ['android'],
      },
      {
        title: 'Regression pass on Android 15',
        status: 'In Progress',
        priority: 'high',
        phase: 'testing',
        assignee: 'omar',
        team: 1,
        due: 1,
        createdDaysAgo: 7,
        labels: ['android', 'release'],
        checklist: {
          items: ['Sign-in', 'Order list', 'Tracking map', 'Push notifications', 'Settings'],
          done: 3,
        },
        comments: [
          ['omar', 2, 'Three of five areas done. The tracking map drops frames on a Pixel 6.'],
          ['sofia', 1, 'Thanks @omar, I will profile it this afternoon.'],
        ],
      },
      {
        title: 'Crash on launch with an expired session',
        status: 'In Progress',
        priority: 'critical',
        phase: 'testing',
        assignee: 'sofia',
        team: 0,
        due: -3,
        createdDaysAgo: 6,
        labels: ['bug', 'ios'],
        reopenedDaysAgo: 3,
        comments: [
          ['omar', 4, 'Still crashes on iOS 17 after the fix, reopening.'],
          [
            'sofia',
            3,
            'Found it: the refresh runs before the keychain is unlocked. @grace FYI for the release date.',
          ],
        ],
      },
      {
        title: 'App Store screenshots',
        status: 'Pending',
        priority: 'low',
        phase: 'testing',
        assignee: 'maya',
        team: 0,
        due: 6,
        createdDaysAgo: 4,
        labels: ['release'],
      },
      {
        title: 'Store review submission',
        status: 'Pending',
        priority: 'high',
        phase: 'production',
        assignee: 'grace',
        team: 1,
        due: 11,
        createdDaysAgo: 3,
        labels: ['release'],
        checklist: { items: ['Privacy labels', 'Release notes', 'Phased rollout plan'], done: 1 },
      },
    ],
  },
  {
    name: 'Compass Analytics',
    description: 'Self-serve dashboards for merchants: revenue, conversion and cohorts.',
    status: 'planning',
    priority: 'medium',
    createdBy: 'ada',
    startDaysAgo: 6,
    targetInDays: 95,
    history: [],
    labels: [
      ['research', '#14b8a6'],
      ['data', '#6366f1'],
    ],
    teams: [
      {
        name: 'Insights Discovery',
        type: 'general',
        description: 'Interviews, prototypes and the first metrics definitions.',
        lead: 'ada',
        members: [['maya', 'designer']],
        invited: [['linus', 'developer']],
      },
    ],
    tasks: [
      {
        title: 'Interview five merchants',
        status: 'In Progress',
        priority: 'high',
        phase: 'planning',
        assignee: 'ada',
        team: 0,
        due: 3,
        createdDaysAgo: 6,
        labels: ['research'],
        checklist: {
          items: ['Northwind', 'Contoso', 'Fabrikam', 'Tailspin', 'Wide World Importers'],
          done: 2,
        },
      },
      {
        title: 'Define the core metrics',
        status: 'Pending',
        priority: 'medium',
        phase: 'planning',
        assignee: 'ada',
        team: 0,
        due: 12,
        createdDaysAgo: 5,
        labels: ['data'],
        comments: [['maya', 2, 'Let us keep conversion and repeat rate apart. @ada thoughts?']],
      },
      {
        title: 'Dashboard prototype',
        status: 'Pending',
        priority: 'medium',
        phase: 'planning',
        assignee: 'maya',
        team: 0,
        due: 20,
        createdDaysAgo: 4,
        labels: ['research'],
      },
      {
        title: 'Pick a charting library',
        status: 'Completed',
        priority: 'low',
        phase: 'planning',
        assignee: 'maya',
        team: 0,
        due: 1,
        createdDaysAgo: 5,
        completedDaysAgo: 1,
        labels: [],
      },
    ],
  },
  {
    name: 'Harbor Billing',
    description: 'Invoices, subscriptions and dunning for business customers.',
    status: 'production',
    priority: 'high',
    createdBy: 'grace',
    startDaysAgo: 130,
    targetInDays: -14,
    history: [
      ['planning', 130],
      ['development', 110],
      ['testing', 40],
      ['production', 16],
    ],
    labels: [
      ['backend', '#8b5cf6'],
      ['finance', '#10b981'],
      ['bug', '#ef4444'],
    ],
    teams: [
      {
        name: 'Billing Platform',
        type: 'development',
        description: 'Owns invoicing, subscriptions and the ledger.',
        lead: 'linus',
        members: [
          ['grace', 'manager'],
          ['omar', 'qa engineer'],
        ],
      },
    ],
    tasks: [
      {
        title: 'Subscription data model',
        status: 'Completed',
        priority: 'high',
        phase: 'development',
        assignee: 'linus',
        team: 0,
        due: -52,
        createdDaysAgo: 85,
        completedDaysAgo: 54,
        labels: ['backend'],
      },
      {
        title: 'Invoice PDF template',
        status: 'Completed',
        priority: 'medium',
        phase: 'development',
        assignee: 'grace',
        team: 0,
        due: -45,
        createdDaysAgo: 70,
        completedDaysAgo: 41,
        labels: ['finance'],
      },
      {
        title: 'Proration for plan changes',
        status: 'Completed',
        priority: 'high',
        phase: 'development',
        assignee: 'linus',
        team: 0,
        due: -28,
        createdDaysAgo: 60,
        completedDaysAgo: 26,
        labels: ['backend', 'finance'],
      },
      {
        title: 'Dunning e-mails',
        status: 'Completed',
        priority: 'medium',
        phase: 'development',
        assignee: 'grace',
        team: 0,
        due: -20,
        createdDaysAgo: 45,
        completedDaysAgo: 22,
        labels: ['finance'],
      },
      {
        title: 'Load test invoice generation',
        status: 'Completed',
        priority: 'high',
        phase: 'testing',
        assignee: 'omar',
        team: 0,
        due: -18,
        createdDaysAgo: 38,
        completedDaysAgo: 19,
        labels: ['backend'],
        checklist: { items: ['10k invoices', '100k invoices', 'Report to the team'], done: 3 },
      },
      {
        title: 'Go-live checklist',
        status: 'Completed',
        priority: 'critical',
        phase: 'production',
        assignee: 'grace',
        team: 0,
        due: -16,
        createdDaysAgo: 25,
        completedDaysAgo: 16,
        labels: [],
        checklist: {
          items: ['Backups verified', 'On-call rota', 'Status page', 'Rollback plan'],
          done: 4,
        },
      },
      {
        title: 'Rounding error on EUR invoices',
        status: 'Completed',
        priority: 'critical',
        phase: 'production',
        assignee: 'linus',
        team: 0,
        due: -5,
        createdDaysAgo: 9,
        completedDaysAgo: 6,
        labels: ['bug', 'finance'],
        comments: [
          ['omar', 9, 'Invoice 2024-118 is off by one cent. Totals are rounded per line, not per invoice.'],
          ['linus', 6, 'Fixed and back-filled the affected invoices. @grace please tell finance.'],
        ],
      },
      {
        title: 'Export invoices to the accounting system',
        status: 'In Progress',
        priority: 'medium',
        phase: 'production',
        assignee: 'linus',
        team: 0,
        due: 5,
        createdDaysAgo: 10,
        labels: ['backend', 'finance'],
      },
      {
        title: 'Tax report for Q4',
        status: 'Pending',
        priority: 'medium',
        phase: 'production',
        assignee: 'grace',
        team: 0,
        due: -4,
        createdDaysAgo: 14,
        labels: ['finance'],
        comments: [
          ['grace', 1, '@ada finance wants the figures split by country this time. Is that in scope?'],
        ],
      },
    ],
  },
  {
    name: 'Lighthouse Docs',
    description: 'The public developer documentation and API reference site.',
    status: 'maintenance',
    priority: 'low',
    createdBy: 'ada',
    startDaysAgo: 210,
    targetInDays: -70,
    history: [
      ['planning', 210],
      ['development', 190],
      ['testing', 100],
      ['production', 80],
      ['maintenance', 20],
    ],
    labels: [
      ['docs', '#64748b'],
      ['seo', '#f97316'],
    ],
    teams: [
      {
        name: 'Docs',
        type: 'marketing',
        description: 'Keeps the guides and the API reference current.',
        lead: 'sofia',
        members: [['ada', 'product manager']],
      },
    ],
    tasks: [
      {
        title: 'Versioned API reference',
        status: 'Completed',
        priority: 'medium',
        phase: 'maintenance',
        assignee: 'sofia',
        team: 0,
        due: -33,
        createdDaysAgo: 48,
        completedDaysAgo: 35,
        labels: ['docs'],
      },
      {
        title: 'Update the webhooks guide',
        status: 'Completed',
        priority: 'medium',
        phase: 'maintenance',
        assignee: 'sofia',
        team: 0,
        due: -3,
        createdDaysAgo: 12,
        completedDaysAgo: 4,
        labels: ['docs'],
      },
      {
        title: 'Fix broken links report',
        status: 'Pending',
        priority: 'low',
        phase: 'maintenance',
        assignee: 'sofia',
        team: 0,
        due: 25,
        createdDaysAgo: 3,
        labels: ['seo'],
      },
      {
        title: 'Search ranking for "billing API"',
        status: 'Pending',
        priority: 'low',
        phase: 'maintenance',
        assignee: null,
        team: 0,
        due: null,
        createdDaysAgo: 16,
        labels: ['seo'],
      },
    ],
  },
  {
    name: 'Nimbus Sync API',
    description: 'A public REST API and webhooks so partners can sync orders and stock.',
    status: 'development',
    priority: 'medium',
    createdBy: 'grace',
    startDaysAgo: 30,
    targetInDays: 55,
    history: [
      ['planning', 30],
      ['development', 22],
    ],
    labels: [
      ['api', '#0891b2'],
      ['security', '#dc2626'],
      ['docs', '#64748b'],
    ],
    teams: [
      {
        name: 'Platform API',
        type: 'development',
        description: 'Public API, authentication and rate limits.',
        lead: 'linus',
        members: [
          ['sofia', 'developer'],
          ['omar', 'qa engineer'],
          ['iris', 'member'],
        ],
      },
    ],
    tasks: [
      {
        title: 'OAuth client credentials flow',
        status: 'Completed',
        priority: 'high',
        phase: 'development',
        assignee: 'linus',
        team: 0,
        due: -7,
        createdDaysAgo: 27,
        completedDaysAgo: 9,
        labels: ['api', 'security'],
      },
      {
        title: 'Rate limits per partner',
        status: 'In Progress',
        priority: 'high',
        phase: 'development',
        assignee: 'linus',
        team: 0,
        due: 2,
        createdDaysAgo: 15,
        labels: ['api', 'security'],
        checklist: { items: ['Token bucket', 'Headers', 'Dashboard for partners'], done: 2 },
      },
      {
        title: 'Orders endpoint',
        status: 'Completed',
        priority: 'medium',
        phase: 'development',
        assignee: 'sofia',
        team: 0,
        due: 0,
        createdDaysAgo: 20,
        completedDaysAgo: 3,
        labels: ['api'],
      },
      {
        title: 'Stock levels endpoint',
        status: 'In Progress',
        priority: 'medium',
        phase: 'development',
        assignee: 'sofia',
        team: 0,
        due: 7,
        createdDaysAgo: 12,
        labels: ['api'],
      },
      {
        title: 'Partner onboarding guide',
        status: 'Pending',
        priority: 'low',
        phase: 'development',
        assignee: 'iris',
        team: 0,
        due: 14,
        createdDaysAgo: 6,
        labels: ['docs'],
        comments: [
          ['iris', 3, 'Our integrators would love a Postman collection next to the guide.'],
          ['linus', 2, 'Good idea, @iris. We can generate it from the OpenAPI document.'],
        ],
      },
      {
        title: 'Security review of the API',
        status: 'Pending',
        priority: 'critical',
        phase: 'testing',
        assignee: 'omar',
        team: 0,
        due: 21,
        createdDaysAgo: 2,
        labels: ['security'],
      },
    ],
  },
];

/** Calendar events; `product` is an index into PRODUCTS, or null for a workspace-wide event. */
export const EVENTS: {
  title: string;
  description: string;
  day: number;
  time: string | null;
  type: 'meeting' | 'milestone' | 'review' | 'workshop' | 'other';
  status: 'Planning' | 'Development' | 'Testing' | 'Production' | 'In Progress' | 'Completed' | 'Cancelled';
  product: number | null;
  by: PersonKey;
  participants: PersonKey[];
}[] = [
  {
    title: 'Weekly product sync',
    description: 'Status of every product, risks and asks.',
    day: -7,
    time: '10:00:00',
    type: 'meeting',
    status: 'Completed',
    product: null,
    by: 'ada',
    participants: ['grace', 'linus', 'maya', 'omar', 'sofia'],
  },
  {
    title: 'Harbor Billing retrospective',
    description: 'What went well in the launch and what to change.',
    day: -5,
    time: '15:00:00',
    type: 'review',
    status: 'Completed',
    product: 3,
    by: 'grace',
    participants: ['linus', 'omar'],
  },
  {
    title: 'Weekly product sync',
    description: 'Status of every product, risks and asks.',
    day: 0,
    time: '10:00:00',
    type: 'meeting',
    status: 'Planning',
    product: null,
    by: 'ada',
    participants: ['grace', 'linus', 'maya', 'omar', 'sofia'],
  },
  {
    title: 'Checkout design review',
    description: 'Walk through the saved cards and Apple Pay flows.',
    day: 2,
    time: '14:00:00',
    type: 'review',
    status: 'Planning',
    product: 0,
    by: 'maya',
    participants: ['ada', 'sofia', 'linus'],
  },
  {
    title: 'Merchant analytics workshop',
    description: 'Sketch the first dashboards with two merchants.',
    day: 4,
    time: '09:30:00',
    type: 'workshop',
    status: 'Planning',
    product: 2,
    by: 'ada',
    participants: ['maya', 'iris'],
  },
  {
    title: 'Beacon release candidate',
    description: 'Feature freeze; only release blockers from here.',
    day: 8,
    time: null,
    type: 'milestone',
    status: 'Testing',
    product: 1,
    by: 'grace',
    participants: ['sofia', 'omar', 'linus', 'maya'],
  },
  {
    title: 'Partner API beta',
    description: 'First three partners get credentials.',
    day: 18,
    time: null,
    type: 'milestone',
    status: 'Development',
    product: 5,
    by: 'grace',
    participants: ['linus', 'sofia', 'iris'],
  },
  {
    title: 'Checkout beta launch',
    description: 'Ten percent of traffic on the new checkout.',
    day: 26,
    time: null,
    type: 'milestone',
    status: 'Development',
    product: 0,
    by: 'ada',
    participants: ['grace', 'linus', 'sofia', 'omar', 'maya'],
  },
];

/** Third-party services (modules/services); `products` index into PRODUCTS. */
export const SERVICES: {
  name: string;
  category: 'Development' | 'Infrastructure' | 'Communication' | 'Monitoring' | 'Payment';
  description: string;
  integrationType: 'Direct API' | 'SDK' | 'Script Integration' | 'Agent';
  status: 'Active' | 'Inactive' | 'Pending';
  by: PersonKey;
  products: number[];
}[] = [
  {
    name: 'GitHub',
    category: 'Development',
    description: 'Repositories, pull requests and CI for every product.',
    integrationType: 'Direct API',
    status: 'Active',
    by: 'grace',
    products: [0, 1, 3, 5],
  },
  {
    name: 'Sentry',
    category: 'Monitoring',
    description: 'Error tracking for the web and mobile apps.',
    integrationType: 'SDK',
    status: 'Active',
    by: 'linus',
    products: [1, 3],
  },
  {
    name: 'Stripe',
    category: 'Payment',
    description: 'Card payments and payouts.',
    integrationType: 'Direct API',
    status: 'Active',
    by: 'grace',
    products: [0, 3],
  },
  {
    name: 'Slack',
    category: 'Communication',
    description: 'Release announcements in #releases.',
    integrationType: 'Agent',
    status: 'Pending',
    by: 'ada',
    products: [],
  },
];
