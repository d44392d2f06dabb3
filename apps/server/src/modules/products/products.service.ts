import {
  type CreateProduct,
  canCreateProduct,
  LIST_ACTIVITY_LIMIT,
  type Product,
  type ProductDetail,
  type ProductFilters,
  type ProductList,
  type ProductStatus,
  type ProductStatusUpdate,
  productMessages,
  taskKeyMessages,
  type UpdateProduct,
} from '@shipyard/shared';
import type { Db } from '../../db/client.ts';
import type { ProductRow } from '../../db/schema/index.ts';
import { csvChunks, keysetPages } from '../../lib/csv.ts';
import { changedFields } from '../../lib/edits.ts';
import { BadRequest, Conflict, Forbidden, NotFound } from '../../lib/errors.ts';
import type { FreshCache } from '../../lib/fresh-cache.ts';
import { isPlaced, rankForPlacement } from '../../lib/rank.ts';
import { type Change, type Changes, versionOf } from '../../lib/realtime/changes.ts';
import type { SessionUser } from '../../lib/session.ts';
import { canEditProduct, productArchived, type Viewer } from '../../lib/visibility.ts';
import { type AfterCommit, createInTransaction } from '../../lib/write.ts';
import { type ActivityRecorder, toActivity, toActivityLogEntry, toPersonRef } from '../activities/index.ts';
import type { ProductStageNotice } from '../notifications/index.ts';
import type { WebhookEventInput, WebhookOutbox } from '../services/index.ts';
import { PRODUCT_CSV_COLUMNS } from './products.export.ts';
import { productColumn } from './products.order.ts';
import type { ProductPatch, ProductsRepository } from './products.repository.ts';
import { createMoveInTransaction, type StageGuard } from './products.stage-guards.ts';

/** How many of its newest activity entries the product detail carries. */
const DETAIL_ACTIVITY_LIMIT = 20;

/** The API's product: the field names the spec's screens read. Progress is derived from the tasks. */
function toProduct(row: ProductRow, progress: number): Product {
  return {
    id: row.id,
    _id: row.id,
    name: row.name,
    key: row.key,
    description: row.description,
    status: row.status,
    priority: row.priority,
    team_size: row.teamSize,
    progress,
    start_date: row.startDate,
    target_end_date: row.targetEndDate,
    created_by: row.createdBy,
    archived_at: row.archivedAt?.toISOString() ?? null,
    rank: row.rank,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    stage_entered_at: row.stageEnteredAt.toISOString(),
  };
}

const capitalised = (status: ProductStatus) => status.charAt(0).toUpperCase() + status.slice(1);

/** The editable fields: API name, column, and the words the `product_updated` entry lists them by. */
const EDITABLE = [
  ['name', 'name', 'name'],
  ['description', 'description', 'description'],
  ['start_date', 'startDate', 'start date'],
  ['target_end_date', 'targetEndDate', 'target end date'],
  ['status', 'status', 'status'],
  ['priority', 'priority', 'priority'],
  ['team_size', 'teamSize', 'team size'],
  ['key', 'key', 'key'],
] as const satisfies ReadonlyArray<readonly [keyof UpdateProduct, keyof ProductPatch, string]>;

type Deps = {
  db: Db;
  products: ProductsRepository;
  activities: ActivityRecorder;
  /** Webhook deliveries, written in the change's transaction (docs/decisions/008-webhooks.md). */
  outbox: WebhookOutbox;
  /** Realtime: published after commit (docs/decisions/009-realtime.md). */
  changes: Changes;
  /** PRODUCT_STAGE to the people on the product, in the change's transaction (issue 16). */
  productStage: ProductStageNotice;
  /**
   * Lists computed once and shared by the caller's requests until a write outdates them
   * (lib/fresh-cache.ts, docs/decisions/023-request-hot-path.md); none: every request computes.
   */
  listCache?: FreshCache;
  /** Checked, in registration order, on every move to another stage (registered at boot). */
  stageGuards?: readonly StageGuard[];
};

/** The webhook event of a product change: small, ids and what a receiver shows. */
const productEvent = (
  event: WebhookEventInput['event'],
  row: ProductRow,
  extra: Record<string, unknown> = {},
): WebhookEventInput => ({
  event,
  productIds: [row.id],
  data: { productId: row.id, name: row.name, status: row.status, ...extra },
});

/** The realtime change of a product: everyone who sees it refreshes it and its timeline. */
const productChange = (op: Change['op'], row: ProductRow): Change => ({
  kind: 'product',
  op,
  id: row.id,
  productId: row.id,
  version: versionOf(row),
});

