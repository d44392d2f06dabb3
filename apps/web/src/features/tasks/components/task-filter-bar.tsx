import type { Field } from '@shipyard/shared';
import { ListFilterIcon } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import { ClearFiltersButton } from '../../../components/clear-filters-button.tsx';
import { SearchBox } from '../../../components/search-box.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu.tsx';
import { useAfterMenuClose } from '../../../hooks/use-after-menu-close.ts';
import { cn } from '../../../lib/cn.ts';
import { t } from '../../../lib/i18n/index.ts';
import { useFieldsInSight } from '../../../lib/product-fields.ts';
import { useProductLabels } from '../../../lib/product-labels.ts';
import type { ProductOption } from '../../../lib/product-options.ts';
import { useProductStates } from '../../../lib/product-states.ts';
import { useTaskOptions } from '../api/get-task-options.ts';
import { TaskFieldFilterChip } from './task-field-filter-chip.tsx';
import { fieldLabel, fieldsInScope, filteredFieldIds } from './task-field-filters.ts';
import { type FilterChoices, type FilterUpdate, TaskFilterChip } from './task-filter-chip.tsx';
import {
  FILTER_KINDS,
  FILTERS,
  type FilterKind,
  type FilterNames,
  PRESET_LABELS,
  PRESETS,
} from './task-filter-model.ts';
import type { TasksSearchState } from './task-search-params.ts';

/** One click each: every task, or the viewer's own work (issue 28). */
export function TaskPresets({ state, update }: { state: TasksSearchState; update: FilterUpdate }) {
  const current = state.preset ?? 'all';
  return (
    // min-w-0: a fieldset is otherwise never narrower than its content; these scroll sideways on
    // a phone instead of widening the page.
    <fieldset className="flex min-w-0 max-w-full gap-1 overflow-x-auto" aria-label={t('Presets')}>
      {PRESETS.map((preset) => (
        <Button
          key={preset}
          size="sm"
          variant={current === preset ? 'secondary' : 'ghost'}
          aria-pressed={current === preset}
          onClick={() => update({ preset: preset === 'all' ? undefined : preset })}
          className={cn('shrink-0', current !== preset && 'text-muted-foreground')}
        >
          {t(PRESET_LABELS[preset])}
        </Button>
      ))}
    </fieldset>
  );
}

/** The tasks' text search, kept in the URL (replacing the entry: typing is not a step of Back). */
export function TaskSearchBox({
  state,
  update,
  className,
}: {
  state: TasksSearchState;
  update: (patch: Partial<TasksSearchState>, options?: { replace?: boolean }) => void;
  className?: string;
}) {
  return (
    <SearchBox
      value={state.search}
      onChange={(search) => update({ search }, { replace: true })}
      label={t('Search tasks')}
      placeholder={t('Search tasks...')}
      className={className}
    />
  );
}

/** The people, teams and labels the chips offer: a chosen product's (its task options and labels). */
function useFilterChoices(productId: string | undefined, products: readonly ProductOption[]) {
  const fields = useFieldsInSight();
  const options = useTaskOptions(productId);
  const labels = useProductLabels(productId);
  const states = useProductStates(productId);
  return useMemo(() => {
    const choices: FilterChoices = {
      people: (options.data?.assignees ?? []).map((p) => ({ value: p.id, label: p.name })),
      teams: (options.data?.teams ?? []).map((t) => ({ value: t.id, label: t.name })),
      products: products.map((p) => ({ value: p.id, label: p.name })),
      labels: (labels.data?.data ?? []).map((label) => label.name),
      states: (states.data?.data ?? []).map((s) => ({ value: s.id, label: s.name })),
      fields,
    };
    const nameOf = (list: FilterChoices['people'], fallback: string) => (id: string) =>
      list.find((o) => o.value === id)?.label ?? fallback;
    const names: FilterNames = {
      person: nameOf(choices.people, t('A person')),
      team: nameOf(choices.teams, t('A team')),
      product: nameOf(choices.products, t('Selected product')),
      state: nameOf(choices.states, t('A state')),
    };
    return { choices, names };
  }, [options.data, labels.data, states.data, products, fields]);
}

/**
 * The tasks page's filters (issue 28, as Linear's): the search, then one chip per filter in use;
 * "Filter" adds one (its editor opens), a chip edits or removes its own, and 'Clear filters' once
 * anything narrows the tasks. Each filter combines with the others; everything is in the URL.
 */
