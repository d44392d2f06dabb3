import type { DirectoryList, DirectoryMember } from '@shipyard/shared';

export const VIEWER_ID = 'u-admin';

export function makeMember(overrides: Partial<DirectoryMember> = {}): DirectoryMember {
  const id = overrides.id ?? 'u-bea';
  const name = overrides.name ?? 'Bea Builder';
  const email = overrides.email ?? 'bea@example.com';
  return {
    id,
    user: { _id: id, name, email },
    name,
    email,
    department: 'design',
    role: 'member',
    position: 'Designer',
    projects: ['Apollo', 'Borealis', 'Comet', 'Dune'],
    projectCount: 4,
    skills: ['Figma', 'CSS'],
    avatar: null,
    disabled: false,
    ...overrides,
  };
}

export const memberList = (data: DirectoryMember[], { total = data.length, page = 1, limit = 50 } = {}) =>
  ({ data, total, page, limit }) satisfies DirectoryList;
