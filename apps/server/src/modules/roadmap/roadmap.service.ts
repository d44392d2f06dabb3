import {
  PRODUCT_STATUSES,
  type ProductStatus,
  productMessages,
  ROADMAP_DEFAULT_DAYS_AFTER,
  ROADMAP_DEFAULT_DAYS_BEFORE,
  ROADMAP_MILESTONES_MAX,
  ROADMAP_PRODUCTS_MAX,
  ROADMAP_RANGE_MAX_DAYS,
  type Roadmap,
  type RoadmapQuery,
  roadmapMessages,
  type StagePlan,
  type StagePlanBody,
} from '@shipyard/shared';
import type { Db } from '../../db/client.ts';
import type { ProductRow, ProductStagePlanRow } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { BadRequest, Forbidden } from '../../lib/errors.ts';
import { type Changes, versionOf } from '../../lib/realtime/changes.ts';
import type { SessionUser } from '../../lib/session.ts';
import {
  canEditProduct,
  findVisibleProduct,
  refuseArchivedProduct,
  type Viewer,
} from '../../lib/visibility.ts';
import { createInTransaction } from '../../lib/write.ts';
import type { ActivityRecorder } from '../activities/index.ts';
import type { RoadmapRepository } from './roadmap.repository.ts';

type Deps = {
  db: Db;
  roadmap: RoadmapRepository;
  activities: ActivityRecorder;
  /** Realtime, after commit: a plan is part of its product, so its change is the product's. */
  changes: Changes;
  clock: Clock;
};

const DAY_MS = 86_400_000;
const isoDay = (at: Date) => at.toISOString().slice(0, 10);
const shiftDay = (day: string, days: number) =>
  isoDay(new Date(new Date(`${day}T00:00:00Z`).getTime() + days * DAY_MS));

const toStagePlan = (row: ProductStagePlanRow): StagePlan => ({
  stage: row.stage,
  starts_on: row.startsOn,
  ends_on: row.endsOn,
  updated_by: row.updatedBy,
  updated_at: row.updatedAt.toISOString(),
});

const stageName = (stage: ProductStatus) => stage.charAt(0).toUpperCase() + stage.slice(1);
const span = (plan: { startsOn: string; endsOn: string }) => `${plan.startsOn} – ${plan.endsOn}`;

/**
 * The window asked for, or the default one around today; a window given only at one end is
 * completed from it (the schema checks a whole window; a completed one is held to the same cap).
 */
function windowOf(query: RoadmapQuery, today: string) {
  const from =
    query.from ??
    (query.to
      ? shiftDay(query.to, -ROADMAP_DEFAULT_DAYS_BEFORE - ROADMAP_DEFAULT_DAYS_AFTER)
      : shiftDay(today, -ROADMAP_DEFAULT_DAYS_BEFORE));
  const to = query.to ?? shiftDay(from, ROADMAP_DEFAULT_DAYS_BEFORE + ROADMAP_DEFAULT_DAYS_AFTER);
  if (to < from)
    throw BadRequest(roadmapMessages.rangeOrder, 'VALIDATION_ERROR', {
      fields: { to: [roadmapMessages.rangeOrder] },
    });
  const days = (Date.parse(to) - Date.parse(from)) / DAY_MS;
  if (days >= ROADMAP_RANGE_MAX_DAYS)
    throw BadRequest(roadmapMessages.rangeTooLong, 'VALIDATION_ERROR', {
      fields: { to: [roadmapMessages.rangeTooLong] },
    });
  return { from, to };
}

