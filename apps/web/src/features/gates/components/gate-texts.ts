import type { GateCriterionKind, ProductStatus, Role } from '@shipyard/shared';
import { k, t } from '../../../lib/i18n/index.ts';

// The words the stage gates' screens share (issue 32).

const stageNames: Record<ProductStatus, string> = {
  planning: k('Planning'),
  development: k('Development'),
  testing: k('Testing'),
  production: k('Production'),
  maintenance: k('Maintenance'),
};
export const stageName = (stage: ProductStatus) => t(stageNames[stage]);

const kindNames: Record<GateCriterionKind, string> = {
  manual: k('Confirm by hand'),
  field: k('Custom field filled'),
  phase_done: k('Phase completed'),
  no_label: k('No open task with label'),
  approval: k('Approval'),
};
export const kindName = (kind: GateCriterionKind) => t(kindNames[kind]);

const roleNames: Record<Role, string> = {
  guest: k('Guest'),
  member: k('Member'),
  admin: k('Admin'),
  'super admin': k('Super Admin'),
};
export const roleName = (role: Role) => t(roleNames[role]);
