import {
  isAdmin,
  productMessages,
  type Role,
  canEditProduct as sharedCanEditProduct,
} from '@shipyard/shared';
import { type AnyColumn, and, eq, inArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { products, teamMembers, teams, users } from '../db/schema/index.ts';
import { type AppError, Conflict, Forbidden, NotFound } from './errors.ts';

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

// Aliased (`from products as own_product`: an alias renders as its name alone): the caller's
// query may name these tables itself (a list of products, of tasks).
const ownProduct = alias(products, 'own_product');
const ownTeam = alias(teams, 'own_team');
const ownMembership = alias(teamMembers, 'own_membership');

/**
 * The product's own people: `userId` created product `productId` or is an active member of one
 * of its teams. Either may be a column of the caller's query or a value.
 */
export function ofProduct(userId: SQLWrapper | string, productId: SQLWrapper | string): SQL {
  return sql`(exists (select 1 from ${products} as ${ownProduct} where ${ownProduct.id} = ${productId} and ${ownProduct.createdBy} = ${userId})
    or exists (select 1 from ${teamMembers} as ${ownMembership} join ${teams} as ${ownTeam} on ${ownTeam.id} = ${ownMembership.teamId}
      where ${ownTeam.productId} = ${productId} and ${ownMembership.userId} = ${userId} and ${ownMembership.status} = 'active'))`;
}

/**
 * `visibleProducts` from the user's side, for a query that decides for many people at once
 * (reminders, mentions, watchers, a notification's recipient): the user whose id and role these
 * are (columns of a users row in the query, or values) may see product `productId` now.
 */
export function userSeesProduct(
  user: { id: SQLWrapper | string; role: SQLWrapper | string },
  productId: SQLWrapper | string,
): SQL {
  return sql`(${user.role} in ('admin', 'super admin') or ${ofProduct(user.id, productId)})`;
}

/** Whoever may see the product now (`visibleProducts` from the user's side), with an enabled account. */
export const seesProduct = (productId: string): SQL =>
  sql`(${users.disabledAt} is null and ${userSeesProduct(users, productId)})`;

export const productNotFound = () => NotFound(productMessages.notFound, 'PRODUCT_NOT_FOUND');

/**
 * `column` (a product id) names a product the viewer may see, as one subquery that PostgreSQL
 * hashes once rather than a membership check per row. For an admin too: a live product, not one
 * in the trash (`products` is the live view, db/live-views.ts), for rows that hang off a product
 * without being trashed with it (events, activities).
 */
export function inVisibleProducts(db: Db, column: AnyColumn, viewer: Viewer): SQL {
  return inArray(column, db.select({ id: products.id }).from(products).where(visibleProducts(viewer)));
}

/**
 * Whether the viewer may see the product, as a boolean SQL expression (for a statement that asks
 * it beside something else: the shared board's freshness probe). `findVisibleProduct`'s rule.
 */
export function seesVisibleProduct(viewer: Viewer, productId: string): SQL {
  return sql`exists (select 1 from ${products} where ${and(eq(products.id, productId), visibleProducts(viewer))})`;
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

/** Whether the viewer may change what hangs off the product now: they manage it and it is not archived. */
export const canManageProduct = (
  viewer: Viewer,
  product: Parameters<typeof canEditProduct>[1] & { archivedAt: Date | null },
) => canEditProduct(viewer, product) && !product.archivedAt;

/**
 * In a write's transaction: the product, once the viewer may see it (404, or `notFound`'s error
 * for a route whose object hangs off it), may manage it (403 with the module's own `forbidden`
 * message) and it is not archived (409; held so it is not archived before the commit). What
 * labels, fields, workflow states and task templates check before any change to them.
 */
export async function findManagedProduct(
  tx: Db,
  viewer: Viewer,
  productId: string,
  { forbidden, notFound }: { forbidden: string; notFound?: () => AppError },
) {
  const product = await findVisibleProduct(tx, viewer, productId).catch((err: unknown) => {
    throw notFound ? notFound() : err;
  });
  if (!canEditProduct(viewer, product)) throw Forbidden(forbidden, 'FORBIDDEN');
  await refuseArchivedProduct(tx, productId);
  return product;
}
