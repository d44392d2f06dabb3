import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { products, tasks, type WorkflowStateRow, workflowStates } from '../../db/schema/index.ts';

const boardOrder = [
  sql`array_position(array['Pending', 'In Progress', 'Completed'], ${workflowStates.category}::text)`,
  asc(workflowStates.position),
  asc(workflowStates.id),
];

export function createWorkflowRepository(db: Db) {
  return {
    /**
     * Locks the product's row until `tx` ends (FOR NO KEY UPDATE): two changes of its states (a
     * create at the cap, the last state of a category deleted) wait for each other.
     */
    async hold(productId: string, tx: Db) {
      await tx.execute(sql`SELECT 1 FROM ${products} WHERE ${products.id} = ${productId} FOR NO KEY UPDATE`);
    },

    /** A product's states in board order, each with how many live tasks are in it. */
    async ofProduct(productId: string, tx: Db = db) {
      return tx
        .select({
          id: workflowStates.id,
          productId: workflowStates.productId,
          name: workflowStates.name,
          color: workflowStates.color,
          category: workflowStates.category,
          position: workflowStates.position,
          // Written out qualified: inside a select list Drizzle names columns without their table.
          tasks: sql<number>`(select count(*)::int from ${tasks} as t where t.state_id = "workflow_states"."id")`,
        })
        .from(workflowStates)
        .where(eq(workflowStates.productId, productId))
        .orderBy(...boardOrder);
    },

    async find(id: string, tx: Db = db): Promise<WorkflowStateRow | undefined> {
      const [row] = await tx.select().from(workflowStates).where(eq(workflowStates.id, id)).limit(1);
      return row;
    },

    async insert(values: Pick<WorkflowStateRow, 'productId' | 'name' | 'color' | 'category'>, tx: Db) {
      const [row] = await tx
        .insert(workflowStates)
        .values({
          ...values,
          position: sql`(select coalesce(max(${workflowStates.position}), -1) + 1 from ${workflowStates}
            where ${workflowStates.productId} = ${values.productId})`,
        })
        .returning();
      if (!row) throw new Error('no state inserted');
      return row;
    },

    async update(id: string, patch: Partial<Pick<WorkflowStateRow, 'name' | 'color'>>, tx: Db) {
      const [row] = await tx
        .update(workflowStates)
        .set({ ...patch, updatedAt: sql`now()` })
        .where(eq(workflowStates.id, id))
        .returning();
      return row;
    },

    /**
     * Gives a new product the states of a template instead of the three it started with (it has no
     * tasks yet), in the given order.
     */
    async replaceAll(
      productId: string,
      list: ReadonlyArray<Pick<WorkflowStateRow, 'name' | 'color' | 'category'>>,
      tx: Db,
    ) {
      await tx.delete(workflowStates).where(eq(workflowStates.productId, productId));
      await tx.insert(workflowStates).values(list.map((s, position) => ({ productId, ...s, position })));
    },

    /** Gives each state its index in `ids` as its position. */
    async reorder(ids: string[], tx: Db) {
      await tx.execute(sql`
        update ${workflowStates} set position = o.n - 1, updated_at = now()
        from unnest(${`{${ids.join(',')}}`}::uuid[]) with ordinality as o(id, n)
        where ${workflowStates.id} = o.id`);
    },

    /** How many other states of the category the product has. */
    async othersOfCategory(row: WorkflowStateRow, tx: Db) {
      const [found] = await tx
        .select({ n: count() })
        .from(workflowStates)
        .where(
          and(
            eq(workflowStates.productId, row.productId),
            eq(workflowStates.category, row.category),
            ne(workflowStates.id, row.id),
          ),
        );
      return found?.n ?? 0;
    },

    /**
     * Moves the state's live tasks to `to` (on top of it, the rank trigger; their status follows
     * the new state's category, the tasks trigger) and deletes the state. Tasks in the trash keep
     * their status and take the first state of it (the foreign key's SET NULL, then the trigger).
     */
    async deleteMovingTasks(row: WorkflowStateRow, to: string, tx: Db) {
      const moved = await tx
        .update(tasks)
        .set({ stateId: to, rank: '', updatedAt: sql`now()` })
        .where(eq(tasks.stateId, row.id))
        .returning({ id: tasks.id });
      await tx.delete(workflowStates).where(eq(workflowStates.id, row.id));
      return moved.length;
    },
  };
}

export type WorkflowRepository = ReturnType<typeof createWorkflowRepository>;
