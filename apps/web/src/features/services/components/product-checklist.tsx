import { useId } from 'react';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { t } from '../../../lib/i18n/index.ts';
import { useProductOptions } from '../../../lib/product-options.ts';

type ProductChecklistProps = {
  legend: string;
  value: string[];
  onChange: (productIds: string[]) => void;
  invalid?: boolean;
  describedBy?: string;
};

/** The products a service is used by: every product the caller may see, ticked or not. */
export function ProductChecklist({ legend, value, onChange, invalid, describedBy }: ProductChecklistProps) {
  const options = useProductOptions();
  const baseId = useId();
  const chosen = new Set(value);

  function toggle(id: string, checked: boolean) {
    const next = new Set(chosen);
    if (checked) next.add(id);
    else next.delete(id);
    // In the list's order, so what is sent does not depend on the order of the clicks.
    onChange((options.data ?? []).map((p) => p.id).filter((p) => next.has(p)));
  }

  return (
    <fieldset className="grid gap-2" aria-describedby={describedBy}>
      <legend className="mb-2 font-medium text-sm leading-none">
        {legend}
        {value.length > 0 ? (
          <span className="ms-1.5 font-normal text-muted-foreground">
            ({t('{{count}} selected', { count: value.length })})
          </span>
        ) : null}
      </legend>
      <div
        className={cn(
          'max-h-40 overflow-y-auto rounded-md border px-3 py-2',
          invalid && 'border-destructive',
        )}
      >
        {options.isPending ? (
          <div className="grid gap-2 py-1" role="status" aria-label={t('Loading products')}>
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-4 w-32" />
          </div>
        ) : options.isError ? (
          <p role="alert" className="py-1 text-destructive text-sm">
            {getErrorMessage(options.error)}
          </p>
        ) : options.data.length === 0 ? (
          <p className="py-1 text-muted-foreground text-sm">{t('No products yet.')}</p>
        ) : (
          <ul className="grid gap-2 py-1">
            {options.data.map((product) => {
              const id = `${baseId}-${product.id}`;
              return (
                <li key={product.id} className="flex min-w-0 items-center gap-2">
                  <Checkbox
                    id={id}
                    checked={chosen.has(product.id)}
                    onCheckedChange={(checked) => toggle(product.id, checked === true)}
                  />
                  <Label htmlFor={id} className="min-w-0 truncate font-normal" title={product.name}>
                    {product.name}
                  </Label>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </fieldset>
  );
}
