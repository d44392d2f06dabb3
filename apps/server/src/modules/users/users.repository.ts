import { ALL_DEPARTMENTS, DIRECTORY_PROJECTS_MAX, type DirectoryQuery, type Role } from '@shipyard/shared';
import { and, count, desc, eq, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { products, teamMembers, teams, type UserRow, users } from '../../db/schema/index.ts';
import { containsInsensitive } from '../../lib/like.ts';

export type NewUser = typeof users.$inferInsert;
export type UserPatch = Partial<Omit<NewUser, 'id' | 'createdAt'>>;

/** One User Management row as the database answers it. */
export type DirectoryRow = {
  id: string;
  name: string;
  email: string;
  department: string | null;
  role: Role;
  position: string | null;
  skills: string[];
  avatar_url: string | null;
  disabled: boolean;
  projects: string[];
  project_count: number;
  total: number;
};

/** The users that a User Management search and department filter keep. */
function directoryConditions({ search, department }: Pick<DirectoryQuery, 'search' | 'department'>) {
  return and(
    search
      ? or(
          containsInsensitive(users.name, search),
          containsInsensitive(users.email, search),
          containsInsensitive(users.role, search),
          containsInsensitive(users.position, search),
        )
      : undefined,
    department !== ALL_DEPARTMENTS ? eq(users.department, department) : undefined,
  );
}

export function createUsersRepository(db: Db) {
  return {
    findById: async (id: string, tx: Db = db): Promise<UserRow | undefined> =>
      (await tx.select().from(users).where(eq(users.id, id)).limit(1))[0],

    findByEmail: async (email: string, tx: Db = db): Promise<UserRow | undefined> =>
      (await tx.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1))[0],

    /** The account linked to a subject at Google or at the generic OpenID provider. */
    findBySubject: async (kind: 'google' | 'oidc', sub: string, tx: Db = db): Promise<UserRow | undefined> =>
      (
        await tx
          .select()
          .from(users)
          .where(eq(kind === 'google' ? users.googleSub : users.oidcSub, sub))
          .limit(1)
      )[0],

    usernameTaken: async (username: string, exceptId: string, tx: Db = db) =>
      (
        await tx
          .select({ id: users.id })
          .from(users)
          .where(sql`lower(${users.username}) = lower(${username}) and ${users.id} <> ${exceptId}`)
          .limit(1)
      ).length > 0,

    insert: async (values: NewUser, tx: Db = db): Promise<UserRow> => {
      const [row] = await tx.insert(users).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    update: async (id: string, patch: UserPatch, tx: Db = db): Promise<UserRow | undefined> =>
      (await tx.update(users).set(patch).where(eq(users.id, id)).returning())[0],

    /**
     * `update`, answering the avatar the row had just before, read under a lock on the row: two
     * changes of one account's avatar at once each learn the one they replaced, so the file of
     * every avatar but the last can be removed (issue 27 #8). `last` runs at the end of its
     * transaction (the upload quota's `keep`: the new file counts from this commit on).
     */
    updateReplacingAvatar: (id: string, patch: UserPatch, last?: (tx: Db) => Promise<void>) =>
      db.transaction(async (tx) => {
        const [before] = await tx
          .select({ avatarUrl: users.avatarUrl })
          .from(users)
          .where(eq(users.id, id))
          .for('no key update');
        if (!before) return undefined;
        const [row] = await tx.update(users).set(patch).where(eq(users.id, id)).returning();
        if (row) await last?.(tx);
        return row && { row, replacedAvatarUrl: before.avatarUrl };
      }),

    /**
     * Changes whenever any account's avatar does, in any process: what the avatar folder's
     * cached size is checked against (the instance's upload quota).
     */
    avatarsVersion: async (tx: Db = db): Promise<string> => {
      const [row] = await tx
        .select({
          v: sql<string>`md5(coalesce(string_agg(${users.avatarUrl}, ' ' ORDER BY ${users.avatarUrl}), ''))`,
        })
        .from(users)
        .where(isNotNull(users.avatarUrl));
      return row?.v ?? '';
    },

    remove: async (id: string, tx: Db = db) => {
      await tx.delete(users).where(eq(users.id, id));
    },

    list: async (page: number, limit: number) => {
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(users)
          .orderBy(desc(users.createdAt), desc(users.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ n: count() }).from(users),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /**
     * One page of User Management, in one statement: the page's users first (with the number of
     * matches in all), then per user of that page only, the names of the products they created
     * or are an active team member of (products_created_by_idx, team_members_user_idx).
     */
    async directory(
      query: DirectoryQuery,
      /** The CSV export's keyset (issue 20): the rows after this one in the list's order, from the first. */
      after?: { name: string; id: string },
    ): Promise<{ rows: DirectoryRow[]; total: number }> {
      const where: SQL =
        and(
          directoryConditions(query),
          after
            ? sql`(lower(${users.name}), ${users.id}) > (lower(${after.name}), ${after.id}::uuid)`
            : undefined,
        ) ?? sql`true`;
      const { rows } = await db.execute<DirectoryRow>(sql`
        with picked as (
          select id, name, email, department, role, position, skills, avatar_url, disabled_at,
            count(*) over () as total
          from ${users}
          where ${where}
          order by lower(name), id
          limit ${query.limit} offset ${after ? 0 : (query.page - 1) * query.limit}
        )
        select u.id, u.name, u.email, u.department, u.role, u.position, u.skills, u.avatar_url,
          u.disabled_at is not null as disabled, u.total::int as total,
          coalesce(pr.names[1:${sql.raw(String(DIRECTORY_PROJECTS_MAX))}], '{}'::text[]) as projects,
          pr.project_count
        from picked u
        cross join lateral (
          select array_agg(n.name order by lower(n.name), n.name) as names, count(*)::int as project_count
          from (
            select p.name from ${products} p where p.created_by = u.id
            union
            select p.name
            from ${teamMembers} m
            join ${teams} t on t.id = m.team_id
            join ${products} p on p.id = t.product_id
            where m.user_id = u.id and m.status = 'active'
          ) n
        ) pr
        order by lower(u.name), u.id`);
      const first = rows[0];
      if (first) return { rows, total: first.total };
      // A page past the end has no row to carry the count: ask for it (rare).
      const page = query.page > 1 ? await db.select({ n: count() }).from(users).where(where) : [];
      return { rows, total: page[0]?.n ?? 0 };
    },

    /** Active super admins, locked for the rest of the transaction so two demotions cannot race. */
    lockActiveSuperAdmins: async (tx: Db) =>
      tx
        .select({ id: users.id })
        .from(users)
        .where(sql`${users.role} = 'super admin' and ${users.disabledAt} is null`)
        .for('update'),

    /** The instance's owner: its earliest active super admin (issue 27 #2). */
    ownerId: async (tx: Db = db): Promise<string | undefined> =>
      (
        await tx
          .select({ id: users.id })
          .from(users)
          .where(sql`${users.role} = 'super admin' and ${users.disabledAt} is null`)
          .orderBy(users.createdAt, users.id)
          .limit(1)
      )[0]?.id,

    count: async (tx: Db = db) => (await tx.select({ n: count() }).from(users))[0]?.n ?? 0,
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
