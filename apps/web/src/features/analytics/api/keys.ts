// The query-key prefixes of this feature, for its realtime listener (api/changes.ts) and for app/.
import { queryRoots } from '../../../lib/query-keys.ts';

/** Every query key of the analytics feature starts with this. */
export const analyticsKeys = { all: queryRoots.analytics };
export { analyticsKey } from './get-analytics.ts';
