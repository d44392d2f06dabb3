import type { TaskDisplay } from '@shipyard/shared';
import { ListFilterIcon } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { ListBoardTabsList } from '../../../components/list-board-tabs.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetFooter,
  SheetHeader,
  SheetTitle,
} from '../../../components/ui/sheet.tsx';
import type { TaskDisplayChange } from '../../../hooks/task-display-scope.tsx';
import { t } from '../../../lib/i18n/index.ts';
import type { ProductOption } from '../../../lib/product-options.ts';
import { filteredFieldIds } from './task-field-filters.ts';
import { TaskFilterBar, TaskPresets } from './task-filter-bar.tsx';
import { FILTER_KINDS, FILTERS } from './task-filter-model.ts';
import type { TasksSearchState } from './task-search-params.ts';
import { TaskDisplayMenu, TaskGroupMenu, TaskSortMenu } from './task-view-menus.tsx';

// Issue 33: on a phone the tasks page's filters, sorting, grouping, display and view sit in a sheet
// from the bottom edge, opened by one "Filters" button that counts what narrows the tasks. The
// search stays on the page, beside the button.

/** How many filters narrow the tasks: each filter in use, each custom field filtered on, a preset. */
function activeFilterCount(state: TasksSearchState): number {
  return (
    FILTER_KINDS.filter((kind) => FILTERS[kind].isOn(state)).length +
    filteredFieldIds(state).length +
    (state.preset ? 1 : 0)
  );
}

type Props = {
  state: TasksSearchState;
  update: (patch: Partial<TasksSearchState>, options?: { replace?: boolean }) => void;
  products: readonly ProductOption[];
  narrowed: boolean;
  onClear: () => void;
  display: TaskDisplay;
  changeDisplay: TaskDisplayChange;
  /** The desktop header's Export CSV, of the tasks as filtered. */
  exportButton?: ReactNode;
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="grid gap-2">
      <h3 className="font-medium text-muted-foreground text-xs">{title}</h3>
      {children}
    </section>
  );
}

export function TaskFilterSheet({
  state,
  update,
  products,
  narrowed,
  onClear,
  display,
  changeDisplay,
  exportButton,
}: Props) {
  const [open, setOpen] = useState(false);
  const count = activeFilterCount(state);
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <Button
        variant="outline"
        className="shrink-0"
        aria-label={count > 0 ? t('Filters, {{count}} active', { count }) : t('Filters')}
        onClick={() => setOpen(true)}
      >
        <ListFilterIcon aria-hidden="true" />
        {t('Filters')}
        {count > 0 ? (
          <span
            aria-hidden="true"
            className="flex h-5 min-w-5 items-center justify-center rounded-full bg-primary px-1.5 font-medium text-[11px] text-primary-foreground tabular-nums"
          >
            {count}
          </span>
        ) : null}
      </Button>
      <SheetContent
        side="bottom"
        className="max-h-[85svh] gap-0 rounded-t-xl pb-[env(safe-area-inset-bottom)]"
        // The list behind stays where it was; the first control is the view switch, not worth a jump.
        onOpenAutoFocus={(event) => event.preventDefault()}
      >
        <div aria-hidden="true" className="mx-auto mt-2 h-1 w-10 shrink-0 rounded-full bg-muted" />
        <SheetHeader className="pb-2">
          <SheetTitle>{t('Filters')}</SheetTitle>
          <SheetDescription className="sr-only">
            {t('Narrow, sort and group the tasks; every change applies at once.')}
          </SheetDescription>
        </SheetHeader>
        <div className="grid min-h-0 gap-5 overflow-y-auto px-4 pb-2">
          <Section title={t('View')}>
            <ListBoardTabsList />
          </Section>
          <Section title={t('Show')}>
            <TaskPresets state={state} update={update} />
          </Section>
          <Section title={t('Filter by')}>
            <TaskFilterBar
              state={state}
              update={update}
              products={products}
              narrowed={narrowed}
              onClear={onClear}
              withSearch={false}
            />
          </Section>
          <Section title={t('Order and display')}>
            <div className="flex flex-wrap items-center gap-2">
              <TaskSortMenu state={state} update={update} />
              <TaskGroupMenu state={state} update={update} />
              <TaskDisplayMenu display={display} change={changeDisplay} />
            </div>
          </Section>
          {exportButton ? <Section title={t('Export')}>{exportButton}</Section> : null}
        </div>
        <SheetFooter className="border-t">
          <Button onClick={() => setOpen(false)}>{t('Show tasks')}</Button>
        </SheetFooter>
      </SheetContent>
    </Sheet>
  );
}
