import type { Department, Role, userManagementMessages } from '@shipyard/shared';
import { k } from '../../../lib/i18n/index.ts';

// The shared User Management texts these screens show, marked for translation and translated
// where shown (`t(m.addButton)`); the type holds each to its shared text.

export const userManagementTexts = {
  searchPlaceholder: k('Search team members...'),
  addButton: k('Add New User'),
  addTitle: k('Add New Team Member'),
  editTitle: k('Edit Team Member'),
  added: k('Team member added successfully.'),
  updated: k('Team member updated successfully.'),
  deleted: k('Team member deleted successfully.'),
  errorTitle: k('Error'),
  fallback: k('An error occurred'),
  deleteFailed: k('Failed to delete team member'),
  empty: k('No team members found'),
} satisfies Partial<typeof userManagementMessages>;

/** 'engineering' → 'Engineering', 'hr' → 'HR'. */
export const departmentLabels = {
  engineering: k('Engineering'),
  product: k('Product'),
  design: k('Design'),
  data: k('Data'),
  marketing: k('Marketing'),
  sales: k('Sales'),
  hr: k('HR'),
  other: k('Other'),
} satisfies Record<Department, string>;

/** 'super admin' → 'Super Admin'. */
export const roleLabels = {
  'super admin': k('Super Admin'),
  admin: k('Admin'),
  member: k('Member'),
  guest: k('Guest'),
} satisfies Record<Role, string>;
