import { useId } from 'react';
import { OptionSelect } from '../../../components/option-select.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Label } from '../../../components/ui/label.tsx';

import { cn } from '../../../lib/cn.ts';
import { k, t } from '../../../lib/i18n/index.ts';
import { type ProductOption, productSelectOptions } from '../../../lib/product-options.ts';
import {
  CALENDAR_KINDS,
  type CalendarFilters,
  type CalendarKind,
  productColour,
} from './calendar-filters.ts';

const kindLabels: Record<CalendarKind, string> = {
  events: k('Events'),
  milestones: k('Product target dates'),
  tasks: k('Tasks'),
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

  return (
    <fieldset className="flex min-w-0 flex-wrap items-center gap-x-5 gap-y-3">
      <legend className="sr-only">{t('Calendar filters')}</legend>
      <OptionSelect
        aria-label={t('Filter by product')}
        className="w-full sm:w-56"
        value={filters.productId}
        onValueChange={onProduct}
        allLabel={t('All Products')}
        options={productSelectOptions(products, filters.productId, (productId) => (
          <span aria-hidden="true" className={cn('size-2 rounded-full', productColour(productId))} />
        ))}
      />

      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
        <span className="text-muted-foreground text-xs">{t('Show')}</span>
        {CALENDAR_KINDS.map((kind) => (
          <div key={kind} className="flex items-center gap-2">
            <Checkbox
              id={`${id}-${kind}`}
              checked={filters.shown.has(kind)}
              onCheckedChange={(checked) => onShown(kind, checked === true)}
            />
            <Label htmlFor={`${id}-${kind}`} className="font-normal">
              {t(kindLabels[kind])}
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
          {t('My tasks only')}
        </Label>
      </div>
    </fieldset>
  );
}
