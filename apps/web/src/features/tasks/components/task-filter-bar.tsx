import { TASK_PHASES, TASK_STATUSES } from '@shipyard/shared';
import { ClearFiltersButton } from '../../../components/clear-filters-button.tsx';
import { OptionSelect } from '../../../components/option-select.tsx';
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
        <OptionSelect
          aria-label="Filter by product"
          allLabel="All Products"
          value={state.productId ?? ''}
          options={products.map((product) => ({ value: product.id, label: product.name }))}
          // Labels belong to a product: another product starts without a label filter.
          onValueChange={(productId) => update({ productId: productId || undefined, labelId: undefined })}
          className="w-full min-w-0 lg:w-44"
        />
        <OptionSelect
          aria-label="Filter by phase"
          allLabel="All Phases"
          value={state.phase ?? ''}
          options={PHASES}
          onValueChange={(value) => update({ phase: TASK_PHASES.find((phase) => phase === value) })}
          className="w-full min-w-0 lg:w-40"
        />
        <OptionSelect
          aria-label="Filter by status"
          allLabel="All Statuses"
          value={state.status ?? ''}
          options={STATUSES}
          onValueChange={(value) => update({ status: TASK_STATUSES.find((status) => status === value) })}
          className="w-full min-w-0 lg:w-40"
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
