// The query-key prefixes of the trash feature, for its realtime listener (api/changes.ts).
import { queryRoots } from '../../../lib/query-keys.ts';

/** Every query key of the trash feature starts with this. */
export const trashKeys = {
  all: queryRoots.trash,
  /** What the caller may restore; of one product (its page's link) or all. */
  list: (productId?: string) => [...queryRoots.trash, 'list', productId ?? 'all'] as const,
};
