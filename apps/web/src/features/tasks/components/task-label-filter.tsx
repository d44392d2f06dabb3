import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '../../../components/ui/select.tsx';
import { cn } from '../../../lib/cn.ts';
import { useProductLabels } from '../../../lib/product-labels.ts';

const ALL = 'all';

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
    <Select value={value ?? ALL} onValueChange={(next) => onChange(next === ALL ? undefined : next)}>
      <SelectTrigger aria-label="Filter by label" className={cn('w-full min-w-0 lg:w-40', className)}>
        <SelectValue placeholder="Label" />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value={ALL}>All Labels</SelectItem>
        {labels.map((label) => (
          <SelectItem key={label.id} value={label.id}>
            <span
              aria-hidden="true"
              className="size-2 rounded-full"
              style={{ backgroundColor: label.color }}
            />
            {label.name}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