export function TaskFilterBar({
  state,
  update,
  products,
  narrowed,
  onClear,
  withSearch = true,
}: {
  state: TasksSearchState;
  update: (patch: Partial<TasksSearchState>, options?: { replace?: boolean }) => void;
  products: readonly ProductOption[];
  narrowed: boolean;
  onClear: () => void;
  /** Whether the search box leads the bar (a phone's sheet leaves it on the page: issue 33). */
  withSearch?: boolean;
}) {
  const [adding, setAdding] = useState<FilterKind | null>(null);
  const filterButton = useRef<HTMLButtonElement>(null);
  // The picked filter's editor opens once the menu has closed (and handed focus back).
  const menu = useAfterMenuClose(filterButton);
  const { choices, names } = useFilterChoices(state.productId, products);
  const shown = FILTER_KINDS.filter((kind) => FILTERS[kind].isOn(state) || kind === adding);
  // A state is one product's (issue 29): its filter needs the product chosen.
  const addable = FILTER_KINDS.filter(
    (kind) => !shown.includes(kind) && (kind !== 'state' || state.productId),
  );
  // Custom fields (issue 29): a chip per field filtered on, and the fields of the products in scope.
  const [addingField, setAddingField] = useState<string | null>(null);
  const fieldById = new Map(choices.fields.map((f) => [f.id, f]));
  const label = (field: Field) => fieldLabel(field, state.productId, names.product);
  const shownFields = filteredFieldIds(state);
  if (addingField && !shownFields.includes(addingField)) shownFields.push(addingField);
  const addableFields = fieldsInScope(choices.fields, state.productId).filter(
    (f) => !shownFields.includes(f.id),
  );

  return (
    <div className="flex min-w-0 flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center">
      {withSearch ? (
        <TaskSearchBox state={state} update={update} className="w-full shrink-0 sm:w-64 sm:flex-none" />
      ) : null}
      <div className="flex min-w-0 flex-1 flex-wrap items-center gap-2">
        {shown.map((kind) => (
          <TaskFilterChip
            key={kind}
            kind={kind}
            state={state}
            update={update}
            names={names}
            choices={choices}
            defaultOpen={kind === adding}
            onClose={() => setAdding((current) => (current === kind ? null : current))}
          />
        ))}
        {shownFields.map((fieldId) => {
          const field = fieldById.get(fieldId);
          return (
            <TaskFieldFilterChip
              key={fieldId}
              fieldId={fieldId}
              field={field}
              name={field ? label(field) : t('Custom field')}
              state={state}
              update={update}
              defaultOpen={fieldId === addingField}
              onClose={() => setAddingField((current) => (current === fieldId ? null : current))}
            />
          );
        })}
        {addable.length + addableFields.length > 0 ? (
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button ref={filterButton} variant="outline" size="sm" className="h-8">
                <ListFilterIcon aria-hidden="true" />
                {t('Filter')}
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent
              align="start"
              className="max-h-[min(32rem,var(--radix-dropdown-menu-content-available-height))] w-56 overflow-y-auto"
              onCloseAutoFocus={menu.onCloseAutoFocus}
            >
              <DropdownMenuLabel>{t('Add a filter')}</DropdownMenuLabel>
              {addable.map((kind) => (
                <DropdownMenuItem key={kind} onSelect={() => menu.runAfterClose(() => setAdding(kind))}>
                  {t(FILTERS[kind].name)}
                </DropdownMenuItem>
              ))}
              {addableFields.length > 0 ? (
                <>
                  <DropdownMenuSeparator />
                  <DropdownMenuLabel>{t('Custom fields')}</DropdownMenuLabel>
                  {addableFields.map((field) => (
                    <DropdownMenuItem
                      key={field.id}
                      onSelect={() => menu.runAfterClose(() => setAddingField(field.id))}
                    >
                      <span className="truncate">{label(field)}</span>
                    </DropdownMenuItem>
                  ))}
                </>
              ) : null}
            </DropdownMenuContent>
          </DropdownMenu>
        ) : null}
        {narrowed ? <ClearFiltersButton onClick={onClear} className="h-8" /> : null}
      </div>
    </div>
  );
}
