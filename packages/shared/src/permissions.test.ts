import { describe, expect, it } from 'vitest';
import {
  canAssignRole,
  canManageAccess,
  canManageUser,
  canSeeMenuItem,
  type MenuItem,
  type Role,
} from './permissions.ts';

describe('the sidebar follows the role table of spec §6 (Settings for everyone, ARCHITECTURE §5)', () => {
  const table: Record<MenuItem, Role[]> = {
    dashboard: ['guest', 'member', 'admin', 'super admin'],
    products: ['guest', 'member', 'admin', 'super admin'],
    tasks: ['guest', 'member', 'admin', 'super admin'],
    team: ['admin', 'super admin'],
    calendar: ['member', 'admin', 'super admin'],
    roadmap: ['guest', 'member', 'admin', 'super admin'],
    lifecycle: ['guest', 'member', 'admin', 'super admin'],
    reports: ['super admin'],
    analytics: ['super admin'],
    activity: ['guest', 'member', 'admin', 'super admin'],
    services: ['guest', 'member', 'admin', 'super admin'],
    settings: ['guest', 'member', 'admin', 'super admin'],
    notifications: ['member', 'admin', 'super admin'],
  };
  for (const [item, roles] of Object.entries(table) as [MenuItem, Role[]][]) {
    it(`shows ${item} to ${roles.join(', ')} only`, () => {
      for (const role of ['guest', 'member', 'admin', 'super admin'] as const) {
        expect(canSeeMenuItem(role, item)).toBe(roles.includes(role));
      }
    });
  }
});

describe('role changes', () => {
  it('lets admins grant roles up to their own, and nobody else grant any', () => {
    expect(canAssignRole('admin', 'admin')).toBe(true);
    expect(canAssignRole('admin', 'super admin')).toBe(false);
    expect(canAssignRole('super admin', 'super admin')).toBe(true);
    expect(canAssignRole('member', 'guest')).toBe(false);
  });

  it('lets admins manage only users who do not outrank them', () => {
    expect(canManageUser('admin', 'member')).toBe(true);
    expect(canManageUser('admin', 'super admin')).toBe(false);
    expect(canManageUser('member', 'guest')).toBe(false);
  });

  it('leaves e-mail, role and status to a higher rank: admins manage members and guests, super admins admins too', () => {
    expect(canManageAccess('admin', 'member')).toBe(true);
    expect(canManageAccess('admin', 'guest')).toBe(true);
    expect(canManageAccess('admin', 'admin')).toBe(false);
    expect(canManageAccess('super admin', 'admin')).toBe(true);
    expect(canManageAccess('super admin', 'super admin')).toBe(false);
    expect(canManageAccess('member', 'guest')).toBe(false);
  });
});
