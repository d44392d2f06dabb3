// The query-key prefixes of this feature, for its realtime listener (api/changes.ts) and for app/.
import { queryRoots } from '../../../lib/query-keys.ts';

/** Every query key of the activity feature starts with this. */
export const activityKeys = { all: queryRoots.activity };
export { activityLogKey } from './get-activity-log.ts';
