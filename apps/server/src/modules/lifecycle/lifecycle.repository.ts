import type { TeamType } from '@shipyard/shared';
import { and, asc, eq, exists, gt, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { activities, products, tasks, teams, users } from '../../db/schema/index.ts';
import { type Viewer, visibleProducts } from '../../lib/visibility.ts';
import type { ProductHead, StageEntry } from './lifecycle.history.ts';

/**
 * The entries a stage history is made of: creation, stage moves and gate decisions. The same
 * expression as the partial index activities_stage_entries_idx (migration 0051), so PostgreSQL
 * reads them by that index and never the product's task entries.
 */
export const STAGE_ENTRY = sql`(${activities.actionType} in ('status_changed', 'prd_created', 'product_created', 'stage_gate_refused', 'stage_gate_overridden', 'stage_gate_passed') or (${activities.actionType} = 'product_updated' and (${activities.metadata} ? 'newStatus' or ${activities.metadata}->'changes' ? 'status')))`;
/** A task's status move: activities_task_moves_idx. */
export const TASK_MOVE = sql`${activities.actionType} in ('task_status_updated', 'task_completed')`;

/** At most this many products a report reads (the products the caller sees, newest first). */
const REPORT_PRODUCTS_MAX = 5000;
/** At most this many task status entries a product's task flow reads in its window. */
const TASK_ENTRIES_MAX = 200_000;

const person = (id: string | null, name: string | null) => (id && name !== null ? { _id: id, name } : null);

function inScope(db: Db, viewer: Viewer, team: TeamType[] | undefined): SQL | undefined {
  return and(
    visibleProducts(viewer),
    team?.length
      ? exists(
          db
            .select({ one: sql`1` })
            .from(teams)
            .where(and(eq(teams.productId, products.id), inArray(teams.teamType, team))),
        )
      : undefined,
  );
}

export function createLifecycleRepository(db: Db) {
  async function heads(where: SQL | undefined, limit: number): Promise<ProductHead[]> {
    const rows = await db
      .select({
        id: products.id,
        name: products.name,
        status: products.status,
        createdAt: products.createdAt,
        stageEnteredAt: products.stageEnteredAt,
        archivedAt: products.archivedAt,
        creatorId: users.id,
        creatorName: users.name,
      })
      .from(products)
      .leftJoin(users, eq(users.id, products.createdBy))
      .where(where)
      .orderBy(asc(products.createdAt), asc(products.id))
      .limit(limit);
    return rows.map(({ creatorId, creatorName, ...r }) => ({
      ...r,
      creator: person(creatorId, creatorName),
    }));
  }

  async function entries(productIds: SQL | string): Promise<StageEntry[]> {
    const rows = await db
      .select({
        id: activities.id,
        productId: activities.productId,
        actionType: activities.actionType,
        metadata: activities.metadata,
        createdAt: activities.createdAt,
        userId: users.id,
        userName: users.name,
      })
      .from(activities)
      .leftJoin(users, eq(users.id, activities.performedBy))
      .where(
        and(
          STAGE_ENTRY,
          eq(activities.source, 'server'),
          typeof productIds === 'string'
            ? eq(activities.productId, productIds)
            : sql`${activities.productId} in ${productIds}`,
        ),
      )
      .orderBy(asc(activities.productId), asc(activities.createdAt), asc(activities.id));
    return rows.map(({ userId, userName, productId, ...r }) => ({
      ...r,
      productId: productId ?? '',
      performedBy: person(userId, userName),
    }));
  }

  return {
    /** The products a report covers (the caller sees them now; of a team type if asked) and their stage entries. */
    async scope(viewer: Viewer, team: TeamType[] | undefined) {
      const where = inScope(db, viewer, team);
      const list = await heads(where, REPORT_PRODUCTS_MAX);
      const ids = sql`(select ${products.id} from ${products} where ${where ?? sql`true`} order by ${products.createdAt}, ${products.id} limit ${REPORT_PRODUCTS_MAX})`;
      return { products: list, entries: list.length ? await entries(ids) : [] };
    },

    /** One product, if the caller sees it, and its stage entries. */
    async product(viewer: Viewer, id: string) {
      const [head] = await heads(and(eq(products.id, id), visibleProducts(viewer)), 1);
      if (!head) return undefined;
      return { product: head, entries: await entries(id) };
    },

    /** The product's tasks now (id, status, created), the task flow's starting point. */
    tasksOf(productId: string) {
      return db
        .select({ id: tasks.id, status: tasks.status, createdAt: tasks.createdAt })
        .from(tasks)
        .where(eq(tasks.productId, productId));
    },

    /** Its tasks' status moves after `since`, oldest first (by activities_task_moves_idx). */
    taskMovesSince(productId: string, since: Date) {
      return db
        .select({
          taskId: activities.taskId,
          previous: sql<string | null>`${activities.metadata}->>'previousStatus'`,
          next: sql<string | null>`${activities.metadata}->>'newStatus'`,
          createdAt: activities.createdAt,
        })
        .from(activities)
        .where(and(TASK_MOVE, eq(activities.productId, productId), gt(activities.createdAt, since)))
        .orderBy(asc(activities.createdAt), asc(activities.id))
        .limit(TASK_ENTRIES_MAX);
    },
  };
}

export type LifecycleRepository = ReturnType<typeof createLifecycleRepository>;
