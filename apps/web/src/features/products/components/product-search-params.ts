import {
  PRODUCT_PRIORITIES,
  PRODUCT_STATUSES,
  type ProductPriority,
  type ProductStatus,
  TEAM_TYPES,
  type TeamType,
} from '@shipyard/shared';
import { k } from '../../../lib/i18n/index.ts';
import type { ProductFilterValues } from '../api/get-products.ts';

// The products page keeps its search, filters, page and tab in the URL, so a reload, a shared
// link and the back button all show the same list. Defaults are left out of the URL.

type ProductsView = 'list' | 'board';

export type ProductsSearchState = ProductFilterValues & { page: number; view: ProductsView };

export const defaultProductsSearch: ProductsSearchState = {
  search: '',
  status: [],
  team: [],
  priority: [],
  archived: false,
  page: 1,
  view: 'list',
};

type Option<T extends string> = { value: T; label: string };

/** The filter panel's groups (spec §2.9; the Team options are the team types, decision 006). */
export const filterGroups = {
  status: {
    legend: k('Status'),
    options: [
      { value: 'planning', label: k('Planning') },
      { value: 'development', label: k('Development') },
      { value: 'testing', label: k('Testing') },
      { value: 'production', label: k('Production') },
      { value: 'maintenance', label: k('Maintenance') },
    ] satisfies Option<ProductStatus>[],
  },
  team: {
    legend: k('Team'),
    options: [
      { value: 'development', label: k('Development') },
      { value: 'design', label: k('Design') },
      { value: 'qa', label: k('QA') },
      { value: 'marketing', label: k('Marketing') },
      { value: 'general', label: k('General') },
    ] satisfies Option<TeamType>[],
  },
  priority: {
    legend: k('Priority'),
    // Spec order: High, Medium, Low.
    options: [
      { value: 'high', label: k('High') },
      { value: 'medium', label: k('Medium') },
      { value: 'low', label: k('Low') },
    ] satisfies Option<ProductPriority>[],
  },
} as const;

export type FilterKey = keyof typeof filterGroups;
export const filterKeys: readonly FilterKey[] = ['status', 'team', 'priority'];

/** The known values named in a comma list, in their canonical order (so equal filters compare equal). */
function pick<T extends string>(raw: string | null, allowed: readonly T[]): T[] {
  if (!raw) return [];
  const named = new Set(raw.split(',').map((part) => part.trim().toLowerCase()));
  return allowed.filter((value) => named.has(value));
}

function normaliseFilters(filters: ProductFilterValues): ProductFilterValues {
  return {
    search: filters.search.trim(),
    status: PRODUCT_STATUSES.filter((value) => filters.status.includes(value)) as ProductStatus[],
    team: TEAM_TYPES.filter((value) => filters.team.includes(value)) as TeamType[],
    priority: PRODUCT_PRIORITIES.filter((value) => filters.priority.includes(value)) as ProductPriority[],
  };
}

export function readProductsSearch(params: URLSearchParams): ProductsSearchState {
  const page = Number.parseInt(params.get('page') ?? '', 10);
  return {
    search: (params.get('search') ?? '').trim(),
    status: pick(params.get('status'), PRODUCT_STATUSES),
    team: pick(params.get('team'), TEAM_TYPES),
    priority: pick(params.get('priority'), PRODUCT_PRIORITIES),
    archived: params.get('archived') === '1',
    page: Number.isSafeInteger(page) && page > 1 ? page : 1,
    view: params.get('view') === 'board' ? 'board' : 'list',
  };
}

/** `?search=…&status=a,b&…` without the defaults ('' when everything is default). */
export function writeProductsSearch(state: ProductsSearchState): string {
  const parts: string[] = [];
  const { search, status, team, priority } = normaliseFilters(state);
  if (search) parts.push(`search=${encodeURIComponent(search)}`);
  if (status.length > 0) parts.push(`status=${status.join(',')}`);
  if (team.length > 0) parts.push(`team=${team.join(',')}`);
  if (priority.length > 0) parts.push(`priority=${priority.join(',')}`);
  if (state.archived) parts.push('archived=1');
  if (state.page > 1) parts.push(`page=${state.page}`);
  if (state.view !== 'list') parts.push(`view=${state.view}`);
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

export function activeFilterCount(filters: ProductFilterValues): number {
  return filters.status.length + filters.team.length + filters.priority.length;
}
