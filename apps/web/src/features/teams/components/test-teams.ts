import type { Candidate, Team, TeamDetail, TeamMember } from '@shipyard/shared';

export const PRODUCT_ID = '11111111-1111-4111-8111-111111111111';
export const TEAM_ID = '22222222-2222-4222-8222-222222222222';
export const OTHER_TEAM_ID = '33333333-3333-4333-8333-333333333333';

export function makeTeam(overrides: Partial<Team> = {}): Team {
  const id = overrides.id ?? TEAM_ID;
  return {
    id,
    _id: id,
    name: 'Platform',
    description: 'APIs and infrastructure.',
    teamType: 'development',
    productId: PRODUCT_ID,
    productName: 'Apollo',
    email: 'grace@example.com',
    role: 'manager',
    memberCount: 3,
    activeMembers: 2,
    lead: { _id: 'u-grace', name: 'Grace Hopper' },
    canManage: true,
    createdBy: 'u-1',
    createdAt: '2025-02-01T10:00:00.000Z',
    ...overrides,
  };
}

export function makeMember(
  overrides: Partial<Omit<TeamMember, 'user'>> & { user?: Partial<TeamMember['user']> } = {},
): TeamMember {
  const { user, ...rest } = overrides;
  const userId = user?.id ?? 'u-grace';
  return {
    _id: `m-${userId}`,
    role: 'manager',
    status: 'active',
    joined_at: '2025-02-03T09:00:00.000Z',
    is_lead: false,
    systemRole: 'member',
    ...rest,
    user: {
      _id: userId,
      id: userId,
      name: 'Grace Hopper',
      email: 'grace@example.com',
      avatar: null,
      ...user,
    },
  };
}

export function makeTeamDetail(overrides: Partial<TeamDetail> = {}): TeamDetail {
  return { ...makeTeam(overrides), members: [], ...overrides };
}

export function makeCandidate(overrides: Partial<Candidate> = {}): Candidate {
  const id = overrides.id ?? 'u-linus';
  return { _id: id, id, name: 'Linus Torvalds', email: 'linus@example.com', avatar: null, ...overrides };
}
