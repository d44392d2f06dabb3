import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type Viewer, visibleProducts } from '../../lib/visibility.ts';

// The only queries that reach what is in the trash: they name the tables (`public.tasks`,
// `public.products`) instead of the live views every other module reads (db/live-views.ts,
// docs/decisions/034-trash.md). The product is aliased "products", so that the visibility rule of
// lib/visibility.ts, written on `products`, reads the stored row, trashed or not.

/** The newest this many deleted things are listed (the purge keeps the trash to 30 days). */
const TRASH_LISTED = 200;

export type TrashRow = {
  kind: 'task' | 'product';
  id: string;
  name: string;
  product_id: string;
  product_name: string;
  deleted_at: Date;
  deleted_by: string | null;
  deleted_by_name: string | null;
  product_in_trash: boolean;
};

/** A deleted thing with what decides who may restore or purge it. */
export type TrashedRow = {
  id: string;
  name: string;
  product_id: string;
  product_created_by: string | null;
  product_in_trash: boolean;
  with_product: boolean;
  deleted_by: string | null;
  /** The caller may see its product (lib/visibility.ts), trashed or not. */
  sees: boolean;
};

/** The product's manager (its creator, not a guest; or an admin): canEditProduct as SQL. */
const manages = (viewer: Viewer): SQL =>
  viewer.role === 'admin' || viewer.role === 'super admin'
    ? sql`true`
    : viewer.role === 'guest'
      ? sql`false`
      : sql`products.created_by = ${viewer.id}`;

const sees = (viewer: Viewer): SQL => visibleProducts(viewer) ?? sql`true`;

export function createTrashRepository(db: Db) {
  const rows = async <T>(query: SQL, tx: Db = db) => (await tx.execute(query)).rows as T[];

  return {
    /**
     * What the viewer may restore: the deleted tasks and products of products they manage, and
     * what they deleted themselves in a product they still see. A task deleted with its product
     * is listed as the product, one deleted with its parent as the parent (decision 048).
     */
    list(viewer: Viewer, productId?: string): Promise<TrashRow[]> {
      const mayRestore = sql`(${manages(viewer)} or (x.deleted_by = ${viewer.id} and ${sees(viewer)}))`;
      const ofProduct = productId ? sql`and products.id = ${productId}` : sql``;
      return rows<TrashRow>(sql`
        select x.*, u.name as deleted_by_name from (
          select 'task' as kind, t.id, t.title as name, t.product_id, products.name as product_name,
                 t.deleted_at, t.deleted_by, products.deleted_at is not null as product_in_trash,
                 products.created_by, products.id as pid
            from public.tasks t join public.products products on products.id = t.product_id
           where t.deleted_at is not null and not t.deleted_with_product and not t.deleted_with_parent
             ${ofProduct}
          union all
          select 'product', products.id, products.name, products.id, products.name,
                 products.deleted_at, products.deleted_by, false, products.created_by, products.id
            from public.products products
           where products.deleted_at is not null ${productId ? sql`and false` : sql``}
        ) x
        join public.products products on products.id = x.pid
        left join users u on u.id = x.deleted_by
        where ${mayRestore}
        order by x.deleted_at desc, x.id
        limit ${TRASH_LISTED}`);
    },

    /** The deleted task, locked for its restore or purge; undefined when it is not in the trash. */
    async findTask(viewer: Viewer, id: string, tx: Db): Promise<TrashedRow | undefined> {
      const [row] = await rows<TrashedRow>(
        sql`select t.id, t.title as name, t.product_id, products.created_by as product_created_by,
                   products.deleted_at is not null as product_in_trash, t.deleted_with_product as with_product,
                   t.deleted_by, ${sees(viewer)} as sees
              from public.tasks t join public.products products on products.id = t.product_id
             where t.id = ${id} and t.deleted_at is not null
             for update of t`,
        tx,
      );
      return row;
    },

    async findProduct(viewer: Viewer, id: string, tx: Db): Promise<TrashedRow | undefined> {
      const [row] = await rows<TrashedRow>(
        sql`select products.id, products.name, products.id as product_id,
                   products.created_by as product_created_by, true as product_in_trash,
                   false as with_product, products.deleted_by, ${sees(viewer)} as sees
              from public.products products
             where products.id = ${id} and products.deleted_at is not null
             for update`,
        tx,
      );
      return row;
    },

    /** The tasks trashed with this one, under it (decision 048), children before their parents. */
    async trashedBelow(id: string, tx: Db) {
      return rows<{ id: string; name: string; product_id: string }>(
        sql`with recursive t(id, depth) as (
              select id, 1 from public.tasks where parent_id = ${id} and deleted_with_parent
              union select c.id, t.depth + 1 from public.tasks c join t on c.parent_id = t.id
               where c.deleted_with_parent
            ) select x.id, x.title as name, x.product_id from t join public.tasks x on x.id = t.id
              order by t.depth desc, x.number`,
        tx,
      );
    },

    /** The task back, and the tasks trashed with it (decision 048). */
    async restoreTask(id: string, below: readonly string[], tx: Db) {
      await tx.execute(sql`update public.tasks
        set deleted_at = null, deleted_by = null, deleted_with_parent = false, updated_at = now()
        where id in (${sql.join(
          [id, ...below].map((x) => sql`${x}::uuid`),
          sql`, `,
        )})`);
    },

    /** The product and the tasks deleted with it (not those deleted before it). */
    async restoreProduct(id: string, tx: Db) {
      await tx.execute(sql`update public.tasks
        set deleted_at = null, deleted_by = null, deleted_with_product = false, updated_at = now()
        where product_id = ${id} and deleted_with_product`);
      await tx.execute(sql`update public.products set deleted_at = null, deleted_by = null, updated_at = now()
        where id = ${id}`);
    },

    /** Whoever sees the product through a team (its creator and admins besides): whose access changed. */
    async peopleOf(productId: string, tx: Db): Promise<string[]> {
      const found = await rows<{ id: string }>(
        sql`select created_by as id from public.products where id = ${productId} and created_by is not null
            union select m.user_id from team_members m join teams on teams.id = m.team_id
             where teams.product_id = ${productId} and m.status = 'active'`,
        tx,
      );
      return found.map((r) => r.id);
    },

    /** Its row and, by ON DELETE CASCADE, its comments, checklist, labels, files' rows and watchers. */
    async purgeTask(id: string, tx: Db) {
      await tx.execute(sql`delete from public.tasks where id = ${id} and deleted_at is not null`);
    },

    /** The product and everything under it (ON DELETE CASCADE). */
    async purgeProduct(id: string, tx: Db) {
      await tx.execute(sql`delete from public.products where id = ${id} and deleted_at is not null`);
    },

    /** What has been in the trash since before `before`: products first, then tasks left alone. */
    async expired(before: Date, limit: number, tx: Db = db) {
      return rows<{ kind: 'task' | 'product'; id: string }>(
        sql`(select 'product' as kind, id from public.products where deleted_at < ${before.toISOString()}::timestamptz
              order by deleted_at limit ${limit})
            union all
            (select 'task', id from public.tasks where deleted_at < ${before.toISOString()}::timestamptz
              and not deleted_with_product and not deleted_with_parent order by deleted_at limit ${limit})`,
        tx,
      );
    },
  };
}

export type TrashRepository = ReturnType<typeof createTrashRepository>;