export function createProductsService({
  db,
  products,
  activities,
  outbox,
  changes,
  productStage,
  listCache,
  stageGuards = [],
}: Deps) {
  const notFound = () => NotFound(productMessages.notFound, 'PRODUCT_NOT_FOUND');
  const inTransaction = createInTransaction(db, changes);

  const moveInTransaction = createMoveInTransaction(inTransaction, stageGuards);

  /**
   * Creates the product in the caller's transaction and queues its changes on `after`: POST
   * /projects, and a product made from a template (issue 29), whose parts are written in the same
   * transaction.
   */
  async function createWithin(tx: Db, after: AfterCommit, actor: SessionUser, body: CreateProduct) {
    if (!canCreateProduct(actor.role)) throw Forbidden(productMessages.readOnly, 'READ_ONLY');
    const row = await products.insert(
      {
        name: body.name,
        description: body.description,
        status: body.status,
        priority: body.priority,
        teamSize: body.team_size,
        startDate: body.start_date,
        targetEndDate: body.target_end_date,
        createdBy: actor.id,
      },
      tx,
    );
    await activities.insert(
      {
        actionType: 'prd_created',
        description: `Created product "${row.name}"`,
        metadata: { status: row.status },
        productId: row.id,
        performedBy: actor.id,
      },
      tx,
    );
    await outbox.enqueue(tx, productEvent('product.created', row));
    // `access`: the creator's sockets learn that they now see this product.
    after.publish({ ...productChange('created', row), access: [actor.id] });
    return toProduct(row, 0);
  }

  async function lockVisible(tx: Db, actor: Viewer, id: string) {
    const product = await products.lockVisible(tx, actor, id);
    if (!product) throw notFound();
    return product;
  }

  function requireEditor(actor: Viewer, product: ProductRow) {
    if (canEditProduct(actor, product)) return;
    throw actor.role === 'guest'
      ? Forbidden(productMessages.readOnly, 'READ_ONLY')
      : Forbidden(productMessages.forbidden, 'NOT_PRODUCT_OWNER');
  }

  /** The product's answer after a write, with its derived fields read in the same transaction. */
  async function answer(row: ProductRow, tx: Db): Promise<Product> {
    return toProduct(row, await products.progress(row.id, tx));
  }

  async function listProducts(viewer: Viewer, filters: ProductFilters): Promise<ProductList> {
    const { rows, total } = await products.list(viewer, filters);
    // One query for every row's newest entries, never one per product.
    const entries = await activities.newestForProducts(
      rows.map((r) => r.product.id),
      LIST_ACTIVITY_LIMIT,
    );
    return {
      data: rows.map((r) => ({
        ...toProduct(r.product, r.progress ?? 0),
        creator: r.creator ? toPersonRef(r.creator) : null,
        active_members: r.activeMembers ?? 0,
        activity_log: entries.filter((e) => e.activity.productId === r.product.id).map(toActivityLogEntry),
      })),
      total,
      page: filters.page,
      limit: filters.limit,
    };
  }

  return {
    /**
     * What the list shows depends on the caller's id and role only (visibility) and on the
     * filters; everything it reads (products, tasks, teams, members, users, activities) bumps
     * analytics_version when written, so a shared computation is never older than the last write.
     */
    async list(actor: SessionUser, filters: ProductFilters): Promise<ProductList> {
      const viewer: Viewer = { id: actor.id, role: actor.role };
      if (!listCache) return listProducts(viewer, filters);
      const key = `products:${viewer.id}:${viewer.role}:${JSON.stringify(filters)}`;
      return listCache.get(key, () => listProducts(viewer, filters), undefined, actor.freshness);
    },

    /**
     * The CSV export of the list (issue 20): every product the list shows with these filters,
     * all pages, read `EXPORT_PAGE_SIZE` at a time; the count is the list's own.
     */
    async exportCsv(actor: SessionUser, filters: ProductFilters) {
      const total = await products.count(actor, filters);
      const pages = keysetPages(
        (after, size) => products.exportPage(actor, filters, after, size),
        (row) => ({ createdAt: row.cursorAt, id: row.product.id }),
      );
      return { total, chunks: csvChunks(PRODUCT_CSV_COLUMNS, pages) };
    },

    async get(actor: SessionUser, id: string): Promise<ProductDetail> {
      const found = await products.findVisibleDetail(actor, id);
      if (!found) throw notFound();
      const log = await activities.listForProduct(id, DETAIL_ACTIVITY_LIMIT);
      return {
        ...toProduct(found.product, found.progress ?? 0),
        activity_log: log.map(toActivity),
        creator: found.creator ? toPersonRef(found.creator) : null,
        active_members: found.activeMembers ?? 0,
      };
    },

    async create(actor: SessionUser, body: CreateProduct): Promise<Product> {
      return inTransaction((tx, after) => createWithin(tx, after, actor, body));
    },

    createWithin,

    /**
     * The board's move. Seeing a product means being an admin, its creator or an active member of
     * one of its teams, and all of those may move it, except guests (read-only).
     */
    async changeStatus(actor: SessionUser, id: string, body: ProductStatusUpdate): Promise<Product> {
      const { status } = body;
      return moveInTransaction(async (tx, after, guardMove) => {
        const current = await lockVisible(tx, actor, id);
        if (actor.role === 'guest') throw Forbidden(productMessages.readOnly, 'READ_ONLY');
        if (current.archivedAt) throw productArchived();
        // Where it was dropped (issue 28), else on top; in its own column it is only reordered.
        if (current.status === status && !isPlaced(body))
          return toProduct(current, await products.progress(id, tx));
        const { rank } = await rankForPlacement(tx, productColumn(status, actor), id, body);
        if (current.status === status) {
          const row = (await products.update(id, { rank }, tx)) ?? current;
          after.publish(productChange('updated', row));
          return toProduct(row, await products.progress(id, tx));
        }
        await guardMove({ actor, product: current, to: status, override: body.override });
        const row = (await products.update(id, { status, rank }, tx)) ?? current;
        await activities.insert(
          {
            actionType: 'status_changed',
            description: `Status changed from ${capitalised(current.status)} to ${capitalised(status)}`,
            metadata: { previousStatus: current.status, newStatus: status },
            productId: id,
            performedBy: actor.id,
          },
          tx,
        );
        await outbox.enqueue(
          tx,
          productEvent('product.status_changed', row, { previousStatus: current.status }),
        );
        after.publish(productChange('updated', row), ...(await productStage(tx, actor, row)));
        return toProduct(row, await products.progress(id, tx));
      });
    },

    async update(actor: SessionUser, id: string, body: UpdateProduct): Promise<Product> {
      return moveInTransaction(async (tx, after, guardMove) => {
        const current = await lockVisible(tx, actor, id);
        requireEditor(actor, current);
        if (current.archivedAt) throw productArchived();
        // The schema checks the order when both dates come; one alone is checked against the stored other.
        const start = body.start_date ?? current.startDate;
        const end = body.target_end_date ?? current.targetEndDate;
        if (end < start) {
          throw BadRequest(productMessages.targetBeforeStart, 'VALIDATION_ERROR', {
            fields: { target_end_date: [productMessages.targetBeforeStart] },
          });
        }

        if (body.key && body.key !== current.key && (await products.keyTaken(body.key, id, tx))) {
          throw Conflict(taskKeyMessages.productKeyTaken(body.key), 'PRODUCT_KEY_TAKEN');
        }
        const { patch, diff, changed } = changedFields(EDITABLE, body, current);
        if (changed.length === 0) {
          return toProduct(current, await products.progress(id, tx));
        }

        // Another stage: on top of its column (the rank trigger), as a move without a place.
        const moved = patch.status !== undefined && patch.status !== current.status;
        if (moved)
          await guardMove({
            actor,
            product: current,
            to: patch.status as ProductStatus,
            override: body.override,
          });
        const row =
          (await products.update(id, { ...patch, ...(moved && { rank: '' }) } as ProductPatch, tx)) ??
          current;
        await activities.insert(
          {
            actionType: 'product_updated',
            description: `Updated product "${row.name}": ${changed.join(', ')}`,
            metadata: {
              changes: diff,
              ...(row.status !== current.status && { previousStatus: current.status, newStatus: row.status }),
            },
            productId: id,
            performedBy: actor.id,
          },
          tx,
        );
        await outbox.enqueue(
          tx,
          productEvent('product.updated', row, {
            changed: Object.keys(diff),
            ...(row.status !== current.status && { previousStatus: current.status }),
          }),
        );
        after.publish(productChange('updated', row));
        if (row.status !== current.status) after.publish(...(await productStage(tx, actor, row)));
        return toProduct(row, await products.progress(id, tx));
      });
    },

    /**
     * Archives or unarchives: the product's editors only. While archived it is read-only (the
     * product, its tasks, teams and documents) and lists leave it out unless asked for it.
     */
    async setArchived(actor: SessionUser, id: string, archived: boolean): Promise<Product> {
      return inTransaction(async (tx, after) => {
        const current = await lockVisible(tx, actor, id);
        requireEditor(actor, current);
        if (Boolean(current.archivedAt) === archived) {
          return answer(current, tx);
        }
        const row = (await products.update(id, { archivedAt: archived ? new Date() : null }, tx)) ?? current;
        await activities.insert(
          {
            actionType: 'product_updated',
            description: `${archived ? 'Archived' : 'Unarchived'} product "${row.name}"`,
            metadata: { archived },
            productId: id,
            performedBy: actor.id,
          },
          tx,
        );
        await outbox.enqueue(tx, productEvent('product.updated', row, { changed: ['archived'], archived }));
        after.publish(productChange('updated', row));
        return answer(row, tx);
      });
    },

    /**
     * To the trash with its tasks (issue 28, modules/trash): gone from every read, restorable for
     * 30 days by whoever manages it; its files stay until the purge. The log keeps one entry.
     */
    async remove(actor: SessionUser, id: string, at: Date): Promise<void> {
      await inTransaction(async (tx, after) => {
        const current = await lockVisible(tx, actor, id);
        requireEditor(actor, current);
        await outbox.enqueue(tx, productEvent('product.deleted', current));
        await products.trash(id, actor.id, at, tx);
        await activities.insert(
          {
            actionType: 'product_deleted',
            description: `Deleted product "${current.name}"`,
            metadata: { productId: id, name: current.name },
            productId: null,
            performedBy: actor.id,
          },
          tx,
        );
        after.publish({ kind: 'product', op: 'deleted', id, productId: id });
      });
    },
  };
}

export type ProductsService = ReturnType<typeof createProductsService>;
