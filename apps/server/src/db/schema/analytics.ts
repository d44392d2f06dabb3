import { pgSequence } from 'drizzle-orm/pg-core';

/**
 * Bumped (nextval) by a statement trigger after every write to the tables analytics and the
 * reports read: tasks, activities, products, teams, team_members, users (the triggers are
 * hand-written at the end of their migration). Its value tells a cached figure whether any of
 * those tables may have changed since (lib/fresh-cache.ts, docs/decisions/018-analytics-speed.md).
 */
export const analyticsVersion = pgSequence('analytics_version', { cache: 1 });
