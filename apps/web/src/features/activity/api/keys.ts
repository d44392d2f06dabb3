// The query-key prefixes of this feature, for app/ (realtime, providers) to invalidate by.
import { queryRoots } from '../../../lib/query-keys.ts';

/** Every query key of the activity feature starts with this. */
export const activityKeys = { all: queryRoots.activity };
export { activityLogKey } from './get-activity-log.ts';
