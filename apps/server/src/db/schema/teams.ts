import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { newestFirst, timestamps } from './columns.ts';
import { products } from './products.ts';
import { users } from './users.ts';

// Teams of a product and their members (docs/data-model.md). An invitation is a member row
// with status 'invited'. Created with the Products issue, which filters and counts by them;
// the Teams issue adds the calls that manage them.

export const teams = pgTable(
  'teams',
  {
    id: uuid().primaryKey().defaultRandom(),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    description: text().notNull().default(''),
    teamType: text({ enum: ['development', 'design', 'qa', 'marketing', 'general'] }).notNull(),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    index('teams_product_type_idx').on(t.productId, t.teamType),
    // GET /team and the dashboard's team overview: the newest teams first.
    index('teams_created_idx').on(...newestFirst(t)),
    index('teams_created_by_idx').on(t.createdBy),
    check('teams_name_length', sql`char_length(btrim(${t.name})) >= 2`),
    check(
      'teams_team_type_known',
      sql`${t.teamType} in ('development', 'design', 'qa', 'marketing', 'general')`,
    ),
  ],
);

export const teamMembers = pgTable(
  'team_members',
  {
    id: uuid().primaryKey().defaultRandom(),
    teamId: uuid()
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text({
      enum: [
        'admin',
        'manager',
        'developer',
        'designer',
        'qa engineer',
        'product manager',
        'others',
        'member',
      ],
    })
      .notNull()
      .default('member'),
    status: text({ enum: ['active', 'invited', 'pending', 'suspended'] })
      .notNull()
      .default('invited'),
    isLead: boolean().notNull().default(false),
    invitedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    joinedAt: timestamp({ withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('team_members_team_user_key').on(t.teamId, t.userId),
    index('team_members_user_idx').on(t.userId, t.status, t.teamId),
    uniqueIndex('team_members_one_lead').on(t.teamId).where(sql`${t.isLead}`),
    index('team_members_invited_by_idx').on(t.invitedBy),
    check(
      'team_members_role_known',
      sql`${t.role} in ('manager', 'developer', 'designer', 'qa engineer', 'admin', 'product manager', 'others', 'member')`,
    ),
    check('team_members_status_known', sql`${t.status} in ('active', 'invited', 'pending', 'suspended')`),
    check('team_members_lead_is_active', sql`not ${t.isLead} or ${t.status} = 'active'`),
  ],
);

export type TeamRow = typeof teams.$inferSelect;
export type TeamMemberRow = typeof teamMembers.$inferSelect;
