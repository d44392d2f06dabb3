import {
  type CreateView,
  canEditProduct,
  parseViewQuery,
  type SavedView,
  type SavedViewList,
  type TaskDisplay,
  TaskDisplaySchema,
  type UpdateView,
  VIEW_PINS_MAX,
  VIEWS_PER_PERSON_MAX,
  viewMessages,
} from '@shipyard/shared';
import type { Db } from '../../db/client.ts';
import { BadRequest, Conflict, Forbidden, NotFound } from '../../lib/errors.ts';
import type { Change, Changes } from '../../lib/realtime/changes.ts';
import { findVisibleProduct, type Viewer } from '../../lib/visibility.ts';
import { createInTransaction } from '../../lib/write.ts';
import type { SeenViewRow, ViewsRepository } from './views.repository.ts';

// Saved views (issue 28, docs/decisions/031-saved-views.md). Anyone signed in keeps personal
// views; members and admins share one with a product they see. Its owner changes or deletes it,
// and so does whoever manages the product of a shared one; only the owner changes whom it is
// shared with. Everyone pins the views they see.

/** How many views' counts run at once: a list of 20 is 5 rounds on 4 of the pool's connections. */
const COUNTS_AT_ONCE = 4;

const viewNotFound = () => NotFound(viewMessages.notFound, 'VIEW_NOT_FOUND');

type Deps = {
  db: Db;
  views: ViewsRepository;
  changes: Changes;
  /** app.tasks.count: how many tasks the viewer sees that match a task query. */
  countTasks: (
    viewer: Viewer,
    query: NonNullable<ReturnType<typeof parseViewQuery>['data']>,
  ) => Promise<number>;
};

/** Who hears of a change to a view: those who see its product, or its owner alone. */
const viewChange = (
  op: Change['op'],
  view: { id: string; scope: string; productId: string | null; ownerId: string },
): Change =>
  view.scope === 'shared' && view.productId
    ? { kind: 'view', op, id: view.id, productId: view.productId }
    : { kind: 'view', op, id: view.id, productId: null, userIds: [view.ownerId] };

/** A pin is the pinner's alone. */
const pinChange = (viewId: string, userId: string): Change => ({
  kind: 'view',
  op: 'updated',
  id: viewId,
  productId: null,
  userIds: [userId],
});

/** The stored display, or the default where a later release reads it differently. */
const readDisplay = (stored: unknown): TaskDisplay => {
  const parsed = TaskDisplaySchema.safeParse(stored ?? {});
  return parsed.success ? parsed.data : TaskDisplaySchema.parse({});
};

const mayEdit = (viewer: Viewer, row: SeenViewRow) =>
  row.view.ownerId === viewer.id ||
  (row.view.scope === 'shared' && row.product?.id != null && canEditProduct(viewer, row.product));

/** Runs `work` on each item, `limit` at a time, answering in order. */
async function mapAtMost<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await work(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return out;
}

