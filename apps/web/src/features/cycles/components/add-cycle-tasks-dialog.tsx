import { CYCLE_ADD_TASKS_MAX } from '@shipyard/shared';
import { useDeferredValue, useState } from 'react';
import { ErrorState } from '../../../components/error-state.tsx';
import { SearchBox } from '../../../components/search-box.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { t } from '../../../lib/i18n/index.ts';
import { toast } from '../../../lib/toast.ts';
import { useAddCycleTasks, useCycleCandidates } from '../api/cycles.ts';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  productId: string;
  cycleId: string;
  /** Tasks already in the cycle: not offered. */
  inCycle: ReadonlySet<string>;
};

/**
 * Adds open tasks of the product to a cycle (issue 31): search, tick, add. A task in another cycle
 * moves here (the server records it leaving that one).
 */
export function AddCycleTasksDialog({ open, onOpenChange, productId, cycleId, inCycle }: Props) {
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const candidates = useCycleCandidates(productId, deferred, open);
  const add = useAddCycleTasks(cycleId);
  const offered = (candidates.data?.data ?? []).filter((task) => !inCycle.has(task.id));
  const toggle = (id: string, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const close = (next: boolean) => {
    if (add.isPending) return;
    if (!next) setChosen(new Set());
    onOpenChange(next);
  };
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{t('Add tasks to the cycle')}</DialogTitle>
          <DialogDescription>
            {t('Open tasks of this product. A task in another cycle moves here.')}
          </DialogDescription>
        </DialogHeader>
        <SearchBox
          value={search}
          onChange={setSearch}
          label={t('Search tasks')}
          placeholder={t('Search tasks')}
        />
        <div className="max-h-[50vh] overflow-y-auto">
          {candidates.isPending ? (
            <Skeleton className="h-24 w-full" />
          ) : candidates.isError ? (
            <ErrorState
              title={t('Failed to load the tasks')}
              error={candidates.error}
              onRetry={() => void candidates.refetch()}
              retrying={candidates.isFetching}
            />
          ) : offered.length === 0 ? (
            <p className="py-6 text-center text-muted-foreground text-sm">{t('No open tasks to add')}</p>
          ) : (
            <ul className="grid gap-1">
              {offered.map((task) => {
                const id = `cycle-candidate-${task.id}`;
                return (
                  <li
                    key={task.id}
                    className="flex items-center gap-3 rounded-md px-2 py-1.5 hover:bg-accent/50"
                  >
                    <Checkbox
                      id={id}
                      checked={chosen.has(task.id)}
                      disabled={!chosen.has(task.id) && chosen.size >= CYCLE_ADD_TASKS_MAX}
                      onCheckedChange={(on) => toggle(task.id, on === true)}
                    />
                    <label
                      htmlFor={id}
                      className="flex min-w-0 flex-1 cursor-pointer items-baseline gap-2 text-sm"
                    >
                      <span className="shrink-0 font-mono text-muted-foreground text-xs">{task.key}</span>
                      <span className="truncate">{task.title}</span>
                    </label>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={() => close(false)} disabled={add.isPending}>
            {t('Cancel')}
          </Button>
          <Button
            disabled={chosen.size === 0 || add.isPending}
            onClick={() =>
              add.mutate([...chosen], {
                onSuccess: () => {
                  toast.success(t('Tasks added to the cycle'));
                  setChosen(new Set());
                  onOpenChange(false);
                },
              })
            }
          >
            {t('Add tasks')}
            {chosen.size > 0 ? <span className="tabular-nums">({chosen.size})</span> : null}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
