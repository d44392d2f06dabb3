import { FilterSelect } from '../../../components/filter-select.tsx';
import { cn } from '../../../lib/cn.ts';
import { useProductLabels } from '../../../lib/product-labels.ts';

/**
 * "Filter by label": the product's labels (labels belong to one product, so this shows only once
 * a product is chosen). A label id the product no longer has still filters, shown as "Label".
 */
export function TaskLabelFilter({
  productId,
  value,
  onChange,
  className,
}: {
  productId: string;
  value: string | undefined;
  onChange: (labelId: string | undefined) => void;
  className?: string;
}) {
  const labels = useProductLabels(productId).data?.data ?? [];
  if (labels.length === 0 && !value) return null;
  return (
    <FilterSelect
      label="Filter by label"
      allLabel="All Labels"
      value={value}
      options={labels.map((label) => ({
        value: label.id,
        label: label.name,
        icon: (
          <span aria-hidden="true" className="size-2 rounded-full" style={{ backgroundColor: label.color }} />
        ),
      }))}
      onChange={onChange}
      placeholder="Label"
      className={cn('lg:w-40', className)}
    />
  );
}
