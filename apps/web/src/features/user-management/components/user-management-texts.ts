import type { Department, Role } from '@shipyard/shared';
import { k } from '../../../lib/i18n/index.ts';

// Stored values as these screens name them, marked for translation and translated where shown.

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
