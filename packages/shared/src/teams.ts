import { z } from 'zod/mini';
import { TEAM_TYPES } from './product-filters.ts';
import { productMessages } from './products.ts';
import { multiLine, singleLine } from './text.ts';
import { RoleSchema } from './users.ts';

// Teams of a product, their members and invitations (spec §2.11, §3 Team and Team member, §4,
// §5 Create team and Invite member, §7.4, §8.2). An invitation is a member row with status
// 'invited'; accepting it makes the member active, which gives access to the product.

export const TEAM_MEMBER_ROLES = [
  'admin',
  'manager',
  'developer',
  'designer',
  'qa engineer',
  'product manager',
  'others',
  'member',
] as const;
export type TeamMemberRole = (typeof TEAM_MEMBER_ROLES)[number];
/** The roles the 'Add Team Member' dialog offers (spec §5); sent lowercased. */
export const INVITE_ROLES = ['manager', 'developer', 'designer', 'qa engineer'] as const;
export const TEAM_MEMBER_STATUSES = ['active', 'invited', 'pending', 'suspended'] as const;
export type TeamMemberStatus = (typeof TEAM_MEMBER_STATUSES)[number];
/** Rows with these roles show 'Make Team Lead' and 'Remove Member' (spec §6). */
export const LEAD_ELIGIBLE_ROLES = ['admin', 'manager'] as const;

export const teamMessages = {
  nameMin: 'Team name must be at least 2 characters.',
  typeRequired: 'Please select a team type.',
  userIdRequired: 'User ID is required',
  roleRequired: 'Role is required',
  notFound: 'Team not found',
  memberNotFound: 'Member not found',
  userNotFound: 'User not found',
  alreadyMember: 'This user is already a member of the team.',
  alreadyInvited: 'This user has already been invited to the team.',
  invitationNotFound: 'There is no invitation to this team for you.',
  forbidden: 'Only an admin, the product’s creator or the team’s lead can manage this team.',
  leadNotEligible: 'Only an active member who is not already lead can be made lead.',
  // Spec §2.11 and §8.2.
  myTeams: 'My Teams',
  emptyTeams: 'No team found. Add your first team to get started.',
  emptyMembers: 'No team members yet. Add your first team member to get started.',
  addMemberDescription: 'Invite an existing user to join your team.',
  deleteTitle: 'Delete Team',
  deleteDescription: (team: string) =>
    `Are you sure you want to delete ${team}? This action cannot be undone.`,
  deleted: 'Team deleted',
  deleteFailed: 'Failed to delete team',
  created: 'Team created',
  createFailed: 'Failed to create team',
  leadUpdated: 'Team lead updated successfully',
  leadFailed: 'Failed to update team lead',
  memberRemoved: 'Member removed.',
  removeFailed: 'Failed to remove member',
  invited: 'Team member invited successfully',
  inviteFailed: 'Failed to invite team member',
} as const;

const lower = (v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : v);

/** POST /api/team/{productId}/create-team. */
export const CreateTeamSchema = z.object({
  name: z
    .string(teamMessages.nameMin)
    .check(z.trim(), z.minLength(2, teamMessages.nameMin), z.maxLength(100), singleLine()),
  description: z._default(z.string().check(z.trim(), z.maxLength(1000), multiLine()), ''),
  teamType: z.pipe(z.transform(lower), z.enum(TEAM_TYPES, teamMessages.typeRequired)),
});
export type CreateTeam = z.infer<typeof CreateTeamSchema>;
export type CreateTeamInput = z.input<typeof CreateTeamSchema>;

/** POST /api/team/{teamId}/{projectId}/invite: an existing user, with a role sent lowercased. */
export const InviteMemberSchema = z.object({
  userId: z
    .string(teamMessages.userIdRequired)
    .check(z.trim(), z.minLength(1, teamMessages.userIdRequired), z.maxLength(100), singleLine()),
  role: z.pipe(z.transform(lower), z.enum(INVITE_ROLES, teamMessages.roleRequired)),
});
export type InviteMember = z.infer<typeof InviteMemberSchema>;
export type InviteMemberInput = z.input<typeof InviteMemberSchema>;

