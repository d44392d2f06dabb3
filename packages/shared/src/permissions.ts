// The role table (product-spec §6, ARCHITECTURE §5) and the checks both sides use.

export const ROLES = ['guest', 'member', 'admin', 'super admin'] as const;
export type Role = (typeof ROLES)[number];

const rank: Record<Role, number> = { guest: 0, member: 1, admin: 2, 'super admin': 3 };

export const roleRank = (role: Role): number => rank[role];
export const isAdmin = (role: Role): boolean => rank[role] >= rank.admin;
export const isSuperAdmin = (role: Role): boolean => role === 'super admin';
/** Nobody grants a role above their own, nor changes someone who outranks them. */
export const canAssignRole = (actor: Role, target: Role): boolean =>
  isAdmin(actor) && rank[target] <= rank[actor];
export const canManageUser = (actor: Role, subject: Role): boolean =>
  isAdmin(actor) && rank[subject] <= rank[actor];
/**
 * How an account signs in and whether it may — its e-mail, role, disabled state, deletion — is
 * changed only from a higher rank: an admin manages members and guests, a super admin admins too,
 * and nobody a peer (decision 010). One's own role may still be lowered.
 */
export const canManageAccess = (actor: Role, subject: Role): boolean =>
  isAdmin(actor) && rank[subject] < rank[actor];
/**
 * Someone's role and disabled state: canManageAccess, and besides it the instance's owner (its
 * earliest active super admin) may change them for another super admin, to undo one made by a
 * leaked token or by mistake (issue 27 #2). Never their e-mail, and nobody the owner's.
 */
export const canChangeRoleAndStatus = (actor: { role: Role; owner?: boolean }, subject: Role): boolean =>
  canManageAccess(actor.role, subject) || (actor.owner === true && subject === 'super admin');

export type MenuItem =
  | 'dashboard'
  | 'products'
  | 'team'
  | 'calendar'
  | 'roadmap'
  | 'lifecycle'
  | 'reports'
  | 'tasks'
  | 'analytics'
  | 'activity'
  | 'services'
  | 'settings'
  | 'notifications';

/** Who sees which sidebar entry. Settings is shown to everyone (ARCHITECTURE §5). */
const menu: Record<MenuItem, (role: Role) => boolean> = {
  dashboard: () => true,
  products: () => true,
  tasks: () => true,
  team: isAdmin,
  calendar: (r) => rank[r] >= rank.member,
  // Issue 31: whoever sees products sees them on the roadmap (moving dates is the product's editors').
  roadmap: () => true,
  // Issue 32: the lifecycle reports, over the products each caller sees.
  lifecycle: () => true,
  reports: isSuperAdmin,
  analytics: isSuperAdmin,
  // Everyone signed in reads the activity of the products they see and the services catalogue
  // (spec §2.1); only admins change services, which the page itself decides.
  activity: () => true,
  services: () => true,
  settings: () => true,
  notifications: (r) => rank[r] >= rank.member,
};

export const canSeeMenuItem = (role: Role, item: MenuItem): boolean => menu[item](role);
export const canCreateProduct = (role: Role): boolean => rank[role] >= rank.member;

/** Creating, editing and deleting tasks: members and up (guests only read, ARCHITECTURE §5). */
export const canEditTasks = (role: Role): boolean => rank[role] >= rank.member;
/** A guest may still move the tasks assigned to them; everyone else who may edit tasks moves any. */
export const canChangeTaskStatus = (
  viewer: { id: string; role: Role },
  task: { assigneeId: string | null },
): boolean => canEditTasks(viewer.role) || task.assigneeId === viewer.id;

/**
 * Editing, archiving and deleting a product: its creator or an admin. A guest never may, even one
 * who created it before being made a guest (ARCHITECTURE §5: guests are read-only).
 */
export const canEditProduct = (
  viewer: { id: string; role: Role },
  product: { createdBy: string | null },
): boolean => isAdmin(viewer.role) || (viewer.role !== 'guest' && product.createdBy === viewer.id);
