import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { t } from '../../../lib/i18n/index.ts';
import type { ProductFilterValues } from '../api/get-products.ts';
import { type FilterKey, filterGroups, filterKeys } from './product-search-params.ts';

export type FilterSelection = Pick<ProductFilterValues, FilterKey>;

const emptySelection: FilterSelection = { status: [], team: [], priority: [] };

type FilterPanelProps = {
  id?: string;
  /** The filters in force; the checkboxes start from these. */
  applied: FilterSelection;
  onApply: (selection: FilterSelection) => void;
};

/**
 * Spec §2.9 filter panel: Status, Team and Priority checkboxes. Ticking only prepares a choice;
 * Apply Filters puts it in force, Reset clears every filter at once.
 */
export function ProductsFilterPanel({ id, applied, onApply }: FilterPanelProps) {
  const [draft, setDraft] = useState<FilterSelection>(applied);
  const baseId = useId();

  const toggle = (key: FilterKey, value: string, checked: boolean) =>
    setDraft((current) => {
      const values = current[key] as string[];
      const next = checked ? [...values, value] : values.filter((v) => v !== value);
      return { ...current, [key]: next };
    });

  return (
    <section
      id={id}
      aria-label={t('Filters')}
      className="grid gap-5 rounded-xl border bg-card p-4 shadow-xs sm:p-5"
    >
      <div className="grid gap-5 sm:grid-cols-3">
        {filterKeys.map((key) => {
          const group = filterGroups[key];
          return (
            <fieldset key={key} className="grid content-start gap-2.5">
              <legend className="mb-2.5 font-medium text-muted-foreground text-xs uppercase tracking-wide">
                {t(group.legend)}
              </legend>
              {group.options.map((option) => {
                const checkboxId = `${baseId}-${key}-${option.value}`;
                return (
                  <div key={option.value} className="flex items-center gap-2">
                    <Checkbox
                      id={checkboxId}
                      checked={(draft[key] as string[]).includes(option.value)}
                      onCheckedChange={(checked) => toggle(key, option.value, checked === true)}
                    />
                    <Label htmlFor={checkboxId} className="cursor-pointer font-normal">
                      {t(option.label)}
                    </Label>
                  </div>
                );
              })}
            </fieldset>
          );
        })}
      </div>
      <div className="flex flex-wrap justify-end gap-2 border-t pt-4">
        <Button
          variant="outline"
          size="sm"
          onClick={() => {
            setDraft(emptySelection);
            onApply(emptySelection);
          }}
        >
          {t('Reset')}
        </Button>
        <Button size="sm" onClick={() => onApply(draft)}>
          {t('Apply Filters')}
        </Button>
      </div>
    </section>
  );
}
