import type { NotificationType } from '@shipyard/shared';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { products, tasks } from '../../db/schema/index.ts';
import { userSeesProduct } from '../../lib/visibility.ts';
import type { NotificationSettings, Recipient } from './notifications.settings.ts';

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

/** A notification on its way to one person: what a mail or a push job carries. */
export type Notice = { userId: string; type: NotificationType; metadata?: Record<string, unknown> | null };

/**
 * The check before a notification leaves the server (an instant mail, a push): its recipient,
 * if their account is enabled and verified and they may see now what it is about; else
 * undefined. Read at send time: access lost or an account disabled since it was queued wins.
 */
export function createDeliveryCheck(db: Db, settings: NotificationSettings) {
  return async (notice: Notice): Promise<Recipient | undefined> => {
    const recipient = await settings.recipient(notice.userId);
    if (!recipient?.mailable) return undefined;
    const about = sql`${JSON.stringify(notice.metadata ?? {})}::jsonb`;
    const { rows } = await db.execute<{ seen: boolean }>(
      sql`select ${aboutWhatTheySee({ id: recipient.userId, role: recipient.role }, sql`${notice.type}::text`, about)} as seen`,
    );
    return rows[0]?.seen ? recipient : undefined;
  };
}
export type DeliveryCheck = ReturnType<typeof createDeliveryCheck>;
