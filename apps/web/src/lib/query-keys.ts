/**
 * The first element of every feature's query keys. Each feature builds its keys from its root
 * (features/<f>/api/keys.ts) and app/ reads them there; a feature whose writes change another
 * feature's data invalidates by that root (features never import each other), never by an array
 * written by hand.
 */
export const queryRoots = {
  account: ['account'],
  activity: ['activity'],
  admin: ['admin'],
  analytics: ['analytics'],
  auth: ['auth'],
  comments: ['comments'],
  cycles: ['cycles'],
  checklists: ['checklists'],
  dashboard: ['dashboard'],
  events: ['events'],
  hierarchy: ['hierarchy'],
  fields: ['fields'],
  gates: ['gates'],
  forecast: ['forecast'],
  labels: ['labels'],
  lifecycle: ['lifecycle'],
  notifications: ['notifications'],
  products: ['products'],
  push: ['push'],
  recurrence: ['recurrence'],
  reports: ['reports'],
  roadmap: ['roadmap'],
  schedule: ['schedule'],
  search: ['search'],
  services: ['services'],
  session: ['session'],
  taskFiles: ['task-files'],
  tasks: ['tasks'],
  teamMembers: ['team-members'],
  teams: ['teams'],
  views: ['views'],
  workflow: ['workflow'],
  chat: ['chat'],
  trash: ['trash'],
  templates: ['templates'],
  time: ['time'],
} as const;

/** The families of one feature's caches that another feature's writes touch. */
export const sharedKeys = {
  /** Every task list, whatever its filters (tasks feature). */
  taskLists: [...queryRoots.tasks, 'list'] as const,
  /** The task form's team and assignee choices of every product (tasks feature). */
  taskOptions: [...queryRoots.tasks, 'options'] as const,
  /** One product's timeline (products feature). */
  productActivities: (productId: string) => [...queryRoots.products, 'activities', productId] as const,
  /** One product's page (products feature). */
  productDetail: (productId: string) => [...queryRoots.products, 'detail', productId] as const,
  /** One product's labels: the labels feature manages them, the task filters offer them. */
  productLabels: (productId: string) => [...queryRoots.labels, 'product', productId] as const,
  /** How one task repeats: the recurrence feature shows and edits it, the task dialog sets it. */
  taskRecurrence: (taskId: string) => [...queryRoots.recurrence, 'task', taskId] as const,
  /** Every visible product's custom fields: the fields feature manages them, the /tasks filters offer them. */
  fieldsInSight: [...queryRoots.fields, 'in-sight'] as const,
  /** One product's workflow states: the workflow feature manages them, the board and task forms show them. */
  productStates: (productId: string) => [...queryRoots.workflow, 'product', productId] as const,
};
