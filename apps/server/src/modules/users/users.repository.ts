import { count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type UserRow, users } from '../../db/schema/index.ts';

export type NewUser = typeof users.$inferInsert;
export type UserPatch = Partial<Omit<NewUser, 'id' | 'createdAt'>>;

export function createUsersRepository(db: Db) {
  return {
    findById: async (id: string, tx: Db = db): Promise<UserRow | undefined> =>
      (await tx.select().from(users).where(eq(users.id, id)).limit(1))[0],

    findByEmail: async (email: string, tx: Db = db): Promise<UserRow | undefined> =>
      (await tx.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1))[0],

    findByGoogleSub: async (sub: string, tx: Db = db): Promise<UserRow | undefined> =>
      (await tx.select().from(users).where(eq(users.googleSub, sub)).limit(1))[0],

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

    /** Active super admins, locked for the rest of the transaction so two demotions cannot race. */
    lockActiveSuperAdmins: async (tx: Db) =>
      tx
        .select({ id: users.id })
        .from(users)
        .where(sql`${users.role} = 'super admin' and ${users.disabledAt} is null`)
        .for('update'),

    count: async (tx: Db = db) => (await tx.select({ n: count() }).from(users))[0]?.n ?? 0,
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
