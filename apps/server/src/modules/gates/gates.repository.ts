import type { GateCriterion, ProductStatus, Role } from '@shipyard/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { productGateMarks, productStageGates, users, workspaceStageGates } from '../../db/schema/index.ts';
import { userSeesProduct } from '../../lib/visibility.ts';

type MarkKind = 'confirmed' | 'requested' | 'approved' | 'rejected';
export type Person = { id: string; name: string };

/** Stage gates' tables (issue 32): the criteria, the marks of the current stay, and what they check. */
export function createGatesRepository(db: Db) {
  return {
    async workspace(tx: Db = db) {
      return tx.select().from(workspaceStageGates);
    },

    async ofProduct(productId: string, tx: Db = db) {
      return tx.select().from(productStageGates).where(eq(productStageGates.productId, productId));
    },

    async putWorkspace(stage: ProductStatus, criteria: GateCriterion[], by: string, tx: Db) {
      await tx
        .insert(workspaceStageGates)
        .values({ stage, criteria, updatedBy: by })
        .onConflictDoUpdate({ target: workspaceStageGates.stage, set: { criteria, updatedBy: by } });
    },

    async putProduct(
      productId: string,
      stage: ProductStatus,
      criteria: GateCriterion[],
      by: string | null,
      tx: Db,
    ) {
      await tx
        .insert(productStageGates)
        .values({ productId, stage, criteria, updatedBy: by })
        .onConflictDoUpdate({
          target: [productStageGates.productId, productStageGates.stage],
          set: { criteria, updatedBy: by },
        });
    },

    async resetProduct(productId: string, stage: ProductStatus, tx: Db) {
      const rows = await tx
        .delete(productStageGates)
        .where(and(eq(productStageGates.productId, productId), eq(productStageGates.stage, stage)))
        .returning({ stage: productStageGates.stage });
      return rows.length > 0;
    },

    /** The marks of the product's current stay in `stage`, oldest first, with who made them. */
    async marks(productId: string, stage: ProductStatus, tx: Db = db) {
      return tx
        .select({
          criterionId: productGateMarks.criterionId,
          kind: productGateMarks.kind,
          comment: productGateMarks.comment,
          at: productGateMarks.at,
          userId: productGateMarks.userId,
          userName: users.name,
        })
        .from(productGateMarks)
        .leftJoin(users, eq(users.id, productGateMarks.userId))
        .where(and(eq(productGateMarks.productId, productId), eq(productGateMarks.stage, stage)))
        .orderBy(asc(productGateMarks.at), asc(productGateMarks.id));
    },

    async addMark(
      values: {
        productId: string;
        stage: ProductStatus;
        criterionId: string;
        kind: MarkKind;
        userId: string;
        comment?: string | null;
        at: Date;
      },
      tx: Db,
    ) {
      await tx.insert(productGateMarks).values(values);
    },

    async removeConfirmations(productId: string, stage: ProductStatus, criterionId: string, tx: Db) {
      const rows = await tx
        .delete(productGateMarks)
        .where(
          and(
            eq(productGateMarks.productId, productId),
            eq(productGateMarks.stage, stage),
            eq(productGateMarks.criterionId, criterionId),
            eq(productGateMarks.kind, 'confirmed'),
          ),
        )
        .returning({ id: productGateMarks.id });
      return rows.length;
    },

    /** The product leaves `stage`: what was confirmed and approved during this stay is cleared. */
    async clearStage(productId: string, stage: ProductStatus, tx: Db) {
      await tx
        .delete(productGateMarks)
        .where(and(eq(productGateMarks.productId, productId), eq(productGateMarks.stage, stage)));
    },

    async people(ids: readonly string[], tx: Db = db): Promise<Person[]> {
      if (ids.length === 0) return [];
      return tx
        .select({ id: users.id, name: users.name })
        .from(users)
        .where(inArray(users.id, [...ids]));
    },

    /** Enabled accounts that are named or have a named role and see the product now. */
    async approversWhoSee(productId: string, userIds: readonly string[], roles: readonly Role[], tx: Db) {
      const named = userIds.length ? inArray(users.id, [...userIds]) : sql`false`;
      const byRole = roles.length ? inArray(users.role, [...roles]) : sql`false`;
      return tx
        .select({ id: users.id })
        .from(users)
        .where(
          sql`${users.disabledAt} is null and (${named} or ${byRole}) and ${userSeesProduct(users, productId)}`,
        )
        .limit(500);
    },

    /** Enabled people who see the product (its creator, its teams' active members, admins), by name. */
    async candidates(productId: string, tx: Db = db): Promise<Person[]> {
      return tx
        .select({ id: users.id, name: users.name })
        .from(users)
        .where(sql`${users.disabledAt} is null and ${userSeesProduct(users, productId)}`)
        .orderBy(asc(users.name), asc(users.id))
        .limit(200);
    },

    /** The live tasks of the product whose field `fieldName` (a custom field, by name) is not filled; null: no such field. */
    async unfilledField(productId: string, fieldName: string, tx: Db): Promise<number | null> {
      const { rows } = await tx.execute<{ fieldId: string | null; open: number }>(sql`
        with f as (select id::text as id from custom_fields where product_id = ${productId} and lower(name) = lower(${fieldName}) limit 1)
        select (select id from f) as "fieldId",
          (select count(*)::int from live.tasks t, f where t.product_id = ${productId}
            and coalesce(t.fields -> f.id, 'null'::jsonb) in ('null'::jsonb, '""'::jsonb, '[]'::jsonb, 'false'::jsonb)) as open`);
      const row = rows[0];
      return row?.fieldId ? Number(row.open) : null;
    },

    /** How many live tasks of this phase are not completed. */
    async openInPhase(productId: string, phase: ProductStatus, tx: Db): Promise<number> {
      const { rows } = await tx.execute<{ n: number }>(sql`
        select count(*)::int as n from live.tasks where product_id = ${productId} and phase = ${phase} and status <> 'Completed'`);
      return Number(rows[0]?.n ?? 0);
    },

    /** How many open live tasks carry the label (by name, ignoring case). */
    async openWithLabel(productId: string, labelName: string, tx: Db): Promise<number> {
      const { rows } = await tx.execute<{ n: number }>(sql`
        select count(distinct t.id)::int as n from live.tasks t
          join task_labels tl on tl.task_id = t.id join labels l on l.id = tl.label_id
        where t.product_id = ${productId} and l.product_id = ${productId}
          and lower(l.name) = lower(${labelName}) and t.status <> 'Completed'`);
      return Number(rows[0]?.n ?? 0);
    },
  };
}

export type GatesRepository = ReturnType<typeof createGatesRepository>;
