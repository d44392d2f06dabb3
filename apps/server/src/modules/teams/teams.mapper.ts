import { isAdmin, type Role, type Team, type TeamMember } from '@shipyard/shared';
import type { TeamMemberRow, TeamRow } from '../../db/schema/index.ts';
import type { Viewer } from '../../lib/visibility.ts';

/** A team with what its card shows, joined in the query that read it. */
export type TeamWithNames = {
  team: TeamRow;
  productName: string;
  productCreatedBy: string | null;
  lead: { id: string; name: string; email: string } | null;
  /** The viewer's own membership row, if any. */
  mine: Pick<TeamMemberRow, 'role' | 'status' | 'isLead'> | null;
  memberCount: number | null;
  activeMembers: number | null;
};

export type MemberWithUser = {
  member: TeamMemberRow;
  user: { id: string; name: string; email: string; avatarUrl: string | null; role: Role };
};

/**
 * Who may manage a team (invite, remove, set the lead, delete, list candidates): admins, the
 * product's creator and the team's active lead — never a guest, who is read-only (ARCHITECTURE §5).
 */
export function canManageTeam(viewer: Viewer, row: TeamWithNames): boolean {
  if (isAdmin(viewer.role)) return true;
  if (viewer.role === 'guest') return false;
  return row.productCreatedBy === viewer.id || (row.mine?.isLead === true && row.mine.status === 'active');
}

/** The API's team (spec §3): `email` is the lead's, `role` the viewer's own in it. */
export function toTeam(viewer: Viewer, row: TeamWithNames): Team {
  const { team, lead } = row;
  return {
    id: team.id,
    _id: team.id,
    name: team.name,
    description: team.description,
    teamType: team.teamType,
    productId: team.productId,
    productName: row.productName,
    email: lead?.email ?? null,
    role: row.mine?.role ?? null,
    memberCount: row.memberCount ?? 0,
    activeMembers: row.activeMembers ?? 0,
    lead: lead ? { _id: lead.id, name: lead.name } : null,
    canManage: canManageTeam(viewer, row),
    createdBy: team.createdBy,
    createdAt: team.createdAt.toISOString(),
  };
}

/** A member row of one team (spec §3 Team member, per team), with the user's system role. */
export function toTeamMember({ member, user }: MemberWithUser): TeamMember {
  return {
    _id: member.id,
    user: { _id: user.id, id: user.id, name: user.name, email: user.email, avatar: user.avatarUrl },
    role: member.role,
    status: member.status,
    joined_at: member.joinedAt?.toISOString() ?? null,
    is_lead: member.isLead,
    systemRole: user.role,
  };
}
