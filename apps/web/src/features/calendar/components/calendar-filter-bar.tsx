import { useId } from 'react';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Label } from '../../../components/ui/label.tsx';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '../../../components/ui/select.tsx';
import { cn } from '../../../lib/cn.ts';
import type { ProductOption } from '../../../lib/product-options.ts';
import {
  CALENDAR_KINDS,
  type CalendarFilters,
  type CalendarKind,
  productColour,
} from './calendar-filters.ts';

/** Radix Select cannot hold '' as a value. */
const ALL = '__all__';

const kindLabels: Record<CalendarKind, string> = {
  events: 'Events',
  milestones: 'Product target dates',
  tasks: 'Tasks',
};

type Props = {
  filters: CalendarFilters;
  products: readonly ProductOption[];
  onProduct: (productId: string) => void;
  onMineOnly: (mine: boolean) => void;
  onShown: (kind: CalendarKind, shown: boolean) => void;
};

/** What the calendar shows: one product or all, everyone's tasks or the viewer's, which kinds. */
export function CalendarFilterBar({ filters, products, onProduct, onMineOnly, onShown }: Props) {
  const id = useId();
  const unknownProduct = filters.productId && !products.some((p) => p.id === filters.productId);
  return (
    <fieldset className="flex min-w-0 flex-wrap items-center gap-x-5 gap-y-3">
      <legend className="sr-only">Calendar filters</legend>
      <Select value={filters.productId || ALL} onValueChange={(v) => onProduct(v === ALL ? '' : v)}>
        <SelectTrigger aria-label="Filter by product" className="w-full sm:w-56">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ALL}>All Products</SelectItem>
          {products.map((product) => (
            <SelectItem key={product.id} value={product.id}>
              <span aria-hidden="true" className={cn('size-2 rounded-full', productColour(product.id))} />
              {product.name}
            </SelectItem>
          ))}
          {unknownProduct ? <SelectItem value={filters.productId}>Selected product</SelectItem> : null}
        </SelectContent>
      </Select>

      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
        <span className="text-muted-foreground text-xs">Show</span>
        {CALENDAR_KINDS.map((kind) => (
          <div key={kind} className="flex items-center gap-2">
            <Checkbox
              id={`${id}-${kind}`}
              checked={filters.shown.has(kind)}
              onCheckedChange={(checked) => onShown(kind, checked === true)}
            />
            <Label htmlFor={`${id}-${kind}`} className="font-normal">
              {kindLabels[kind]}
            </Label>
          </div>
        ))}
      </div>

      <div className="flex items-center gap-2 text-sm">
        <Checkbox
          id={`${id}-mine`}
          checked={filters.mineOnly}
          disabled={!filters.shown.has('tasks')}
          onCheckedChange={(checked) => onMineOnly(checked === true)}
        />
        <Label htmlFor={`${id}-mine`} className="font-normal">
          My tasks only
        </Label>
      </div>
    </fieldset>
  );
}
