import { asc, count, eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { activities, notifications } from '../db/schema/index.ts';
import type { TestContext } from './test-app.ts';

// What the route tests read back from the database to prove what a request stored.

type Db = Pick<TestContext, 'db'>;

/** How many rows a table holds. */
export const countRows = async (ctx: Db, table: PgTable) =>
  (await ctx.db.select({ n: count() }).from(table))[0]?.n;

/** The activity entries of a product, oldest first (entries of one write by their action type). */
export const entriesOf = (ctx: Db, productId: string) =>
  ctx.db
    .select()
    .from(activities)
    .where(eq(activities.productId, productId))
    .orderBy(asc(activities.createdAt), asc(activities.actionType), asc(activities.id));

/** The notifications of a user, oldest first. */
export const notificationsOf = (ctx: Db, userId: string) =>
  ctx.db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(asc(notifications.createdAt), asc(notifications.id));

/**
 * Makes every activity insert matching the SQL condition fail, as a broken write would; the
 * function it answers removes the fault again.
 */
export async function refuseActivitiesWhen(ctx: Pick<TestContext, 'pool'>, condition = 'true') {
  await ctx.pool.query(`create or replace function test_refuse_activity() returns trigger language plpgsql
    as $$ begin raise exception 'activity refused by the test'; end $$`);
  await ctx.pool.query(`create trigger test_refuse_activity before insert on activities
    for each row when (${condition}) execute function test_refuse_activity()`);
  return async () => {
    await ctx.pool.query('drop trigger test_refuse_activity on activities');
  };
}
