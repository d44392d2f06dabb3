import { and, asc, desc, eq, ilike, isNotNull, isNull, notExists, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { products, type TeamMemberRow, teamMembers, teams, users } from '../../db/schema/index.ts';
import { containsInsensitive, escapeLike } from '../../lib/like.ts';
import { type Viewer, visibleProducts } from '../../lib/visibility.ts';
import type { MemberWithUser, TeamWithNames } from './teams.mapper.ts';

export type NewTeam = typeof teams.$inferInsert;
export type NewTeamMember = typeof teamMembers.$inferInsert;

/** GET /team and a product's teams: at most this many, newest first. */
const TEAM_LIST_LIMIT = 200;
/** A team's member table: at most this many rows. */
const MEMBER_LIST_LIMIT = 500;
const CANDIDATE_LIMIT = 20;

const leadMember = alias(teamMembers, 'lead_member');
const leadUser = alias(users, 'lead_user');
const mine = alias(teamMembers, 'mine');

/** Active first, then invited, pending and suspended (spec §2.11's table). */
const statusOrder = sql`case ${teamMembers.status} when 'active' then 0 when 'invited' then 1 when 'pending' then 2 else 3 end`;

const memberWithUser = {
  member: teamMembers,
  user: { id: users.id, name: users.name, email: users.email, avatarUrl: users.avatarUrl, role: users.role },
};

export function createTeamsRepository(db: Db) {
  // Both counts in one aggregate per team, joined LATERAL in the query that reads the teams
  // (team_members_team_user_key), so a list is one query whatever its length.
  const counts = db
    .select({
      memberCount: sql<number>`count(*)::int`.as('member_count'),
      activeMembers: sql<number>`(count(*) filter (where ${teamMembers.status} = 'active'))::int`.as(
        'active_members',
      ),
    })
    .from(teamMembers)
    .where(eq(teamMembers.teamId, teams.id))
    .as('member_counts');

  /**
   * Teams with their product's name and creator, lead (team_members_one_lead), the viewer's own
   * membership and the counts.
   */
  const selectTeams = (viewer: Viewer, tx: Db) =>
    tx
      .select({
        team: teams,
        productName: products.name,
        productCreatedBy: products.createdBy,
        lead: { id: leadUser.id, name: leadUser.name, email: leadUser.email },
        mine: { role: mine.role, status: mine.status, isLead: mine.isLead },
        memberCount: counts.memberCount,
        activeMembers: counts.activeMembers,
      })
      .from(teams)
      .innerJoin(products, eq(products.id, teams.productId))
      .leftJoin(leadMember, and(eq(leadMember.teamId, teams.id), eq(leadMember.isLead, true)))
      .leftJoin(leadUser, eq(leadUser.id, leadMember.userId))
      .leftJoin(mine, and(eq(mine.teamId, teams.id), eq(mine.userId, viewer.id)))
      .leftJoinLateral(counts, sql`true`);

  return {
    /** The teams of the products the viewer sees (of one product, when named), newest first. */
    async list(viewer: Viewer, productId?: string, tx: Db = db): Promise<TeamWithNames[]> {
      return selectTeams(viewer, tx)
        .where(and(visibleProducts(viewer), productId ? eq(teams.productId, productId) : undefined))
        .orderBy(desc(teams.createdAt), desc(teams.id))
        .limit(TEAM_LIST_LIMIT);
    },

    /**
     * The team, if the viewer sees its product or has any membership row in it (an invitee may
     * look at the team they are invited to).
     */
    async findForViewer(viewer: Viewer, teamId: string, tx: Db = db): Promise<TeamWithNames | undefined> {
      const visible = visibleProducts(viewer);
      const [row] = await selectTeams(viewer, tx)
        .where(and(eq(teams.id, teamId), visible ? or(visible, isNotNull(mine.id)) : undefined))
        .limit(1);
      return row;
    },

    /**
     * Serialises the changes of one team (a lead change against another, a removal against an
     * invitation). NO KEY UPDATE: it does not block the foreign key checks of other tables.
     */
    async lock(tx: Db, teamId: string): Promise<boolean> {
      const rows = await tx
        .select({ id: teams.id })
        .from(teams)
        .where(eq(teams.id, teamId))
        .for('no key update');
      return rows.length > 0;
    },

    /** A team's members: active first, then invited, pending and suspended, each by name. */
    async members(teamId: string, tx: Db = db): Promise<MemberWithUser[]> {
      return tx
        .select(memberWithUser)
        .from(teamMembers)
        .innerJoin(users, eq(users.id, teamMembers.userId))
        .where(eq(teamMembers.teamId, teamId))
        .orderBy(statusOrder, asc(users.name), asc(teamMembers.id))
        .limit(MEMBER_LIST_LIMIT);
    },

    async member(teamId: string, userId: string, tx: Db = db): Promise<MemberWithUser | undefined> {
      const [row] = await tx
        .select(memberWithUser)
        .from(teamMembers)
        .innerJoin(users, eq(users.id, teamMembers.userId))
        .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
        .limit(1);
      return row;
    },

    /** The user's membership row, locked for a change in this transaction. */
    async lockMember(tx: Db, teamId: string, userId: string): Promise<TeamMemberRow | undefined> {
      const [row] = await tx
        .select()
        .from(teamMembers)
        .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
        .limit(1)
        .for('update');
      return row;
    },

    /** The team's and its product's names, for the texts of an entry or a notification. */
    async names(teamId: string, tx: Db = db) {
      const [row] = await tx
        .select({ teamName: teams.name, productId: teams.productId, productName: products.name })
        .from(teams)
        .innerJoin(products, eq(products.id, teams.productId))
        .where(eq(teams.id, teamId))
        .limit(1);
      return row;
    },

    async findUser(id: string, tx: Db = db) {
      const [row] = await tx
        .select({ id: users.id, name: users.name, disabledAt: users.disabledAt })
        .from(users)
        .where(eq(users.id, id))
        .limit(1);
      return row;
    },

    /**
     * Who could be invited: enabled, verified users without any membership row in the team, by
     * name; `contains` the search in their name or e-mail (ignoring case, admins), with exactly
     * that `email`, or with a `name` (or a word of it) that starts with the search.
     */
    async candidates(
      teamId: string,
      find: { by: 'contains' | 'email' | 'name'; search: string },
      limit = CANDIDATE_LIMIT,
    ) {
      const { by, search } = find;
      const term = escapeLike(search);
      const match =
        by === 'email'
          ? sql`lower(${users.email}) = ${search.toLowerCase()}`
          : by === 'name'
            ? or(ilike(users.name, `${term}%`), ilike(users.name, `% ${term}%`))
            : search
              ? or(containsInsensitive(users.name, search), containsInsensitive(users.email, search))
              : undefined;
      return db
        .select({ id: users.id, name: users.name, email: users.email, avatarUrl: users.avatarUrl })
        .from(users)
        .where(
          and(isNull(users.disabledAt), isNotNull(users.emailVerifiedAt), match, notMemberOf(db, teamId)),
        )
        .orderBy(asc(users.name), asc(users.id))
        .limit(limit);
    },

    async insertTeam(values: NewTeam, tx: Db = db) {
      const [row] = await tx.insert(teams).values(values).returning();
      if (!row) throw new Error('team insert returned no row');
      return row;
    },

    /** The new row, or undefined when the user already has one in the team. */
    async insertMember(
      values: Omit<NewTeamMember, 'joinedAt'> & { joinedAt?: SQL | null },
      tx: Db = db,
    ): Promise<TeamMemberRow | undefined> {
      const [row] = await tx.insert(teamMembers).values(values).onConflictDoNothing().returning();
      return row;
    },

    async removeTeam(teamId: string, tx: Db = db) {
      await tx.delete(teams).where(eq(teams.id, teamId));
    },

    async removeMember(memberId: string, tx: Db = db) {
      await tx.delete(teamMembers).where(eq(teamMembers.id, memberId));
    },

    /** Active from now (the database's clock). */
    async activate(memberId: string, tx: Db = db) {
      await tx
        .update(teamMembers)
        .set({ status: 'active', joinedAt: sql`now()`, updatedAt: sql`now()` })
        .where(eq(teamMembers.id, memberId));
    },

    /** The previous lead stops being lead first: team_members_one_lead allows one at a time. */
    async setLead(teamId: string, memberId: string, tx: Db = db) {
      await tx
        .update(teamMembers)
        .set({ isLead: false, updatedAt: sql`now()` })
        .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.isLead, true)));
      await tx
        .update(teamMembers)
        .set({ isLead: true, updatedAt: sql`now()` })
        .where(eq(teamMembers.id, memberId));
    },
  };
}

/** No membership row of the user in the team, whatever its status. */
const notMemberOf = (db: Db, teamId: string) =>
  notExists(
    db
      .select({ one: sql`1` })
      .from(teamMembers)
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, users.id))),
  );

export type TeamsRepository = ReturnType<typeof createTeamsRepository>;