export function createViewsService({ db, views, changes, countTasks }: Deps) {
  const inTransaction = createInTransaction(db, changes);

  async function countFor(viewer: Viewer, query: string) {
    const parsed = parseViewQuery(query);
    // Stored queries were valid when written; one a later release reads differently counts nothing.
    return parsed.success ? countTasks(viewer, parsed.data) : 0;
  }

  const toView = (viewer: Viewer, row: SeenViewRow, count: number): SavedView => ({
    id: row.view.id,
    name: row.view.name,
    query: row.view.query,
    display: readDisplay(row.view.display),
    scope: row.view.scope,
    product: row.product?.id ? { id: row.product.id, name: row.product.name } : null,
    owner: { id: row.view.ownerId, name: row.ownerName },
    pinned: row.pinned,
    canEdit: mayEdit(viewer, row),
    count,
    createdAt: row.view.createdAt.toISOString(),
    updatedAt: row.view.updatedAt.toISOString(),
  });

  /** The view as the viewer sees it now, with its count. */
  async function read(viewer: Viewer, id: string): Promise<SavedView> {
    const row = await views.findSeen(viewer, id);
    if (!row) throw viewNotFound();
    return toView(viewer, row, await countFor(viewer, row.view.query));
  }

  /** A shared view's product: one the viewer sees (404), never for a guest (403). */
  async function shareable(viewer: Viewer, productId: string, tx: Db) {
    if (viewer.role === 'guest') throw Forbidden(viewMessages.guestShared, 'FORBIDDEN');
    await findVisibleProduct(tx, viewer, productId);
  }

  return {
    async list(viewer: Viewer): Promise<SavedViewList> {
      const rows = await views.listSeen(viewer);
      const counts = await mapAtMost(rows, COUNTS_AT_ONCE, (row) => countFor(viewer, row.view.query));
      return { data: rows.map((row, i) => toView(viewer, row, counts[i] ?? 0)) };
    },

    get: read,

    async create(viewer: Viewer, body: CreateView): Promise<SavedView> {
      const id = await inTransaction(async (tx, after) => {
        if (body.scope === 'shared' && body.productId) await shareable(viewer, body.productId, tx);
        // Counted under a lock on the person's row, so saves at once take turns at the cap.
        await views.holdPerson(viewer.id, tx);
        if ((await views.countOwned(viewer.id, tx)) >= VIEWS_PER_PERSON_MAX) {
          throw Conflict(viewMessages.tooMany, 'VIEWS_FULL');
        }
        const values = {
          ownerId: viewer.id,
          name: body.name,
          query: body.query,
          display: body.display as TaskDisplay,
          scope: body.scope,
          productId: body.scope === 'shared' ? body.productId : null,
        };
        const id = await views.insert(values, tx);
        if (body.pinned) {
          if ((await views.countPins(viewer, tx)) >= VIEW_PINS_MAX) {
            throw Conflict(viewMessages.tooManyPins, 'VIEW_PINS_FULL');
          }
          await views.pin(viewer.id, id, tx);
        }
        after.publish(viewChange('created', { id, ...values }));
        return id;
      });
      return read(viewer, id);
    },

    async update(viewer: Viewer, id: string, body: UpdateView): Promise<SavedView> {
      await inTransaction(async (tx, after) => {
        const row = await views.findSeen(viewer, id, tx, true);
        if (!row) throw viewNotFound();
        if (!mayEdit(viewer, row)) throw Forbidden(viewMessages.editForbidden, 'FORBIDDEN');
        const scope = body.scope ?? row.view.scope;
        const productId = scope === 'personal' ? null : (body.productId ?? row.view.productId);
        const moved = scope !== row.view.scope || productId !== row.view.productId;
        if (moved) {
          if (row.view.ownerId !== viewer.id) throw Forbidden(viewMessages.scopeForbidden, 'FORBIDDEN');
          if (scope === 'shared' && !productId) {
            throw BadRequest(viewMessages.productRequired, 'VALIDATION_ERROR', {
              fields: { productId: [viewMessages.productRequired] },
            });
          }
          if (productId) await shareable(viewer, productId, tx);
        }
        await views.update(
          id,
          {
            name: body.name,
            query: body.query,
            display: body.display as TaskDisplay | undefined,
            scope,
            productId,
          },
          tx,
        );
        const now = { id, ownerId: row.view.ownerId, scope, productId };
        // Those who saw it before and no longer do hear it is gone.
        if (moved) after.publish(viewChange('deleted', row.view));
        after.publish(viewChange(moved ? 'created' : 'updated', now));
      });
      return read(viewer, id);
    },

    async remove(viewer: Viewer, id: string): Promise<void> {
      await inTransaction(async (tx, after) => {
        const row = await views.findSeen(viewer, id, tx, true);
        if (!row) throw viewNotFound();
        if (!mayEdit(viewer, row)) throw Forbidden(viewMessages.editForbidden, 'FORBIDDEN');
        await views.delete(id, tx);
        after.publish(viewChange('deleted', row.view));
      });
    },

    async pin(viewer: Viewer, id: string): Promise<SavedView> {
      await inTransaction(async (tx, after) => {
        const row = await views.findSeen(viewer, id, tx);
        if (!row) throw viewNotFound();
        if (row.pinned) return;
        await views.holdPerson(viewer.id, tx);
        if ((await views.countPins(viewer, tx)) >= VIEW_PINS_MAX) {
          throw Conflict(viewMessages.tooManyPins, 'VIEW_PINS_FULL');
        }
        if (await views.pin(viewer.id, id, tx)) after.publish(pinChange(id, viewer.id));
      });
      return read(viewer, id);
    },

    async unpin(viewer: Viewer, id: string): Promise<SavedView> {
      await inTransaction(async (tx, after) => {
        const row = await views.findSeen(viewer, id, tx);
        if (!row) throw viewNotFound();
        if (await views.unpin(viewer.id, id, tx)) after.publish(pinChange(id, viewer.id));
      });
      return read(viewer, id);
    },
  };
}

export type ViewsService = ReturnType<typeof createViewsService>;
