import { canCreateProduct, type Role } from '@shipyard/shared';
import { ArchiveIcon, LayoutDashboardIcon, ListFilterIcon, PlusIcon } from 'lucide-react';
import { useCallback, useId, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ExportCsvButton } from '../../../components/export-csv-button.tsx';
import { ListBoardPanels, ListBoardTabs, ListBoardTabsList } from '../../../components/list-board-tabs.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { SearchBox } from '../../../components/search-box.tsx';
import { Button, buttonVariants } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { t } from '../../../lib/i18n/index.ts';
import { paths } from '../../../lib/paths.ts';
import { type ProductFilterValues, productListQuery } from '../api/get-products.ts';
import { ProductBoard } from './product-board.tsx';
import {
  activeFilterCount,
  defaultProductsSearch,
  type ProductsSearchState,
  readProductsSearch,
  writeProductsSearch,
} from './product-search-params.ts';
import { ProductTable } from './product-table.tsx';
import { type FilterSelection, ProductsFilterPanel } from './products-filter-panel.tsx';

/** How long typing pauses before the search goes to the server. */

export type ProductsPageProps = {
  /** The viewer's role: who may create products and move them on the board (spec §6). */
  role: Role | undefined;
  /** The viewer's id: the row menus (Edit, Archive, Delete) are for a product's creator and admins. */
  userId?: string | undefined;
};

/** Spec §2.9 /products: search, filters, and the products as a list or a board. */
export function ProductsPage({ role, userId }: ProductsPageProps) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const state = useMemo(() => readProductsSearch(params), [params]);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const panelId = useId();

  const update = useCallback(
    (patch: Partial<ProductsSearchState>, { replace = false }: { replace?: boolean } = {}) => {
      navigate(
        { search: writeProductsSearch({ ...state, ...patch }) },
        { replace, preventScrollReset: true },
      );
    },
    [navigate, state],
  );

  const filters: ProductFilterValues = useMemo(
    () => ({
      search: state.search,
      status: state.status,
      team: state.team,
      priority: state.priority,
      archived: state.archived,
    }),
    [state.search, state.status, state.team, state.priority, state.archived],
  );
  const filterCount = activeFilterCount(filters);
  const narrowed = filterCount > 0 || filters.search !== '';
  const canCreate = role !== undefined && canCreateProduct(role);
  const viewer = role !== undefined && userId ? { id: userId, role } : undefined;

  const onSearch = useCallback((search: string) => update({ search, page: 1 }, { replace: true }), [update]);
  const onApply = useCallback((selection: FilterSelection) => update({ ...selection, page: 1 }), [update]);
  const onPageChange = useCallback((page: number) => update({ page }), [update]);

  const emptyAction = narrowed ? (
    <Button
      variant="outline"
      size="sm"
      onClick={() => update({ ...defaultProductsSearch, view: state.view, archived: state.archived })}
    >
      {t('Clear search and filters')}
    </Button>
  ) : // The header's New Product is the page's one primary action; the empty state does not repeat it.
  undefined;

  return (
    <div className="mx-auto grid w-full min-w-0 max-w-7xl grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeader
        title={t('Products')}
        description={t('Manage all your products')}
        actions={
          <>
            <ExportCsvButton
              path={`/projects/export.csv?${productListQuery({ ...filters, page: 1, limit: 50 })}`}
              fileName="shipyard-products.csv"
            />
            <Link to={paths.dashboard()} className={buttonVariants({ variant: 'outline' })}>
              <LayoutDashboardIcon aria-hidden="true" />
              {t('Dashboard')}
            </Link>
            {canCreate ? (
              <Link to={paths.newProduct()} className={buttonVariants()}>
                <PlusIcon aria-hidden="true" />
                {t('New Product')}
              </Link>
            ) : null}
          </>
        }
      />

      <ListBoardTabs view={state.view} onViewChange={(view) => update({ view })}>
        <div className="flex flex-wrap items-center gap-2 sm:gap-3">
          <SearchBox
            value={state.search}
            onChange={onSearch}
            label={t('Search products')}
            placeholder={t('Search products...')}
            className="basis-full sm:basis-auto sm:max-w-sm"
          />
          <Button
            variant="outline"
            aria-pressed={state.archived}
            onClick={() => update({ archived: !state.archived, page: 1 })}
            className={cn('sm:ms-auto', state.archived && 'bg-accent dark:bg-input/50')}
          >
            <ArchiveIcon aria-hidden="true" />
            {t('Show archived')}
          </Button>
          <Button
            variant="outline"
            aria-expanded={filtersOpen}
            aria-controls={filtersOpen ? panelId : undefined}
            onClick={() => setFiltersOpen((open) => !open)}
            className={cn(filtersOpen && 'bg-accent dark:bg-input/50')}
          >
            <ListFilterIcon aria-hidden="true" />
            {t('Filters')}
            {filterCount > 0 ? (
              <span className="ms-0.5 inline-flex min-w-5 items-center justify-center rounded-full bg-primary px-1.5 font-semibold text-[11px] text-primary-foreground leading-5 tabular-nums">
                {filterCount}
                <span className="sr-only"> {t('active')}</span>
              </span>
            ) : null}
          </Button>
          <ListBoardTabsList />
        </div>

        {filtersOpen ? (
          <ProductsFilterPanel
            // A change from elsewhere (back button, Clear) starts the checkboxes over from it.
            key={`${filters.status}|${filters.team}|${filters.priority}`}
            id={panelId}
            applied={filters}
            onApply={onApply}
          />
        ) : null}

        <ListBoardPanels
          list={
            <ProductTable
              filters={filters}
              page={state.page}
              onPageChange={onPageChange}
              emptyAction={emptyAction}
              viewer={viewer}
            />
          }
          board={
            <ProductBoard filters={filters} canMove={canCreate} emptyAction={emptyAction} viewer={viewer} />
          }
        />
      </ListBoardTabs>
    </div>
  );
}
