import { ChevronDown, ListFilter } from 'lucide-react';
import { Popover as PopoverPrimitive } from 'radix-ui';
import { useId, useMemo } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { t } from '../../../lib/i18n/index.ts';
import type { ProductOption } from '../../../lib/product-options.ts';
import {
  isAllProducts,
  type ProductSelection,
  selectionLabel,
  toggleAllProducts,
  toggleProduct,
} from './product-selection.ts';

type ProductFilterProps = {
  value: ProductSelection;
  onChange: (next: ProductSelection) => void;
  /** undefined while the products load. */
  options: ProductOption[] | undefined;
  failed?: boolean;
};

function Choice({
  label,
  checked,
  onCheckedChange,
}: {
  label: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <li className="flex items-center gap-2 rounded-sm px-2 py-1.5 hover:bg-accent">
      <Checkbox id={id} checked={checked} onCheckedChange={(next) => onCheckedChange(next === true)} />
      <label htmlFor={id} className="min-w-0 flex-1 cursor-pointer truncate text-sm">
        {label}
      </label>
    </li>
  );
}

/** Spec §2.16: the product filter, checkboxes with 'All Products', in a popover. */
export function ProductFilter({ value, onChange, options, failed = false }: ProductFilterProps) {
  const names = useMemo(() => new Map((options ?? []).map((p) => [p.id, p.name])), [options]);
  const headingId = useId();
  const label = selectionLabel(value, names);

  return (
    <PopoverPrimitive.Root>
      <PopoverPrimitive.Trigger asChild>
        <Button variant="outline" className="max-w-full justify-between sm:w-56">
          <ListFilter aria-hidden="true" />
          <span className="sr-only">{t('Products:')} </span>
          <span className="min-w-0 flex-1 truncate text-start">{label}</span>
          <ChevronDown aria-hidden="true" className="opacity-50" />
        </Button>
      </PopoverPrimitive.Trigger>
      <PopoverPrimitive.Portal>
        <PopoverPrimitive.Content
          align="end"
          sideOffset={4}
          collisionPadding={8}
          aria-labelledby={headingId}
          className="z-50 flex max-h-(--radix-popover-content-available-height) w-72 max-w-[calc(100vw-1rem)] flex-col rounded-md border bg-popover p-1 text-popover-foreground shadow-md outline-none transition-[opacity,scale] duration-150 starting:scale-95 starting:opacity-0 motion-reduce:transition-none"
        >
          <p id={headingId} className="px-2 pt-1.5 pb-1 font-medium text-muted-foreground text-xs">
            {t('Filter by product')}
          </p>
          <ul aria-labelledby={headingId} className="border-b pb-1">
            <Choice
              label={t('All Products')}
              checked={isAllProducts(value)}
              onCheckedChange={(checked) => onChange(toggleAllProducts(value, checked))}
            />
          </ul>
          {options === undefined ? (
            failed ? (
              <p role="alert" className="px-2 py-3 text-destructive text-sm">
                {t('Failed to load products')}
              </p>
            ) : (
              <div className="flex flex-col gap-2 px-2 py-3">
                <span role="status" className="sr-only">
                  {t('Loading products')}
                </span>
                <Skeleton className="h-4 w-40" />
                <Skeleton className="h-4 w-32" />
              </div>
            )
          ) : options.length === 0 ? (
            <p className="px-2 py-3 text-muted-foreground text-sm">{t('No products yet')}</p>
          ) : (
            <ul aria-labelledby={headingId} className="min-h-0 overflow-y-auto overscroll-contain pt-1">
              {options.map((product) => (
                <Choice
                  key={product.id}
                  label={product.name}
                  checked={value.includes(product.id)}
                  onCheckedChange={(checked) => onChange(toggleProduct(value, product.id, checked))}
                />
              ))}
            </ul>
          )}
        </PopoverPrimitive.Content>
      </PopoverPrimitive.Portal>
    </PopoverPrimitive.Root>
  );
}
