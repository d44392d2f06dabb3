import {
  STATE_COLORS,
  STATE_NAME_MAX,
  STATES_PER_PRODUCT_MAX,
  type stateMessages,
  TASK_STATUSES,
  type TaskStatus,
  type WorkflowState,
} from '@shipyard/shared';
import { type ReactNode, useId, useState } from 'react';
import { AddByName } from '../../../components/add-by-name.tsx';
import { ColorSwatches, nextColor } from '../../../components/color-swatches.tsx';
import { editableRowClasses, RowColour, RowDeleteButton } from '../../../components/editable-row.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { InlineRename } from '../../../components/inline-rename.tsx';
import { OptionSelect } from '../../../components/option-select.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { SortableList, SortableRow } from '../../../components/sortable-list.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { k, t } from '../../../lib/i18n/index.ts';
import { toast } from '../../../lib/toast.ts';
import { useProductStates, useStateWrites } from '../api/states.ts';
import { DeleteStateDialog } from './delete-state-dialog.tsx';
import { statusLabel } from './status-labels.ts';

/** stateMessages' texts shown here (the same English; tsc checks), marked to be translated. */
const stateTexts = {
  saveFailed: k('Failed to save the state'),
  updated: k('State updated'),
  lastOfCategory: k('Each of Pending, In Progress and Completed keeps at least one state.'),
  created: k('State added'),
  tooMany: k('A product may have at most 20 states.'),
} as const satisfies Partial<typeof stateMessages>;

const workflowTexts = {
  title: k('Workflow'),
  description: k(
    'The states a task moves through, each one Pending, In Progress or Completed. The board shows a column for each, in this order.',
  ),
  loadFailed: k('Failed to load the workflow'),
  reorderHint: k(
    'Drag a state by its handle, or press Alt+Up and Alt+Down on it, to reorder it within its group.',
  ),
  used: (count: number) => t('{{count}} tasks', { count }),
  newName: k('New state name'),
  group: k('Group of the new state'),
  add: k('Add state'),
  colour: k('Colour of the new state'),
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
  // The new state's group and colour (the first of the palette no state uses yet, unless picked).
  const [category, setCategory] = useState<TaskStatus>('In Progress');
  const [picked, setPicked] = useState<string | undefined>();
  const fullHintId = useId();
  const canManage = !readOnly && states.data?.canManage === true;

  let body: ReactNode;
  if (states.isPending) body = <Skeleton className="h-40 w-full" />;
  else if (states.isError) {
    body = (
      <ErrorState
        title={t(workflowTexts.loadFailed)}
        error={states.error}
        onRetry={() => void states.refetch()}
      />
    );
  } else {
    const all = states.data.data;
    const full = all.length >= STATES_PER_PRODUCT_MAX;
    const color =
      picked ??
      nextColor(
        STATE_COLORS,
        all.map((s) => s.color),
      );
    const failed = (error: unknown) =>
      toast.error(t(stateTexts.saveFailed), { description: getErrorMessage(error) });
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
        .then(() => toast.success(t(stateTexts.updated)))
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
                {t(statusLabel(category))}
              </h3>
              <SortableList
                items={states}
                onMove={(from, to) => reorder(category, from, to)}
                disabled={!canManage}
                hint={t(workflowTexts.reorderHint)}
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
                        aria-label={t('Name of {{name}}', { name: state.name })}
                        className="h-10 min-w-0 flex-1 sm:h-8"
                      />
                    ) : (
                      <span className="min-w-0 flex-1 truncate text-sm" title={state.name}>
                        {state.name}
                      </span>
                    )}
                    <span className="shrink-0 text-end text-muted-foreground text-xs tabular-nums sm:min-w-16">
                      {workflowTexts.used(state.tasks)}
                    </span>
                    {canManage ? (
                      <RowDeleteButton
                        name={state.name}
                        disabledReason={states.length > 1 ? undefined : t(stateTexts.lastOfCategory)}
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
          // A new state is added last of its group.
          <AddByName
            label={t(workflowTexts.newName)}
            maxLength={STATE_NAME_MAX}
            submitLabel={t(workflowTexts.add)}
            pending={writes.create.isPending}
            disabled={full}
            failureTitle={t(stateTexts.saveFailed)}
            onAdd={(name) =>
              writes.create.mutateAsync({ name, category, color }).then(() => {
                setCategory('In Progress');
                setPicked(undefined);
                toast.success(t(stateTexts.created));
              })
            }
            className="border-t pt-4"
            aria-describedby={full ? fullHintId : undefined}
            beside={
              <OptionSelect
                value={category}
                onValueChange={(value) => setCategory(value as TaskStatus)}
                options={TASK_STATUSES.map((status) => ({ value: status, label: t(statusLabel(status)) }))}
                aria-label={t(workflowTexts.group)}
                disabled={full}
                className="w-36 max-sm:data-[size=default]:h-10"
              />
            }
          >
            <ColorSwatches
              colors={STATE_COLORS}
              label={t(workflowTexts.colour)}
              value={color}
              onChange={setPicked}
            />
            {full ? (
              <p id={fullHintId} className="text-muted-foreground text-xs">
                {t(stateTexts.tooMany)}
              </p>
            ) : null}
          </AddByName>
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
      aria-label={t(workflowTexts.title)}
      title={t(workflowTexts.title)}
      description={t(workflowTexts.description)}
    >
      {body}
    </SectionCard>
  );
}
