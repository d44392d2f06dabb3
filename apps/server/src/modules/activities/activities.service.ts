import {
  type Activity,
  type ActivityList,
  type ActivityLogQuery,
  type CreateActivity,
  productMessages,
} from '@shipyard/shared';
import type { Db } from '../../db/client.ts';
import { type CsvColumn, csvChunks, keysetPages } from '../../lib/csv.ts';
import { Forbidden } from '../../lib/errors.ts';
import { type Changes, versionOf } from '../../lib/realtime/changes.ts';
import type { SessionUser } from '../../lib/session.ts';
import { findVisibleProduct, productArchived } from '../../lib/visibility.ts';
import { type ActivityWithNames, toActivity, toActivityLogEntry } from './activities.mapper.ts';
import type { ActivitiesRepository } from './activities.repository.ts';

type ActivityExportRow = Omit<ActivityWithNames, 'activity'> & {
  activity: Omit<ActivityWithNames['activity'], 'metadata'>;
};

/** The columns of the activity CSV: what the log shows. */
const ACTIVITY_CSV_COLUMNS: CsvColumn<ActivityExportRow>[] = [
  { header: 'at', value: (r) => r.activity.createdAt },
  { header: 'action', value: (r) => r.activity.actionType },
  { header: 'description', value: (r) => r.activity.description },
  { header: 'product', value: (r) => r.productName },
  { header: 'performed_by', value: (r) => r.performer?.name },
  { header: 'product_id', value: (r) => r.activity.productId },
  { header: 'task_id', value: (r) => r.activity.taskId },
  { header: 'id', value: (r) => r.activity.id },
];

/** Spec §7.6: the timeline and the activity log read at most 100 entries. */
const PRODUCT_TIMELINE_LIMIT = 100;

type Deps = { db: Db; activities: ActivitiesRepository; changes: Changes };

export function createActivitiesService({ db, activities, changes }: Deps) {
  return {
    /** POST /activities: a free entry on a product the caller sees; guests are read-only. */
    async create(actor: SessionUser, body: CreateActivity): Promise<Activity> {
      const product = await findVisibleProduct(db, actor, body.projectId);
      if (actor.role === 'guest') throw Forbidden(productMessages.readOnly, 'READ_ONLY');
      if (product.archivedAt) throw productArchived();
      const row = await activities.insert({
        actionType: body.actionType,
        description: body.description,
        metadata: body.metadata,
        productId: product.id,
        performedBy: actor.id,
        source: 'client',
      });
      changes.publish({
        kind: 'activity',
        op: 'created',
        id: row.id,
        productId: product.id,
        version: versionOf(row),
      });
      return toActivity({
        activity: row,
        productName: product.name,
        performer: { id: actor.id, name: actor.name, avatarUrl: actor.avatarUrl },
      });
    },

    async listForProduct(actor: SessionUser, productId: string): Promise<Activity[]> {
      await findVisibleProduct(db, actor, productId);
      const rows = await activities.listForProduct(productId, PRODUCT_TIMELINE_LIMIT);
      return rows.map(toActivity);
    },

    /** The activity log as CSV (issue 20): every entry the log shows with these filters, all pages. */
    exportCsv(actor: SessionUser, { limit: _limit, ...query }: ActivityLogQuery) {
      const pages = keysetPages(
        (after, size) => activities.exportPage(actor, query, after, size),
        (row) => ({ createdAt: row.cursorAt, id: row.activity.id }),
      );
      return csvChunks(ACTIVITY_CSV_COLUMNS, pages);
    },

    async log(actor: SessionUser, query: ActivityLogQuery): Promise<ActivityList> {
      const { rows, total, totalCapped, actionTypes } = await activities.log(actor, query);
      return { data: rows.map(toActivityLogEntry), total, totalCapped, actionTypes };
    },
  };
}

export type ActivitiesService = ReturnType<typeof createActivitiesService>;
