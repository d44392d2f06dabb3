import {
  isAdmin,
  productMessages,
  type Role,
  canEditProduct as sharedCanEditProduct,
} from '@shipyard/shared';
import { type AnyColumn, and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { products, teamMembers, teams, users } from '../db/schema/index.ts';
import { Conflict, NotFound } from './errors.ts';

// Who may see a product (ARCHITECTURE §5, docs/data-model.md "Visibility"): admins see every
// product; members and guests those they created or belong to through an active team
// membership. Every list or object that hangs off a product uses this predicate, and a
// product the caller may not see is a 404, never a 403.

export type Viewer = { id: string; role: Role };

/** A WHERE condition on `products`, or undefined when the viewer sees everything. */
export function visibleProducts(viewer: Viewer): SQL | undefined {
  if (isAdmin(viewer.role)) return undefined;
  return sql`(${products.createdBy} = ${viewer.id} or exists (
    select 1 from ${teams} join ${teamMembers} on ${teamMembers.teamId} = ${teams.id}
    where ${teams.productId} = ${products.id} and ${teamMembers.userId} = ${viewer.id} and ${teamMembers.status} = 'active'))`;
}

/** Whoever may see the product now (`visibleProducts` from the user's side), with an enabled account. */
export const seesProduct = (productId: string): SQL => sql`(${users.disabledAt} is null and (
  ${users.role} in ('admin', 'super admin')
  or ${users.id} = (select ${products.createdBy} from ${products} where ${products.id} = ${productId})
  or exists (select 1 from ${teamMembers} join ${teams} on ${teams.id} = ${teamMembers.teamId}
    where ${teams.productId} = ${productId} and ${teamMembers.userId} = ${users.id}
      and ${teamMembers.status} = 'active')))`;

export const productNotFound = () => NotFound(productMessages.notFound, 'PRODUCT_NOT_FOUND');

/**
 * `column` (a product id) names a product the viewer may see, as one subquery that PostgreSQL
 * hashes once rather than a membership check per row; undefined when the viewer sees everything.
 */
export function inVisibleProducts(db: Db, column: AnyColumn, viewer: Viewer): SQL | undefined {
  const visible = visibleProducts(viewer);
  return visible ? inArray(column, db.select({ id: products.id }).from(products).where(visible)) : undefined;
}

/** The product, if the viewer may see it; otherwise 404 'Product not found'. */
export async function findVisibleProduct(db: Db, viewer: Viewer, productId: string) {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, productId), visibleProducts(viewer)))
    .limit(1);
  if (!row) throw productNotFound();
  return row;
}

/**
 * In a transaction that attaches something to a product (a task, a team, an event): the product
 * if the viewer may see it, held (FOR KEY SHARE) so it cannot be deleted before the commit;
 * otherwise 404 'Product not found'. Its name and `archivedAt` come along: a caller that has checked
 * its right may refuse an archived product with `productArchived()` without reading it again
 * (the same as `refuseArchivedProduct`, one round trip fewer).
 */
export async function holdVisibleProduct(tx: Db, viewer: Viewer, productId: string) {
  const [row] = await tx
    .select({ id: products.id, name: products.name, archivedAt: products.archivedAt })
    .from(products)
    .where(and(eq(products.id, productId), visibleProducts(viewer)))
    .limit(1)
    .for('key share');
  if (!row) throw productNotFound();
  return row;
}

/** A write to an archived product or to its tasks, teams or documents (issue 14). */
export const productArchived = () => Conflict(productMessages.archived, 'PRODUCT_ARCHIVED');

/**
 * In a write's transaction, once the caller's right is checked: refuses (409) a change to what hangs
 * off an archived product, holding the product (FOR KEY SHARE) so it is not archived before the commit.
 */
export async function refuseArchivedProduct(tx: Db, productId: string) {
  const [row] = await tx
    .select({ archivedAt: products.archivedAt })
    .from(products)
    .where(eq(products.id, productId))
    .limit(1)
    .for('key share');
  if (row?.archivedAt) throw productArchived();
}

/** Whether the viewer may edit, archive or delete the product (the rule both sides share). */
export const canEditProduct = sharedCanEditProduct;
