import { OptionSelect } from '../../../components/option-select.tsx';
import { cn } from '../../../lib/cn.ts';
import { t } from '../../../lib/i18n/index.ts';
import { useProductLabels } from '../../../lib/product-labels.ts';

/**
 * "Filter by label": the product's labels (labels belong to one product, so this shows only once
 * a product is chosen). A label id the product no longer has still filters; the trigger then names
 * no label (a Radix select shows a placeholder only for an empty value).
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
    <OptionSelect
      aria-label={t('Filter by label')}
      allLabel={t('All Labels')}
      value={value ?? ''}
      options={labels.map((label) => ({
        value: label.id,
        label: label.name,
        icon: (
          <span aria-hidden="true" className="size-2 rounded-full" style={{ backgroundColor: label.color }} />
        ),
      }))}
      onValueChange={(labelId) => onChange(labelId || undefined)}
      className={cn('w-full min-w-0 lg:w-40', className)}
    />
  );
}
