import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';
import type { TestContext } from '../../testing/test-app.ts';

/** A user's stored row, as the user route tests read it back. */
export const storedUser = async (ctx: Pick<TestContext, 'db'>, id: string) =>
  (await ctx.db.select().from(users).where(eq(users.id, id)))[0];
