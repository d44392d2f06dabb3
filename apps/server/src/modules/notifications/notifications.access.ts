import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { products, tasks } from '../../db/schema/index.ts';
import { userSeesProduct } from '../../lib/visibility.ts';

// A notification is read like what it is about (issue 27): one about a task or a product reaches
// its recipient (bell, instant mail, digest) only while they may see that task's product now, by
// the rule of lib/visibility.ts. Access lost is access lost: the row is not listed, counted,
// found or mailed, as if it did not exist, and shows again if access comes back. A deleted task
// or product is seen by nobody.

/** About one's place in a team: an invitation comes before access, a removal after it. */
const TEAM_TYPES = sql.raw(`'INVITE', 'INVITE_ACCEPTED', 'TEAM_LEAD', 'REMOVED_FROM_TEAM'`);

/** `metadata ->> key` as a uuid, null for anything else: a stray value hides its row, never fails the read. */
const idAt = (metadata: SQLWrapper, key: 'taskId' | 'productId') => {
  const value = sql`(${metadata} ->> ${sql.raw(`'${key}'`)})`;
  return sql`(case when ${value} ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then ${value}::uuid end)`;
};

/**
 * Whether `user` (their id and role) may see now what the notification of `type` with
 * `metadata` (columns of the query, or values) is about: its task if it names one, else its
 * product; a team notification, or one about neither, always.
 */
export function aboutWhatTheySee(
  user: { id: SQLWrapper | string; role: SQLWrapper | string },
  type: SQLWrapper,
  metadata: SQLWrapper,
): SQL {
  return sql`(${type} in (${TEAM_TYPES}) or case
    when ${metadata} ->> 'taskId' is not null then exists (select 1 from ${tasks}
      where ${tasks.id} = ${idAt(metadata, 'taskId')} and ${userSeesProduct(user, tasks.productId)})
    when ${metadata} ->> 'productId' is not null then exists (select 1 from ${products}
      where ${products.id} = ${idAt(metadata, 'productId')} and ${userSeesProduct(user, products.id)})
    else true end)`;
}
