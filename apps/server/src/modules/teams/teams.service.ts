import type { CreateTeam, Team, TeamDetail, TeamMember } from '@shipyard/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type CsvColumn, csvChunks, exportFileName } from '../../lib/csv.ts';
import type { Change } from '../../lib/realtime/changes.ts';
import type { SessionUser } from '../../lib/session.ts';
import { findVisibleProduct, holdVisibleProduct, refuseArchivedProduct } from '../../lib/visibility.ts';
import type { AfterCommit } from '../../lib/write.ts';
import { createTeamAccess, type Deps } from './teams.access.ts';
import { toTeam } from './teams.mapper.ts';
import { createMembershipFlows } from './teams.membership.ts';

const TEAM_MEMBER_CSV_COLUMNS: CsvColumn<TeamMember>[] = [
  { header: 'name', value: (m) => m.user.name },
  { header: 'email', value: (m) => m.user.email },
  { header: 'team_role', value: (m) => m.role },
  { header: 'status', value: (m) => m.status },
  { header: 'lead', value: (m) => m.is_lead },
  { header: 'system_role', value: (m) => m.systemRole },
  { header: 'joined_at', value: (m) => m.joined_at },
  { header: 'user_id', value: (m) => m.user.id },
];

/** A viewer id no account has. */
const NOBODY = '00000000-0000-0000-0000-000000000000';

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

    /**
     * A product template's team types (issue 29): the product's teams, without their people, and
     * teams made from them in the caller's transaction, each led by its maker as a create does.
     */
    types: {
      async ofProduct(productId: string, tx: Db) {
        // Read as an admin (the caller's right was checked): every team, newest first.
        const rows = await teams.list({ id: NOBODY, role: 'admin' }, productId, tx);
        return rows.map((r) => ({
          name: r.team.name,
          description: r.team.description,
          teamType: r.team.teamType,
        }));
      },
      async createWithin(
        tx: Db,
        after: AfterCommit,
        actor: SessionUser,
        productId: string,
        list: Array<Pick<CreateTeam, 'name' | 'description' | 'teamType'>>,
      ) {
        for (const body of list) {
          const team = await teams.insertTeam({ productId, ...body, createdBy: actor.id }, tx);
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
          after.publish(teamChange('created', { id: team.id, productId }));
        }
      },
    },

    async get(actor: SessionUser, teamId: string): Promise<TeamDetail> {
      return detail(actor, teamId);
    },

    /** The team's members as CSV (issue 20): the rows its page lists; 404 unless the caller sees it. */
    async exportMembers(actor: SessionUser, teamId: string, now: Date) {
      const team = await detail(actor, teamId);
      const slug =
        team.name
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, '-')
          .replace(/^-|-$/g, '') || 'team';
      async function* one() {
        yield team.members;
      }
      return {
        fileName: exportFileName(`${slug}-members`, now),
        total: team.members.length,
        chunks: csvChunks(TEAM_MEMBER_CSV_COLUMNS, one()),
      };
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
