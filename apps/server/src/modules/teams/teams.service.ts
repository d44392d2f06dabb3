import type { CreateTeam, Team, TeamDetail } from '@shipyard/shared';
import { sql } from 'drizzle-orm';
import type { Change } from '../../lib/realtime/changes.ts';
import type { SessionUser } from '../../lib/session.ts';
import { findVisibleProduct, holdVisibleProduct, refuseArchivedProduct } from '../../lib/visibility.ts';
import { createTeamAccess, type Deps } from './teams.access.ts';
import { toTeam } from './teams.mapper.ts';
import { createMembershipFlows } from './teams.membership.ts';

/** The realtime change of a team, to everyone who sees its product. */
const teamChange = (op: Change['op'], team: { id: string; productId: string }): Change => ({
  kind: 'team',
  op,
  id: team.id,
  productId: team.productId,
});

// Teams of a product (docs/data-model.md, docs/decisions/004); their members and invitations are
// in teams.membership.ts. Every change locks the team row, checks the caller's right and records
// its activity entry in the same transaction.
export function createTeamsService(deps: Deps) {
  const { db, teams } = deps;
  const access = createTeamAccess(deps);
  const { inTransaction, teamNotFound, readOnly, lockVisible, requireManager, detail, record } = access;

  return {
    /** Every team of the products the caller may see. */
    async list(actor: SessionUser): Promise<{ data: Team[] }> {
      const rows = await teams.list(actor);
      return { data: rows.map((r) => toTeam(actor, r)) };
    },

    async listForProduct(actor: SessionUser, productId: string): Promise<{ data: Team[] }> {
      await findVisibleProduct(db, actor, productId);
      const rows = await teams.list(actor, productId);
      return { data: rows.map((r) => toTeam(actor, r)) };
    },

    /** Admins and members who see the product; the creator becomes the team's first member and lead. */
    async create(actor: SessionUser, productId: string, body: CreateTeam): Promise<Team> {
      return inTransaction(async (tx, after) => {
        await holdVisibleProduct(tx, actor, productId);
        if (actor.role === 'guest') throw readOnly();
        await refuseArchivedProduct(tx, productId);
        const team = await teams.insertTeam(
          {
            productId,
            name: body.name,
            description: body.description,
            teamType: body.teamType,
            createdBy: actor.id,
          },
          tx,
        );
        await teams.insertMember(
          {
            teamId: team.id,
            userId: actor.id,
            role: 'manager',
            status: 'active',
            isLead: true,
            joinedAt: sql`now()`,
          },
          tx,
        );
        await record(tx, actor, team, {
          actionType: 'team_created',
          description: `Created team "${team.name}"`,
          metadata: { teamType: team.teamType },
        });
        const created = await teams.findForViewer(actor, team.id, tx);
        if (!created) throw teamNotFound();
        after.publish(teamChange('created', { id: team.id, productId }));
        return toTeam(actor, created);
      });
    },

    async get(actor: SessionUser, teamId: string): Promise<TeamDetail> {
      return detail(actor, teamId);
    },

    /** Its members' rows and its tasks' team go with it (tasks keep no team). */
    async remove(actor: SessionUser, teamId: string): Promise<void> {
      await inTransaction(async (tx, after) => {
        const found = await lockVisible(tx, actor, teamId);
        requireManager(actor, found);
        await refuseArchivedProduct(tx, found.team.productId);
        const members = await teams.members(teamId, tx);
        await teams.removeTeam(teamId, tx);
        await record(tx, actor, found.team, {
          actionType: 'team_deleted',
          description: `Deleted team "${found.team.name}"`,
        });
        // Its members may have seen the product through this team alone.
        const memberIds = members.map((m) => m.user.id);
        after.publish({ ...teamChange('deleted', found.team), userIds: memberIds, access: memberIds });
      });
    },

    ...createMembershipFlows(deps, access),
  };
}

export type TeamsService = ReturnType<typeof createTeamsService>;