export function createRoadmapService({ db, roadmap, activities, changes, clock }: Deps) {
  const inTransaction = createInTransaction(db, changes);

  /**
   * In a write's transaction: the product if the caller sees it (404), may edit it (guests never,
   * others its creator or an admin: 403) and it is not archived (409, held until the commit).
   */
  async function editable(tx: Db, actor: Viewer, productId: string): Promise<ProductRow> {
    const product = await findVisibleProduct(tx, actor, productId);
    if (actor.role === 'guest') throw Forbidden(productMessages.readOnly, 'READ_ONLY');
    if (!canEditProduct(actor, product)) throw Forbidden(productMessages.forbidden, 'NOT_PRODUCT_OWNER');
    await refuseArchivedProduct(tx, productId);
    return product;
  }

  const productChange = (product: ProductRow) => ({
    kind: 'product' as const,
    op: 'updated' as const,
    id: product.id,
    productId: product.id,
    version: versionOf({ updatedAt: clock.now() }),
  });

  return {
    /** Every product the caller sees now (the products list's rule), with plans and milestones. */
    async get(actor: SessionUser, query: RoadmapQuery): Promise<Roadmap> {
      const viewer: Viewer = { id: actor.id, role: actor.role };
      const window = windowOf(query, isoDay(clock.now()));
      const rows = await roadmap.products(viewer, window, query, ROADMAP_PRODUCTS_MAX + 1);
      const shown = rows.slice(0, ROADMAP_PRODUCTS_MAX);
      const ids = shown.map((p) => p.id);
      const [plans, milestones] = await Promise.all([
        roadmap.plansOf(ids),
        roadmap.milestonesOf(ids, window, ROADMAP_MILESTONES_MAX),
      ]);
      return {
        ...window,
        hasMore: rows.length > ROADMAP_PRODUCTS_MAX,
        products: shown.map((p) => ({
          id: p.id,
          name: p.name,
          key: p.key,
          status: p.status,
          start_date: p.startDate,
          target_end_date: p.targetEndDate,
          canEdit: canEditProduct(viewer, p) && !p.archivedAt,
          stages: plans
            .filter((s) => s.productId === p.id)
            .sort((a, b) => PRODUCT_STATUSES.indexOf(a.stage) - PRODUCT_STATUSES.indexOf(b.stage))
            .map(toStagePlan),
          milestones: milestones
            .filter((m) => m.productId === p.id)
            .map(({ id, title, date }) => ({ id, title, date })),
        })),
      };
    },

    /** Sets one stage's planned days; the product's activity records what they were and are. */
    async setPlan(actor: SessionUser, productId: string, stage: ProductStatus, body: StagePlanBody) {
      return inTransaction(async (tx, after) => {
        const product = await editable(tx, actor, productId);
        const before = await roadmap.findPlan(tx, productId, stage);
        if (before && before.startsOn === body.starts_on && before.endsOn === body.ends_on)
          return toStagePlan(before);
        const row = await roadmap.upsertPlan(tx, {
          productId,
          stage,
          startsOn: body.starts_on,
          endsOn: body.ends_on,
          updatedBy: actor.id,
        });
        await activities.insert(
          {
            actionType: 'product_updated',
            description: `Planned ${stageName(stage)} of "${product.name}": ${span(row)}${before ? ` (was ${span(before)})` : ''}`,
            metadata: {
              stagePlan: {
                stage,
                from: before ? { starts_on: before.startsOn, ends_on: before.endsOn } : null,
                to: { starts_on: row.startsOn, ends_on: row.endsOn },
              },
            },
            productId,
            performedBy: actor.id,
          },
          tx,
        );
        after.publish(productChange(product));
        return toStagePlan(row);
      });
    },

    /** Clears one stage's plan; clearing a stage without one changes and records nothing. */
    async clearPlan(actor: SessionUser, productId: string, stage: ProductStatus): Promise<void> {
      await inTransaction(async (tx, after) => {
        const product = await editable(tx, actor, productId);
        const removed = await roadmap.deletePlan(tx, productId, stage);
        if (!removed) return;
        await activities.insert(
          {
            actionType: 'product_updated',
            description: `Cleared the planned ${stageName(stage)} of "${product.name}" (was ${span(removed)})`,
            metadata: {
              stagePlan: { stage, from: { starts_on: removed.startsOn, ends_on: removed.endsOn }, to: null },
            },
            productId,
            performedBy: actor.id,
          },
          tx,
        );
        after.publish(productChange(product));
      });
    },
  };
}

export type RoadmapService = ReturnType<typeof createRoadmapService>;
