import {
  type Field,
  type FieldType,
  fieldFilterText,
  parseFieldFilter,
  type TaskFieldFilter,
} from '@shipyard/shared';
import { useMemo } from 'react';
import { formatDate, formatNumber } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n/index.ts';
import { useFieldsInSight } from '../../../lib/product-fields.ts';
import { useProductOptions } from '../../../lib/product-options.ts';
import type { TasksSearchState } from './task-search-params.ts';

// Custom fields in the /tasks filters, sort and grouping (issue 29, decision 037): which fields a
// place offers, how a field's filters read as a chip, and how an editor's choice is written back
// into the URL's `field` params (`<field id>:<op>[:<value>]`, one param each, ANDed by the server).

/** What a field's filter asks, by type: options (select, multi select, person), a range, or a state. */
export type FieldFilterKind = 'options' | 'range' | 'checkbox' | 'presence';

export function fieldFilterKind(type: FieldType): FieldFilterKind {
  switch (type) {
    case 'select':
    case 'multi_select':
    case 'person':
      return 'options';
    case 'number':
    case 'date':
      return 'range';
    case 'checkbox':
      return 'checkbox';
    case 'text':
    case 'url':
      return 'presence';
  }
}

/** Fields a sort can order by (number, date, select) and a grouping can group by (select, person, checkbox). */
export const sortsBy = (field: Field) => ['number', 'date', 'select'].includes(field.type);
export const groupsBy = (field: Field) =>
  ['select', 'multi_select', 'person', 'checkbox'].includes(field.type);

/** The fields a place offers: the chosen product's, or every product's in sight. */
export const fieldsInScope = (fields: readonly Field[], productId: string | undefined) =>
  productId ? fields.filter((f) => f.productId === productId) : fields;

/** A field's name, with its product's when several products are in scope (two may share a name). */
export const fieldLabel = (
  field: Field,
  productId: string | undefined,
  productName: (id: string) => string,
) => (productId ? field.name : `${field.name} · ${productName(field.productId)}`);

/** The URL's field filters, parsed; malformed ones were left out when the URL was read. */
const fieldFilters = (state: Pick<TasksSearchState, 'field'>): TaskFieldFilter[] =>
  state.field.map(parseFieldFilter).filter((f): f is TaskFieldFilter => f !== undefined);

/** The ids of the fields the URL filters on, each once, in the order their first filter comes. */
export const filteredFieldIds = (state: Pick<TasksSearchState, 'field'>) => [
  ...new Set(fieldFilters(state).map((f) => f.fieldId)),
];

/** One field's filters replaced by `next` (none removes the field's filters), others kept in place. */
export function withFieldFilters(
  state: Pick<TasksSearchState, 'field'>,
  fieldId: string,
  next: readonly Omit<TaskFieldFilter, 'fieldId'>[],
): string[] {
  const others = fieldFilters(state).filter((f) => f.fieldId !== fieldId);
  return [...others, ...next.map((f) => ({ ...f, fieldId }))].map(fieldFilterText);
}

/** The field filters of one product's fields (a filter on a field not loaded yet is kept). */
export const ownFieldFilters = (
  state: Pick<TasksSearchState, 'field'>,
  fields: readonly Field[],
  productId: string,
) =>
  state.field.filter((text) => {
    const field = fields.find((f) => f.id === parseFieldFilter(text)?.fieldId);
    return !field || field.productId === productId;
  });

/** The field's own filters. */
export const filtersOfField = (state: Pick<TasksSearchState, 'field'>, fieldId: string) =>
  fieldFilters(state).filter((f) => f.fieldId === fieldId);

const NONE = { op: 'empty', value: '' } as const;

/** An options filter's chosen values: option or person ids ('me' too), or 'none' for "no value". */
export function chosenOptions(filters: readonly TaskFieldFilter[]): string[] {
  if (filters.some((f) => f.op === 'empty')) return ['none'];
  return filters.filter((f) => f.op === 'is').flatMap((f) => f.value.split(','));
}

