import {
  type ActivityType,
  productMessages,
  type TeamDetail,
  type TeamMember,
  teamMessages,
} from '@shipyard/shared';
import type { Db } from '../../db/client.ts';
import { Forbidden, NotFound } from '../../lib/errors.ts';
import type { Changes } from '../../lib/realtime/changes.ts';
import type { SessionUser } from '../../lib/session.ts';
import type { Viewer } from '../../lib/visibility.ts';
import { createInTransaction } from '../../lib/write.ts';
import type { ActivityRecorder } from '../activities/index.ts';
import type { Notifier } from '../notifications/index.ts';
import { canManageTeam, type TeamWithNames, toTeam, toTeamMember } from './teams.mapper.ts';
import type { TeamsRepository } from './teams.repository.ts';

export type Deps = {
  db: Db;
  teams: TeamsRepository;
  activities: ActivityRecorder;
  notifications: Notifier;
  /** Realtime: published after commit (docs/decisions/009-realtime.md). */
  changes: Changes;
};

/**
 * What team CRUD (teams.service.ts) and the membership flows (teams.membership.ts) share: the
 * errors, the locked and visible team, the caller's right to manage it, its detail and the
 * activity entry that names it. Every change runs in `inTransaction` (publish after commit).
 */
export function createTeamAccess({ db, teams, activities, changes }: Deps) {
  const teamNotFound = () => NotFound(teamMessages.notFound, 'TEAM_NOT_FOUND');
  const memberNotFound = () => NotFound(teamMessages.memberNotFound, 'MEMBER_NOT_FOUND');
  const readOnly = () => Forbidden(productMessages.readOnly, 'READ_ONLY');
  const inTransaction = createInTransaction(db, changes);

  /** The team the viewer may see, locked against concurrent changes; otherwise 404. */
  async function lockVisible(tx: Db, actor: Viewer, teamId: string): Promise<TeamWithNames> {
    if (!(await teams.lock(tx, teamId))) throw teamNotFound();
    const found = await teams.findForViewer(actor, teamId, tx);
    if (!found) throw teamNotFound();
    return found;
  }

  function requireManager(actor: Viewer, row: TeamWithNames) {
    if (canManageTeam(actor, row)) return;
    throw actor.role === 'guest' ? readOnly() : Forbidden(teamMessages.forbidden, 'FORBIDDEN');
  }

  async function detail(actor: Viewer, teamId: string, tx: Db = db): Promise<TeamDetail> {
    const found = await teams.findForViewer(actor, teamId, tx);
    if (!found) throw teamNotFound();
    const members = await teams.members(teamId, tx);
    return { ...toTeam(actor, found), members: members.map(toTeamMember) };
  }

  async function memberOf(teamId: string, userId: string, tx: Db): Promise<TeamMember> {
    const found = await teams.member(teamId, userId, tx);
    if (!found) throw memberNotFound();
    return toTeamMember(found);
  }

  /** An entry of the team's product timeline, naming the team in its metadata. */
  function record(
    tx: Db,
    actor: SessionUser,
    team: { id: string; name: string; productId: string },
    entry: { actionType: ActivityType; description: string; metadata?: Record<string, unknown> },
  ) {
    return activities.insert(
      {
        actionType: entry.actionType,
        description: entry.description,
        metadata: { teamId: team.id, teamName: team.name, ...entry.metadata },
        productId: team.productId,
        performedBy: actor.id,
      },
      tx,
    );
  }

  return {
    inTransaction,
    teamNotFound,
    memberNotFound,
    readOnly,
    lockVisible,
    requireManager,
    detail,
    memberOf,
    record,
  };
}

export type TeamAccess = ReturnType<typeof createTeamAccess>;
