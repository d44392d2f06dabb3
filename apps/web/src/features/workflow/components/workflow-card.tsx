import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import {
  STATE_COLORS,
  STATE_NAME_MAX,
  STATES_PER_PRODUCT_MAX,
  stateMessages,
  TASK_STATUSES,
  type TaskStatus,
  type WorkflowState,
} from '@shipyard/shared';
import { GripVerticalIcon, Trash2Icon } from 'lucide-react';
import { Popover } from 'radix-ui';
import { type KeyboardEvent, type ReactNode, useState } from 'react';
import { ColorSwatches } from '../../../components/color-swatches.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
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
  moved: (name: string, position: number, total: number) =>
    `Moved “${name}” to position ${position} of ${total}.`,
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
  const [announcement, setAnnouncement] = useState('');
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
    const reorder = (category: TaskStatus, from: number, to: number) => {
      const group = all.filter((s) => s.category === category);
      const moving = group[from];
      if (!moving || to < 0 || to >= group.length || from === to) return;
      const next = [...group];
      next.splice(from, 1);
      next.splice(to, 0, moving);
      const ids = TASK_STATUSES.flatMap((c) =>
        c === category ? next : all.filter((s) => s.category === c),
      ).map((s) => s.id);
      writes.reorder.mutate(ids, {
        onError: (error) => toast.error(stateMessages.saveFailed, { description: getErrorMessage(error) }),
      });
      setAnnouncement(workflowTexts.moved(moving.name, to + 1, group.length));
    };
    body = (
      <div className="grid gap-5">
        {TASK_STATUSES.map((category) => (
          <StateGroup
            key={category}
            category={category}
            states={all.filter((s) => s.category === category)}
            canManage={canManage}
            onReorder={(from, to) => reorder(category, from, to)}
            onRename={(state, name) =>
              writes.update
                .mutateAsync({ id: state.id, name })
                .then(() => toast.success(stateMessages.updated))
                .catch((error: unknown) =>
                  toast.error(stateMessages.saveFailed, { description: getErrorMessage(error) }),
                )
            }
            onRecolour={(state, color) =>
              void writes.update
                .mutateAsync({ id: state.id, color })
                .catch((error: unknown) =>
                  toast.error(stateMessages.saveFailed, { description: getErrorMessage(error) }),
                )
            }
            onDelete={setToDelete}
          />
        ))}
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
        <p aria-live="polite" className="sr-only">
          {announcement}
        </p>
        <DeleteStateDialog
          state={toDelete}
          states={all}
          pending={writes.remove.isPending}
          onClose={() => setToDelete(undefined)}
          onConfirm={(moveTo) => {
            if (!toDelete) return;
            writes.remove.mutateAsync({ id: toDelete.id, moveTo }).then(
              () => {
                toast.success(stateMessages.deleted);
                setToDelete(undefined);
              },
              (error: unknown) =>
                toast.error(stateMessages.deleteFailed, { description: getErrorMessage(error) }),
            );
          }}
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

type GroupProps = {
  category: TaskStatus;
  states: WorkflowState[];
  canManage: boolean;
  onReorder: (from: number, to: number) => void;
  onRename: (state: WorkflowState, name: string) => void;
  onRecolour: (state: WorkflowState, color: string) => void;
  onDelete: (state: WorkflowState) => void;
};

/** One status's states, sortable among themselves. */
function StateGroup({ category, states, canManage, onReorder, onRename, onRecolour, onDelete }: GroupProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const headingId = `workflow-${category.replace(' ', '-').toLowerCase()}`;
  function onDragEnd({ active, over }: DragEndEvent) {
    const from = states.findIndex((s) => s.id === active.id);
    const to = states.findIndex((s) => s.id === over?.id);
    if (from >= 0 && to >= 0) onReorder(from, to);
  }
  function onKeyDown(event: KeyboardEvent, index: number) {
    if (!canManage || !event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    event.preventDefault();
    onReorder(index, event.key === 'ArrowUp' ? index - 1 : index + 1);
  }
  return (
    <section aria-labelledby={headingId} className="grid gap-2">
      <h3 id={headingId} className="font-medium text-muted-foreground text-xs uppercase tracking-wide">
        {category}
      </h3>
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        <SortableContext items={states.map((s) => s.id)} strategy={verticalListSortingStrategy}>
          <ul
            aria-labelledby={headingId}
            aria-describedby={canManage ? 'workflow-reorder-hint' : undefined}
            className="grid gap-1"
          >
            {states.map((state, index) => (
              <StateRow
                key={state.id}
                state={state}
                canManage={canManage}
                deletable={states.length > 1}
                onKeyDown={(event) => onKeyDown(event, index)}
                onRename={(name) => onRename(state, name)}
                onRecolour={(color) => onRecolour(state, color)}
                onDelete={() => onDelete(state)}
              />
            ))}
          </ul>
        </SortableContext>
      </DndContext>
      {canManage ? (
        <p id="workflow-reorder-hint" className="sr-only">
          {workflowTexts.reorderHint}
        </p>
      ) : null}
    </section>
  );
}

type RowProps = {
  state: WorkflowState;
  canManage: boolean;
  deletable: boolean;
  onKeyDown: (event: KeyboardEvent) => void;
  onRename: (name: string) => void;
  onRecolour: (color: string) => void;
  onDelete: () => void;
};

function StateRow({ state, canManage, deletable, onKeyDown, onRename, onRecolour, onDelete }: RowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: state.id, disabled: !canManage });
  return (
    <li
      ref={setNodeRef}
      data-state={state.name}
      onKeyDown={onKeyDown}
      style={{
        transform: transform ? `translate3d(0, ${Math.round(transform.y)}px, 0)` : undefined,
        transition,
      }}
      className={cn(
        'flex min-h-10 items-center gap-2 rounded-md border bg-card px-2 py-1',
        isDragging && 'relative z-10 opacity-80 shadow',
      )}
    >
      {canManage ? (
        <button
          ref={setActivatorNodeRef}
          type="button"
          {...attributes}
          {...listeners}
          aria-label={`Reorder ${state.name}`}
          className="flex size-6 shrink-0 cursor-grab items-center justify-center rounded text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 active:cursor-grabbing"
        >
          <GripVerticalIcon aria-hidden="true" className="size-4" />
        </button>
      ) : null}
      {canManage ? (
        <Popover.Root>
          <Popover.Trigger asChild>
            <button
              type="button"
              aria-label={`Colour of ${state.name}`}
              className="size-4 shrink-0 rounded-full outline-none ring-offset-2 ring-offset-background focus-visible:ring-2 focus-visible:ring-ring"
              style={{ backgroundColor: state.color }}
            />
          </Popover.Trigger>
          <Popover.Portal>
            <Popover.Content
              align="start"
              sideOffset={4}
              className="z-50 w-auto rounded-md border bg-popover p-2 text-popover-foreground shadow-md"
            >
              <ColorSwatches
                colors={STATE_COLORS}
                label={`Colour of ${state.name}`}
                value={state.color}
                onChange={onRecolour}
              />
            </Popover.Content>
          </Popover.Portal>
        </Popover.Root>
      ) : (
        <span
          aria-hidden="true"
          className="size-3 shrink-0 rounded-full"
          style={{ backgroundColor: state.color }}
        />
      )}
      {canManage ? (
        <Input
          // A new name from the server (another manager) redraws the field.
          key={state.name}
          defaultValue={state.name}
          maxLength={STATE_NAME_MAX}
          aria-label={`Name of ${state.name}`}
          className="h-8 min-w-0 flex-1"
          onBlur={(event) => {
            const name = event.currentTarget.value.trim();
            if (name && name !== state.name) onRename(name);
            else event.currentTarget.value = state.name;
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') event.currentTarget.blur();
          }}
        />
      ) : (
        <span className="min-w-0 flex-1 truncate text-sm">{state.name}</span>
      )}
      <span className="shrink-0 text-muted-foreground text-xs tabular-nums">
        {workflowTexts.used(state.tasks)}
      </span>
      {canManage ? (
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Delete ${state.name}`}
          title={deletable ? undefined : stateMessages.lastOfCategory}
          disabled={!deletable}
          onClick={onDelete}
          className="size-8 shrink-0"
        >
          <Trash2Icon aria-hidden="true" />
        </Button>
      ) : null}
    </li>
  );
}
