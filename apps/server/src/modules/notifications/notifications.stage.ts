import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type Change, notificationChange } from '../../lib/realtime/changes.ts';
import type { Notifier } from './notifications.notifier.ts';
import { reminderTexts } from './notifications.texts.ts';

/** PRODUCT_STAGE, inside the products service's transaction (products/index.ts hands it in). */
export type ProductStageNotice = (
  tx: Db,
  actor: { id: string; name: string },
  product: { id: string; name: string; status: string; createdBy: string | null },
) => Promise<Change[]>;

const stageName = (status: string) => status.charAt(0).toUpperCase() + status.slice(1);

/** The product's creator and its teams' active members, never the one who moved it. */
export function createProductStageNotice(notifier: Notifier): ProductStageNotice {
  return async (tx, actor, product) => {
    const { rows } = await tx.execute<{ userId: string }>(sql`
      select distinct tm.user_id as "userId" from team_members tm join teams t on t.id = tm.team_id
      where t.product_id = ${product.id} and tm.status = 'active'
      union
      select created_by from products where id = ${product.id} and created_by is not null`);
    const created = await notifier.insertMany(
      rows
        .filter((r) => r.userId !== actor.id)
        .map((r) => ({
          userId: r.userId,
          senderId: actor.id,
          type: 'PRODUCT_STAGE' as const,
          message: reminderTexts.productStage(actor.name, product.name, stageName(product.status)),
          metadata: { productId: product.id, status: product.status },
        })),
      tx,
    );
    return created.map((row) => notificationChange('created', row));
  };
}
