import {
  STATE_COLORS,
  STATE_NAME_MAX,
  STATES_PER_PRODUCT_MAX,
  stateMessages,
  TASK_STATUSES,
  type TaskStatus,
  type WorkflowState,
} from '@shipyard/shared';
import { type ReactNode, useState } from 'react';
import { editableRowClasses, RowColour, RowDeleteButton } from '../../../components/editable-row.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { InlineRename } from '../../../components/inline-rename.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { SortableList, SortableRow } from '../../../components/sortable-list.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useProductStates, useStateWrites } from '../api/states.ts';
import { DeleteStateDialog } from './delete-state-dialog.tsx';
import { NewState } from './new-state.tsx';

const workflowTexts = {
  title: 'Workflow',
  description:
    'The states a task moves through, each one Pending, In Progress or Completed. The board shows a column for each, in this order.',
  loadFailed: 'Failed to load the workflow',
  reorderHint:
    'Drag a state by its handle, or press Alt+Up and Alt+Down on it, to reorder it within its group.',
  used: (n: number) => (n === 1 ? '1 task' : `${n} tasks`),
} as const;

/**
 * A product's workflow states (issue 29) in its Settings tab: grouped by status, renamed in place,
 * recoloured, reordered by dragging or Alt+arrows within a group, added and deleted (a dialog asks
 * where the tasks go). Read only for whoever does not manage the product, or when it is archived.
 */
export function WorkflowCard({ productId, readOnly }: { productId: string; readOnly: boolean }) {
  const states = useProductStates(productId);
  const writes = useStateWrites(productId);
  const [toDelete, setToDelete] = useState<WorkflowState | undefined>();
  const canManage = !readOnly && states.data?.canManage === true;

  let body: ReactNode;
  if (states.isPending) body = <Skeleton className="h-40 w-full" />;
  else if (states.isError) {
    body = (
      <ErrorState
        title={workflowTexts.loadFailed}
        error={states.error}
        onRetry={() => void states.refetch()}
      />
    );
  } else {
    const all = states.data.data;
    const failed = (error: unknown) =>
      toast.error(stateMessages.saveFailed, { description: getErrorMessage(error) });
    const reorder = (category: TaskStatus, from: number, to: number) => {
      const next = all.filter((s) => s.category === category);
      next.splice(to, 0, ...next.splice(from, 1));
      const ids = TASK_STATUSES.flatMap((c) =>
        c === category ? next : all.filter((s) => s.category === c),
      ).map((s) => s.id);
      writes.reorder.mutate(ids, { onError: failed });
    };
    const rename = (state: WorkflowState, name: string) =>
      writes.update
        .mutateAsync({ id: state.id, name })
        .then(() => toast.success(stateMessages.updated))
        .catch(failed);
    const recolour = (state: WorkflowState, color: string) =>
      void writes.update.mutateAsync({ id: state.id, color }).catch(failed);
    body = (
      <div className="grid gap-5">
        {TASK_STATUSES.map((category) => {
          const states = all.filter((s) => s.category === category);
          const headingId = `workflow-${category.replace(' ', '-').toLowerCase()}`;
          return (
            <section key={category} aria-labelledby={headingId} className="grid gap-2">
              <h3
                id={headingId}
                className="font-medium text-muted-foreground text-xs uppercase tracking-wide"
              >
                {category}
              </h3>
              <SortableList
                items={states}
                onMove={(from, to) => reorder(category, from, to)}
                disabled={!canManage}
                hint={workflowTexts.reorderHint}
                aria-labelledby={headingId}
                className="grid gap-1"
              >
                {states.map((state) => (
                  <SortableRow
                    key={state.id}
                    id={state.id}
                    name={state.name}
                    disabled={!canManage}
                    data-state={state.name}
                    className={editableRowClasses}
                  >
                    <RowColour
                      name={state.name}
                      color={state.color}
                      colors={STATE_COLORS}
                      onChange={canManage ? (color) => recolour(state, color) : undefined}
                    />
                    {canManage ? (
                      <InlineRename
                        value={state.name}
                        onRename={(name) => rename(state, name)}
                        maxLength={STATE_NAME_MAX}
                        aria-label={`Name of ${state.name}`}
                        className="h-10 min-w-0 flex-1 sm:h-8"
                      />
                    ) : (
                      <span className="min-w-0 flex-1 truncate text-sm" title={state.name}>
                        {state.name}
                      </span>
                    )}
                    <span className="shrink-0 text-right text-muted-foreground text-xs tabular-nums sm:min-w-16">
                      {workflowTexts.used(state.tasks)}
                    </span>
                    {canManage ? (
                      <RowDeleteButton
                        name={state.name}
                        disabledReason={states.length > 1 ? undefined : stateMessages.lastOfCategory}
                        onClick={() => setToDelete(state)}
                      />
                    ) : null}
                  </SortableRow>
                ))}
              </SortableList>
            </section>
          );
        })}
        {canManage ? (
          <NewState
            key={all.length}
            full={all.length >= STATES_PER_PRODUCT_MAX}
            pending={writes.create.isPending}
            used={all.map((s) => s.color)}
            onCreate={(state) =>
              writes.create.mutateAsync(state).then(() => toast.success(stateMessages.created))
            }
          />
        ) : null}
        <DeleteStateDialog
          state={toDelete}
          states={all}
          pending={writes.remove.isPending}
          onClose={() => setToDelete(undefined)}
          remove={(state, moveTo) => writes.remove.mutateAsync({ id: state.id, moveTo })}
        />
      </div>
    );
  }
  return (
    <SectionCard
      role="region"
      aria-label={workflowTexts.title}
      title={workflowTexts.title}
      description={workflowTexts.description}
    >
      {body}
    </SectionCard>
  );
}