/** An options filter after a toggle: "no value" is a filter of its own, options are ORed in one. */
export function toggledOption(filters: readonly TaskFieldFilter[], value: string) {
  const chosen = chosenOptions(filters);
  if (value === 'none') return chosen.includes('none') ? [] : [NONE];
  const kept = chosen.filter((v) => v !== 'none');
  const next = kept.includes(value) ? kept.filter((v) => v !== value) : [...kept, value];
  return next.length > 0 ? [{ op: 'is' as const, value: next.join(',') }] : [];
}

/** A range filter's bound ('' when unset). */
export const boundOf = (filters: readonly TaskFieldFilter[], op: 'gte' | 'lte') =>
  filters.find((f) => f.op === op)?.value ?? '';

/** A range filter with one bound set ('' clears it), the other kept. */
export function withBound(filters: readonly TaskFieldFilter[], op: 'gte' | 'lte', value: string) {
  const kept = filters.filter((f) => f.op === (op === 'gte' ? 'lte' : 'gte'));
  const bound = value.trim() ? [{ op, value: value.trim() }] : [];
  return op === 'gte' ? [...bound, ...kept] : [...kept, ...bound];
}

/** A state filter's choices: a checkbox ticked or not, a text or link set or empty. */
export const stateChoices = (kind: 'checkbox' | 'presence') =>
  kind === 'checkbox'
    ? [
        { value: 'is:true', label: t('Checked') },
        { value: 'empty', label: t('Not checked') },
      ]
    : [
        { value: 'set', label: t('Is set') },
        { value: 'empty', label: t('Is empty') },
      ];

export const stateOf = (filters: readonly TaskFieldFilter[]) => {
  const [first] = filters;
  return first ? (first.op === 'is' ? `is:${first.value}` : first.op) : '';
};

/** A state choice ('is:true', 'set', 'empty') as the field's one filter; the chosen one again clears it. */
export function toggledState(filters: readonly TaskFieldFilter[], choice: string) {
  if (stateOf(filters) === choice) return [];
  const [op = '', value = ''] = choice.split(':');
  return [{ op: op as TaskFieldFilter['op'], value }];
}

/** A field's options as the chips offer them: a select's options, or people (Me first). */
export const optionChoices = (field: Field, people: readonly { value: string; label: string }[]) => [
  ...(field.type === 'person'
    ? [{ value: 'me', label: t('Me') }, ...people]
    : field.options.map((o) => ({ value: o.id, label: o.name }))),
  { value: 'none', label: t('No value') },
];

/** How a field's filters read on its chip: 'Low, High', '≥ 3, ≤ 5', 'Checked', 'Is set'. */
export function fieldFilterSummary(
  field: Field | undefined,
  filters: readonly TaskFieldFilter[],
  person: (id: string) => string,
): string {
  if (filters.length === 0) return t('any');
  if (!field) return t('{{count}} conditions', { count: filters.length });
  const kind = fieldFilterKind(field.type);
  if (kind === 'options') {
    const names = Object.fromEntries(optionChoices(field, []).map((o) => [o.value, o.label]));
    return chosenOptions(filters)
      .map((v) =>
        field.type === 'person' && v !== 'none' && v !== 'me' ? person(v) : (names[v] ?? t('An option')),
      )
      .join(', ');
  }
  if (kind === 'range') {
    const show = (v: string) => (field.type === 'date' ? formatDate(v) : formatNumber(Number(v)));
    return filters
      .filter((f) => f.op === 'gte' || f.op === 'lte')
      .map((f) => `${f.op === 'gte' ? '≥' : '≤'} ${show(f.value)}`)
      .join(', ');
  }
  return stateChoices(kind).find((c) => c.value === stateOf(filters))?.label ?? t('any');
}

/** The fields the sort and group menus offer (the products in scope), each with its menu label. */
export function useFieldsInScope(productId: string | undefined) {
  const fields = useFieldsInSight();
  const products = useProductOptions().data;
  return useMemo(() => {
    const productName = (id: string) => products?.find((p) => p.id === id)?.name ?? t('A product');
    return fieldsInScope(fields, productId).map((field) => ({
      field,
      label: fieldLabel(field, productId, productName),
    }));
  }, [fields, products, productId]);
}
