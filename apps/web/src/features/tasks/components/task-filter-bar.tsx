import { TASK_PHASES, TASK_STATUSES } from '@shipyard/shared';
import { ClearFiltersButton } from '../../../components/clear-filters-button.tsx';
import { FilterSelect } from '../../../components/filter-select.tsx';
import { SearchBox } from '../../../components/search-box.tsx';
import { statusLabel } from '../../../lib/format.ts';
import type { ProductOption } from '../../../lib/product-options.ts';
import { TaskLabelFilter } from './task-label-filter.tsx';
import type { TasksSearchState } from './task-search-params.ts';
import { TaskStatusIcon } from './task-status-badge.tsx';

const PHASES = TASK_PHASES.map((phase) => ({ value: phase, label: statusLabel(phase) }));
const STATUSES = TASK_STATUSES.map((status) => ({
  value: status,
  label: status,
  icon: <TaskStatusIcon status={status} />,
}));

/**
 * The tasks page's filters (spec §5): the search, then product, phase and status ('All …' turns
 * one off), the chosen product's labels, and 'Clear filters' once anything narrows the tasks.
 */
export function TaskFilterBar({
  state,
  update,
  products,
  narrowed,
  onClear,
}: {
  state: TasksSearchState;
  update: (patch: Partial<TasksSearchState>, options?: { replace?: boolean }) => void;
  products: readonly ProductOption[];
  narrowed: boolean;
  onClear: () => void;
}) {
  return (
    <>
      <SearchBox
        value={state.search}
        onChange={(search) => update({ search }, { replace: true })}
        label="Search tasks"
        placeholder="Search tasks..."
        className="lg:max-w-xs"
      />
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:flex lg:flex-wrap lg:items-center">
        <FilterSelect
          label="Filter by product"
          allLabel="All Products"
          placeholder="All Products"
          value={state.productId}
          options={products.map((product) => ({ value: product.id, label: product.name }))}
          // Labels belong to a product: another product starts without a label filter.
          onChange={(productId) => update({ productId, labelId: undefined })}
          className="lg:w-44"
        />
        <FilterSelect
          label="Filter by phase"
          allLabel="All Phases"
          value={state.phase}
          options={PHASES}
          onChange={(value) => update({ phase: TASK_PHASES.find((phase) => phase === value) })}
          className="lg:w-40"
        />
        <FilterSelect
          label="Filter by status"
          allLabel="All Statuses"
          value={state.status}
          options={STATUSES}
          onChange={(value) => update({ status: TASK_STATUSES.find((status) => status === value) })}
          className="lg:w-40"
        />
        {state.productId ? (
          <TaskLabelFilter
            productId={state.productId}
            value={state.labelId}
            onChange={(labelId) => update({ labelId })}
          />
        ) : null}
        {narrowed ? <ClearFiltersButton onClick={onClear} className="justify-self-start" /> : null}
      </div>
    </>
  );
}
