import type { Req } from '../../testing/http.ts';

// What the templates tests send (issue 29).

/** The spec's new-product form, as a product made from a template sends it. */
export const newProduct = {
  name: 'Hermes',
  description: 'The next one',
  status: 'planning',
  priority: 'high',
  team_size: 4,
  start_date: '2026-02-01',
  target_end_date: '2026-09-30',
};

/** POST /api/product-templates/{id}/products. */
export const useProductTemplate = (id: string, payload: object = newProduct): Req => ({
  method: 'POST',
  url: `/api/product-templates/${id}/products`,
  payload,
});
