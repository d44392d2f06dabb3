import type { Activity, ActivityLogEntry } from '@shipyard/shared';
import type { ActivityRow } from '../../db/schema/index.ts';

export type PersonRefRow = { id: string; name: string; avatarUrl: string | null };

/** An activity entry with the names the screens show, joined in the query that read it. */
export type ActivityWithNames = {
  activity: ActivityRow;
  productName: string | null;
  performer: PersonRefRow | null;
};

export const toPersonRef = (p: PersonRefRow) => ({ _id: p.id, name: p.name, avatar_url: p.avatarUrl });

/** An activity log row: its metadata holds only the keys a list reads (ACTIVITY_LIST_METADATA_KEYS). */
export type ActivityLogRowWithNames = ActivityWithNames;

/** The API's activity entry (spec §3): `updatedAt` equals `createdAt`, entries never change. */
export function toActivity(entry: ActivityWithNames): Activity {
  return toActivityLogEntry(entry);
}

export function toActivityLogEntry({
  activity,
  productName,
  performer,
}: ActivityLogRowWithNames): ActivityLogEntry {
  const at = activity.createdAt.toISOString();
  return {
    _id: activity.id,
    id: activity.id,
    actionType: activity.actionType,
    description: activity.description,
    projectId: activity.productId,
    productName,
    performedBy: activity.performedBy,
    taskId: activity.taskId,
    performer: performer ? toPersonRef(performer) : null,
    metadata: activity.metadata,
    createdAt: at,
    updatedAt: at,
  };
}
