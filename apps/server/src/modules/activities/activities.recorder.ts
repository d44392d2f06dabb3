import type { ActivitiesRepository, NewActivity } from './activities.repository.ts';

/**
 * The activity log's narrow entry point for other modules: record an entry inside the caller's
 * transaction, read a product's newest entries (or a page of products' newest few), or a page of a task's history. Other modules depend on this, never on the
 * repository (ARCHITECTURE §2, checked by scripts/check-boundaries.mjs).
 */
export type ActivityRecorder = Pick<
  ActivitiesRepository,
  'insert' | 'insertStatement' | 'insertMany' | 'listForProduct' | 'newestForProducts' | 'listForTask'
>;
export type { NewActivity };
