import { TASK_STATUSES } from '@shipyard/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { k, t } from '../../../lib/i18n/index.ts';
import { tasksQueryOptions, totalTasks } from '../api/get-tasks.ts';
import { statusName } from './task-filter-model.ts';
import { productTaskFilters, type StatusTab } from './task-search-params.ts';

/** Their labels: 'All Tasks' (marked here), then each status's name (translated where shown). */
const TABS: ReadonlyArray<{ value: StatusTab; label: string }> = [
  { value: 'all', label: k('All Tasks') },
  ...TASK_STATUSES.map((status) => ({ value: status, label: status })),
];
const tabLabel = (tab: (typeof TABS)[number]) => (tab.value === 'all' ? t(tab.label) : statusName(tab.value));
const isTab = (value: string): value is StatusTab => TABS.some((tab) => tab.value === value);

/**
 * A product's Tasks tab's status filter bar (spec §2.11: All Tasks, Pending, In Progress,
 * Completed), each with how many tasks it holds, over the list it filters (`children`).
 */
export function TaskStatusTabs({
  productId,
  labelId,
  value,
  onChange,
  children,
}: {
  productId: string;
  labelId: string | undefined;
  value: StatusTab;
  onChange: (value: StatusTab) => void;
  children: ReactNode;
}) {
  return (
    <Tabs value={value} onValueChange={(next) => isTab(next) && onChange(next)} className="gap-0">
      <div className="border-b px-4 pb-3 sm:px-6">
        {/* Spec §2.11's labels at every width: on a phone the four take two rows, so none is cut (issue 14). */}
        <TabsList
          aria-label={t('Filter tasks by status')}
          className="grid h-auto w-full grid-cols-2 gap-0.5 sm:inline-flex sm:h-9 sm:w-fit"
        >
          {TABS.map((tab) => (
            <TabsTrigger
              key={tab.value}
              value={tab.value}
              className="min-h-8 px-2 sm:min-h-0 sm:flex-none sm:px-3"
            >
              {tabLabel(tab)}
              <StatusCount productId={productId} tab={tab.value} labelId={labelId} />
            </TabsTrigger>
          ))}
        </TabsList>
      </div>
      <TabsContent value={value} className="rounded-none focus-visible:ring-inset">
        {children}
      </TabsContent>
    </Tabs>
  );
}

/**
 * How many tasks a tab holds: a one-row page's total. The cache patches it along with the
 * lists, so the counts move with every change at no extra request.
 */
function StatusCount({
  productId,
  tab,
  labelId,
}: {
  productId: string;
  tab: StatusTab;
  labelId: string | undefined;
}) {
  const count = useInfiniteQuery({
    ...tasksQueryOptions({ ...productTaskFilters(productId, tab, labelId), limit: 1 }),
    select: totalTasks,
  });
  if (count.data === undefined) return null;
  return (
    <span
      data-slot="status-count"
      className="hidden rounded-full bg-muted-foreground/10 px-1.5 font-normal text-[11px] text-muted-foreground tabular-nums leading-4 sm:inline"
    >
      {formatNumber(count.data)}
    </span>
  );
}
