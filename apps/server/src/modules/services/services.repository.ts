import type { ServiceFilters } from '@shipyard/shared';
import { and, asc, count, countDistinct, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { products, type ServiceRow, serviceProducts, services } from '../../db/schema/index.ts';
import { containsInsensitive } from '../../lib/like.ts';
import { type Viewer, visibleProducts } from '../../lib/visibility.ts';

export type NewService = typeof services.$inferInsert;
export type ServicePatch = Partial<
  Pick<
    NewService,
    | 'name'
    | 'category'
    | 'description'
    | 'integrationType'
    | 'status'
    | 'apiKeyEncrypted'
    | 'apiKeyLast4'
    | 'webhookUrl'
    | 'webhookSecretEncrypted'
  >
>;

/** The services page lists at most this many (there are a few dozen in practice). */
const SERVICE_LIST_LIMIT = 500;
/** 'Most used' in the statistics: at most this many services. */
const MOST_USED_LIMIT = 5;

export function createServicesRepository(db: Db) {
  /** The products of `serviceIds` that the viewer may see, by name: one query for the whole list. */
  async function usedBy(viewer: Viewer, serviceIds: string[], tx: Db = db) {
    if (serviceIds.length === 0) return new Map<string, Array<{ id: string; name: string }>>();
    const rows = await tx
      .select({ serviceId: serviceProducts.serviceId, id: products.id, name: products.name })
      .from(serviceProducts)
      .innerJoin(products, eq(products.id, serviceProducts.productId))
      .where(and(inArray(serviceProducts.serviceId, serviceIds), visibleProducts(viewer)))
      .orderBy(asc(products.name), asc(products.id));
    const byService = new Map<string, Array<{ id: string; name: string }>>();
    for (const { serviceId, id, name } of rows) {
      const list = byService.get(serviceId) ?? [];
      list.push({ id, name });
      byService.set(serviceId, list);
    }
    return byService;
  }

  return {
    usedBy,

    /** The services matching the filters, by name. */
    async list(filters: ServiceFilters): Promise<ServiceRow[]> {
      const { search, category } = filters;
      const where: SQL | undefined = and(
        search
          ? or(containsInsensitive(services.name, search), containsInsensitive(services.description, search))
          : undefined,
        category ? eq(services.category, category) : undefined,
      );
      return db
        .select()
        .from(services)
        .where(where)
        .orderBy(asc(sql`lower(${services.name})`), asc(services.id))
        .limit(SERVICE_LIST_LIMIT);
    },

    /**
     * The figures of 'Service Usage Statistics' over every service: counts by status and
     * category, and usage counted over the products the viewer may see.
     */
    async stats(viewer: Viewer) {
      const visible = visibleProducts(viewer);
      const [groups, mostUsed, [using]] = await Promise.all([
        db
          .select({ category: services.category, status: services.status, n: count() })
          .from(services)
          .groupBy(services.category, services.status),
        db
          .select({ id: services.id, name: services.name, products: count(serviceProducts.productId) })
          .from(services)
          .innerJoin(serviceProducts, eq(serviceProducts.serviceId, services.id))
          .innerJoin(products, eq(products.id, serviceProducts.productId))
          .where(visible)
          .groupBy(services.id)
          .orderBy(
            desc(count(serviceProducts.productId)),
            asc(sql`lower(${services.name})`),
            asc(services.id),
          )
          .limit(MOST_USED_LIMIT),
        db
          .select({ n: countDistinct(serviceProducts.productId) })
          .from(serviceProducts)
          .innerJoin(products, eq(products.id, serviceProducts.productId))
          .where(visible),
      ]);
      return { groups, mostUsed, productsUsing: using?.n ?? 0 };
    },

    async findById(id: string, tx: Db = db): Promise<ServiceRow | undefined> {
      const [row] = await tx.select().from(services).where(eq(services.id, id)).limit(1);
      return row;
    },

    /** The service, locked for the rest of the transaction (an edit, a status change, a delete). */
    async lock(tx: Db, id: string): Promise<ServiceRow | undefined> {
      const [row] = await tx.select().from(services).where(eq(services.id, id)).limit(1).for('update');
      return row;
    },

    async insert(values: NewService, tx: Db = db): Promise<ServiceRow> {
      const [row] = await tx.insert(services).values(values).returning();
      if (!row) throw new Error('service insert returned no row');
      return row;
    },

    /** Always moves updated_at: a change of the products alone is a change of the service. */
    async update(id: string, patch: ServicePatch, tx: Db = db): Promise<ServiceRow | undefined> {
      const [row] = await tx
        .update(services)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(services.id, id))
        .returning();
      return row;
    },

    async remove(id: string, tx: Db = db): Promise<void> {
      await tx.delete(services).where(eq(services.id, id));
    },

    /** Of these product ids, those the viewer may see (a product the viewer cannot see is unknown). */
    async visibleProductIds(viewer: Viewer, ids: string[], tx: Db = db): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await tx
        .select({ id: products.id })
        .from(products)
        .where(and(inArray(products.id, ids), visibleProducts(viewer)))
        .for('key share');
      return new Set(rows.map((r) => r.id));
    },

    /** Replaces the service's products with `productIds`. */
    async setProducts(serviceId: string, productIds: string[], tx: Db = db): Promise<void> {
      await tx.delete(serviceProducts).where(eq(serviceProducts.serviceId, serviceId));
      if (productIds.length === 0) return;
      await tx.insert(serviceProducts).values(productIds.map((productId) => ({ serviceId, productId })));
    },
  };
}

export type ServicesRepository = ReturnType<typeof createServicesRepository>;