/** PATCH /api/team/{teamId}/lead: `memberId` is the member's user id (as in remove/{userId}). */
export const SetLeadSchema = z.object({ memberId: z.uuid(teamMessages.memberNotFound) });

export const TeamIdParamsSchema = z.object({ teamId: z.uuid(teamMessages.notFound) });
export const TeamProductParamsSchema = z.object({ productId: z.uuid(productMessages.notFound) });
export const InviteParamsSchema = z.object({
  teamId: z.uuid(teamMessages.notFound),
  projectId: z.uuid(productMessages.notFound),
});
export const RemoveMemberParamsSchema = z.object({
  teamId: z.uuid(teamMessages.notFound),
  userId: z.uuid(teamMessages.memberNotFound),
});

const PersonSchema = z.object({
  _id: z.string(),
  id: z.string(),
  name: z.string(),
  email: z.string(),
  avatar: z.nullable(z.string()),
});

/** A member row of one team (spec §3 Team member, per team). */
export const TeamMemberSchema = z.object({
  _id: z.string(),
  user: PersonSchema,
  role: z.enum(TEAM_MEMBER_ROLES),
  status: z.enum(TEAM_MEMBER_STATUSES),
  joined_at: z.nullable(z.string()),
  is_lead: z.boolean(),
  /** The user's system role, for the '(Admin)' label. */
  systemRole: RoleSchema,
});
export type TeamMember = z.infer<typeof TeamMemberSchema>;

/** A team (spec §3 Team). `email` and `role` are the lead's e-mail and the caller's role in it. */
export const TeamSchema = z.object({
  id: z.string(),
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  teamType: z.enum(TEAM_TYPES),
  productId: z.string(),
  productName: z.string(),
  email: z.nullable(z.string()),
  role: z.nullable(z.enum(TEAM_MEMBER_ROLES)),
  memberCount: z.number(),
  activeMembers: z.number(),
  lead: z.nullable(z.object({ _id: z.string(), name: z.string() })),
  /** Whether the caller may manage it (admins, the product's creator, the team's lead). */
  canManage: z.boolean(),
  createdBy: z.nullable(z.string()),
  createdAt: z.string(),
});
export type Team = z.infer<typeof TeamSchema>;

export const TeamListSchema = z.object({ data: z.array(TeamSchema) });
export type TeamList = z.infer<typeof TeamListSchema>;

/** GET /api/team/{teamId}: the team and its members (active first, then invited, by name). */
export const TeamDetailSchema = z.extend(TeamSchema, { members: z.array(TeamMemberSchema) });
export type TeamDetail = z.infer<typeof TeamDetailSchema>;

/** GET /api/team/{teamId}/candidates?search=: users who could be invited (not yet in the team). */
export const CandidateQuerySchema = z.object({
  search: z._default(z.string().check(z.trim(), z.maxLength(100), singleLine()), ''),
});
/**
 * `restricted`: the caller is not an admin, so the search finds people only by an exact e-mail
 * or the start of a name (docs/decisions/011-people-search.md).
 */
export const CandidateListSchema = z.object({ data: z.array(PersonSchema), restricted: z.boolean() });

// People search for those who are not admins (docs/decisions/011-people-search.md).
/** The letters of a name a search needs before it finds anyone. */
export const PEOPLE_SEARCH_NAME_MIN = 3;
/** At most this many people per search. */
export const PEOPLE_SEARCH_LIMIT = 5;
export const peopleSearchHint = `Type a full e-mail address or at least ${PEOPLE_SEARCH_NAME_MIN} letters of a name.`;
/** How a restricted search finds people: by exact e-mail, by the start of a name, or not at all. */
export function peopleSearchKind(search: string): 'email' | 'name' | undefined {
  const term = search.trim();
  if (term.includes('@')) return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(term) ? 'email' : undefined;
  return [...term].length >= PEOPLE_SEARCH_NAME_MIN ? 'name' : undefined;
}
export type Candidate = z.infer<typeof PersonSchema>;
