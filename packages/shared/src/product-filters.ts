import { z } from 'zod/mini';
import { PRODUCT_PRIORITIES, PRODUCT_STATUSES } from './products.ts';
import { singleLine } from './text.ts';
import { PageQuerySchema } from './users.ts';

// The products list's filters (spec §5 Filters, the products filter panel).

/** Team types of spec §3; the products filter panel offers them (docs/decisions/006). */
export const TEAM_TYPES = ['development', 'design', 'qa', 'marketing', 'general'] as const;
export type TeamType = (typeof TEAM_TYPES)[number];

const csv = <T extends readonly [string, ...string[]]>(values: T) =>
  z.optional(
    z.pipe(
      z.transform((v: unknown) =>
        (Array.isArray(v) ? v.join(',') : String(v ?? ''))
          .split(',')
          .map((s) => s.trim().toLowerCase())
          .filter(Boolean),
      ),
      z.array(z.enum(values)),
    ),
  );

/** GET /api/projects: search on name or description, filters as comma lists, paging. */
export const ProductFiltersSchema = z.extend(PageQuerySchema, {
  search: z.optional(z.string().check(z.trim(), z.maxLength(200), singleLine())),
  status: csv(PRODUCT_STATUSES),
  priority: csv(PRODUCT_PRIORITIES),
  team: csv(TEAM_TYPES),
  /** 'true': archived products are listed too ("Show archived"); by default they are left out. */
  archived: z.optional(
    z.pipe(
      z.enum(['true', 'false']),
      z.transform((v) => v === 'true'),
    ),
  ),
});
export type ProductFilters = z.infer<typeof ProductFiltersSchema>;
