import type { Field, TaskFieldFilter } from '@shipyard/shared';
import { useId, useMemo, useRef } from 'react';
import { Input } from '../../../components/ui/input.tsx';
import { t } from '../../../lib/i18n/index.ts';
import { useTaskOptions } from '../api/get-task-options.ts';
import {
  boundOf,
  chosenOptions,
  fieldFilterKind,
  fieldFilterSummary,
  filtersOfField,
  optionChoices,
  stateChoices,
  stateOf,
  toggledOption,
  toggledState,
  withBound,
  withFieldFilters,
} from './task-field-filters.ts';
import { DateField, FilterChip, type FilterUpdate, Toggles } from './task-filter-chip.tsx';
import type { TasksSearchState } from './task-search-params.ts';

type Props = {
  fieldId: string;
  /** The field's definition; undefined while loading or once deleted (its filters then filter nothing). */
  field: Field | undefined;
  /** The chip's name: the field's, with its product's when several are in scope. */
  name: string;
  state: TasksSearchState;
  update: FilterUpdate;
  defaultOpen?: boolean;
  onClose?: () => void;
};

type SetFilters = (
  next: readonly Omit<TaskFieldFilter, 'fieldId'>[],
  options?: { replace?: boolean },
) => void;

/** People a person field may name: its product's (the task form's choices, shared cache). */
function usePeople(field: Field | undefined) {
  const options = useTaskOptions(field?.type === 'person' ? field.productId : undefined);
  return useMemo(
    () => (options.data?.assignees ?? []).map((p) => ({ value: p.id, label: p.name })),
    [options.data],
  );
}

/**
 * A custom field's filter as a chip (issue 29): its options (select, multi select, person), a
 * range (number, date), checked or not (checkbox), set or empty (text, URL).
 */
export function TaskFieldFilterChip({ fieldId, field, name, state, update, defaultOpen, onClose }: Props) {
  const filters = filtersOfField(state, fieldId);
  const people = usePeople(field);
  const person = (id: string) => people.find((p) => p.value === id)?.label ?? t('A person');
  const set: SetFilters = (next, options) =>
    update({ field: withFieldFilters(state, fieldId, next) }, options);
  return (
    <FilterChip
      name={name}
      summary={fieldFilterSummary(field, filters, person)}
      onRemove={() => set([])}
      defaultOpen={defaultOpen}
      onClose={onClose}
    >
      {field ? (
        <FieldFilterEditor field={field} filters={filters} people={people} set={set} />
      ) : (
        <p className="px-2 py-1.5 text-muted-foreground text-sm">{t('This field no longer exists.')}</p>
      )}
    </FilterChip>
  );
}

function FieldFilterEditor({
  field,
  filters,
  people,
  set,
}: {
  field: Field;
  filters: TaskFieldFilter[];
  people: { value: string; label: string }[];
  set: SetFilters;
}) {
  const kind = fieldFilterKind(field.type);
  switch (kind) {
    case 'options':
      return (
        <Toggles
          options={optionChoices(field, people)}
          chosen={chosenOptions(filters)}
          onToggle={(v) => set(toggledOption(filters, v))}
        />
      );
    case 'range':
      return field.type === 'date' ? (
        <>
          <DateField
            label={t('{{field}} on or after', { field: field.name })}
            value={boundOf(filters, 'gte') || undefined}
            onChange={(v) => set(withBound(filters, 'gte', v ?? ''))}
          />
          <DateField
            label={t('{{field}} on or before', { field: field.name })}
            value={boundOf(filters, 'lte') || undefined}
            onChange={(v) => set(withBound(filters, 'lte', v ?? ''))}
          />
        </>
      ) : (
        <>
          <NumberBound
            label={t('At least (≥)')}
            value={boundOf(filters, 'gte')}
            onChange={(v, options) => set(withBound(filters, 'gte', v), options)}
          />
          <NumberBound
            label={t('At most (≤)')}
            value={boundOf(filters, 'lte')}
            onChange={(v, options) => set(withBound(filters, 'lte', v), options)}
          />
        </>
      );
    case 'checkbox':
    case 'presence':
      return (
        <Toggles
          options={stateChoices(kind)}
          chosen={[stateOf(filters)]}
          onToggle={(choice) => set(toggledState(filters, choice))}
        />
      );
  }
}

/**
 * A number bound: applied as typed when it is a number, cleared when emptied. One history entry a
 * bound typed, not one a keystroke: the first change after focusing adds it, the next ones replace
 * it, so Back leaves the bound as it was before the typing.
 */
function NumberBound({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (v: string, options: { replace: boolean }) => void;
}) {
  const id = useId();
  const typing = useRef(false);
  return (
    <label htmlFor={id} className="grid gap-1 px-2 text-muted-foreground text-xs">
      {label}
      <Input
        id={id}
        type="number"
        inputMode="decimal"
        defaultValue={value}
        onChange={(event) => {
          const text = event.target.value.trim();
          if (text !== '' && !Number.isFinite(Number(text))) return;
          onChange(text, { replace: typing.current });
          typing.current = true;
        }}
        onBlur={() => {
          typing.current = false;
        }}
        className="h-8"
      />
    </label>
  );
}
