/**
 * GET /api/projects as the product filters read it (lib/product-options.ts): two products, out
 * of alphabetical order (the filter sorts them by name).
 */
export const productOptionsPage = {
  data: [
    { id: 'p-2', name: 'Gemini' },
    { id: 'p-1', name: 'Apollo' },
  ],
  total: 2,
  page: 1,
  limit: 200,
};
