import type { ProductRow } from '../../db/schema/index.ts';
import type { CsvColumn } from '../../lib/csv.ts';

// The products CSV (GET /api/projects/export.csv): one row per listed product.

type ProductExportRow = {
  product: ProductRow;
  progress: number | null;
  activeMembers: number | null;
  creator: { id: string; name: string } | null;
};

/** The columns of the products CSV: what the list shows, under the API's names. */
export const PRODUCT_CSV_COLUMNS: CsvColumn<ProductExportRow>[] = [
  { header: 'id', value: (r) => r.product.id },
  { header: 'name', value: (r) => r.product.name },
  { header: 'key', value: (r) => r.product.key },
  { header: 'description', value: (r) => r.product.description },
  { header: 'status', value: (r) => r.product.status },
  { header: 'priority', value: (r) => r.product.priority },
  { header: 'progress', value: (r) => r.progress ?? 0 },
  { header: 'team_size', value: (r) => r.product.teamSize },
  { header: 'active_members', value: (r) => r.activeMembers ?? 0 },
  { header: 'start_date', value: (r) => r.product.startDate },
  { header: 'target_end_date', value: (r) => r.product.targetEndDate },
  { header: 'created_by', value: (r) => r.creator?.name },
  { header: 'created_at', value: (r) => r.product.createdAt },
  { header: 'archived_at', value: (r) => r.product.archivedAt },
];
