import { z } from 'zod/mini';
import { PageQuerySchema } from './users.ts';

// Products (spec §3; "projects" in the API's paths). Statuses are the board's column ids.

export const PRODUCT_STATUSES = ['planning', 'development', 'testing', 'production', 'maintenance'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];
export const PRODUCT_PRIORITIES = ['low', 'medium', 'high'] as const;
export type ProductPriority = (typeof PRODUCT_PRIORITIES)[number];

/** The API accepts any casing (the board sends 'Development', spec §4) and answers lowercase. */
export const ProductStatusSchema = z.pipe(
  z.transform((v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : v)),
  z.enum(PRODUCT_STATUSES),
);

export const ProductSchema = z.object({
  id: z.string(),
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  status: z.enum(PRODUCT_STATUSES),
  priority: z.enum(PRODUCT_PRIORITIES),
  team_size: z.number(),
  /** 0–100, derived from the product's tasks; 0 with none. */
  progress: z.number(),
  start_date: z.string(),
  target_end_date: z.string(),
  created_by: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Product = z.infer<typeof ProductSchema>;

export const ProductListQuerySchema = PageQuerySchema;

export const ProductListSchema = z.object({
  data: z.array(ProductSchema),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
});
export type ProductList = z.infer<typeof ProductListSchema>;
