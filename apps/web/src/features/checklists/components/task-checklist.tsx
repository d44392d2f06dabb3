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
import { CHECKLIST_TITLE_MAX, type ChecklistItem } from '@shipyard/shared';
import { GripVerticalIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useRef, useState } from 'react';
import { ErrorState } from '../../../components/error-state.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/cn.ts';
import { useChecklist, useChecklistChange } from '../api/checklist.ts';

const checklistTexts = {
  title: 'Checklist',
  addLabel: 'Add an item',
  addPlaceholder: 'Add an item…',
  loadFailed: 'Failed to load the checklist',
  empty: 'No items yet.',
  reorderHint: 'Alt+Up and Alt+Down move the focused item.',
  moved: (title: string, position: number, total: number) =>
    `Moved “${title}” to position ${position} of ${total}.`,
} as const;

type Props = { taskId: string; canEdit: boolean };

/**
 * A task's checklist (issue 15): tick, add, rename in place, delete, and reorder by dragging the
 * handle or with Alt+Up / Alt+Down on any focused item (announced to screen readers). Without
 * `canEdit` it is read only.
 */
export function TaskChecklist({ taskId, canEdit }: Props) {
  const checklist = useChecklist(taskId);
  const change = useChecklistChange(taskId);
  const [announcement, setAnnouncement] = useState('');
  const list = useRef<HTMLUListElement>(null);
  // The handle also picks an item up with Space (dnd-kit's own announced keyboard drag).
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  if (checklist.isPending) return <ChecklistSkeleton />;
  if (checklist.isError) {
    return (
      <ErrorState
        title={checklistTexts.loadFailed}
        error={checklist.error}
        onRetry={() => void checklist.refetch()}
        retrying={checklist.isFetching}
      />
    );
  }
  const { items, done, total } = checklist.data;

  function move(item: ChecklistItem, to: number) {
    if (to < 0 || to >= items.length || items[to]?.id === item.id) return;
    change.mutate({ kind: 'move', id: item.id, position: to });
    setAnnouncement(checklistTexts.moved(item.title, to + 1, items.length));
  }

  function onKeyDown(event: KeyboardEvent, item: ChecklistItem, index: number) {
    if (!canEdit || !event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    event.preventDefault();
    move(item, event.key === 'ArrowUp' ? index - 1 : index + 1);
    // Focus stays with the same control of the moved item once it is drawn in its new place.
    const focused = document.activeElement;
    requestAnimationFrame(() => {
      if (focused instanceof HTMLElement && list.current?.contains(focused)) focused.focus();
    });
  }

  function onDragEnd({ active, over }: DragEndEvent) {
    const item = items.find((i) => i.id === active.id);
    const to = items.findIndex((i) => i.id === over?.id);
    if (item && to >= 0) move(item, to);
  }

  const percent = total === 0 ? 0 : Math.round((done / total) * 100);
  return (
    <section aria-labelledby={`checklist-${taskId}`} className="grid gap-3">
      <div className="flex items-center gap-3">
        <h2 id={`checklist-${taskId}`} className="font-medium text-sm">
          {checklistTexts.title}
        </h2>
        <span className="text-muted-foreground text-xs tabular-nums">
          {done}/{total}
        </span>
        <div
          role="progressbar"
          aria-label="Checklist progress"
          aria-valuemin={0}
          aria-valuemax={total}
          aria-valuenow={done}
          aria-valuetext={`${done} of ${total} done`}
          className="h-1.5 flex-1 overflow-hidden rounded-full bg-muted"
        >
          <div
            className="h-full rounded-full bg-primary transition-[width]"
            style={{ width: `${percent}%` }}
          />
        </div>
      </div>

      {items.length === 0 ? <p className="text-muted-foreground text-sm">{checklistTexts.empty}</p> : null}
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        <SortableContext items={items.map((i) => i.id)} strategy={verticalListSortingStrategy}>
          <ul
            ref={list}
            aria-label={checklistTexts.title}
            aria-describedby={canEdit ? `checklist-hint-${taskId}` : undefined}
            className="grid gap-0.5"
          >
            {items.map((item, index) => (
              <ChecklistRow
                key={item.id}
                item={item}
                canEdit={canEdit}
                onKeyDown={(event) => onKeyDown(event, item, index)}
                onChange={(patch) => change.mutate({ kind: 'update', id: item.id, patch })}
                onRemove={() => change.mutate({ kind: 'remove', id: item.id })}
              />
            ))}
          </ul>
        </SortableContext>
      </DndContext>
      {canEdit ? (
        <>
          <p id={`checklist-hint-${taskId}`} className="sr-only">
            {checklistTexts.reorderHint}
          </p>
          <AddItem onAdd={(title) => change.mutateAsync({ kind: 'add', title })} />
        </>
      ) : null}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </section>
  );
}

function ChecklistRow({
  item,
  canEdit,
  onKeyDown,
  onChange,
  onRemove,
}: {
  item: ChecklistItem;
  canEdit: boolean;
  onKeyDown: (event: KeyboardEvent) => void;
  onChange: (patch: { title?: string; done?: boolean }) => void;
  onRemove: () => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: item.id, disabled: !canEdit });
  const [editing, setEditing] = useState(false);

  function save(value: string) {
    setEditing(false);
    const title = value.trim();
    if (title && title !== item.title) onChange({ title });
  }

  return (
    <li
      ref={setNodeRef}
      data-item={item.id}
      onKeyDown={onKeyDown}
      style={{
        transform: transform ? `translate3d(0, ${Math.round(transform.y)}px, 0)` : undefined,
        transition,
      }}
      className={cn(
        'group flex min-h-9 items-center gap-2 rounded-md px-1 hover:bg-muted/50',
        isDragging && 'relative z-10 bg-card opacity-80 shadow',
      )}
    >
      {canEdit ? (
        <button
          ref={setActivatorNodeRef}
          type="button"
          {...attributes}
          {...listeners}
          aria-label={`Reorder ${item.title}`}
          className="flex size-6 shrink-0 cursor-grab items-center justify-center rounded text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 active:cursor-grabbing"
        >
          <GripVerticalIcon aria-hidden="true" className="size-4" />
        </button>
      ) : null}
      <Checkbox
        checked={item.done}
        disabled={!canEdit}
        onCheckedChange={(checked) => onChange({ done: checked === true })}
        aria-label={item.title}
      />
      {editing ? (
        <Input
          autoFocus
          defaultValue={item.title}
          maxLength={CHECKLIST_TITLE_MAX}
          aria-label={`Rename ${item.title}`}
          className="h-8 flex-1"
          onBlur={(event) => save(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') save(event.currentTarget.value);
            if (event.key === 'Escape') {
              event.stopPropagation();
              setEditing(false);
            }
          }}
        />
      ) : canEdit ? (
        <button
          type="button"
          onClick={() => setEditing(true)}
          title="Rename"
          className={cn(
            'min-w-0 flex-1 break-words rounded-sm py-1 text-left text-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
            item.done && 'text-muted-foreground line-through',
          )}
        >
          {item.title}
        </button>
      ) : (
        <span
          className={cn(
            'min-w-0 flex-1 break-words py-1 text-sm',
            item.done && 'text-muted-foreground line-through',
          )}
        >
          {item.title}
        </span>
      )}
      {canEdit && !editing ? (
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Delete ${item.title}`}
          onClick={onRemove}
          className="size-7 shrink-0 text-muted-foreground opacity-0 focus-visible:opacity-100 group-hover:opacity-100"
        >
          <Trash2Icon aria-hidden="true" />
        </Button>
      ) : null}
    </li>
  );
}

function AddItem({ onAdd }: { onAdd: (title: string) => Promise<unknown> }) {
  const [title, setTitle] = useState('');
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const value = title.trim();
    if (!value || pending) return;
    setPending(true);
    try {
      await onAdd(value);
      setTitle('');
    } catch {
      // The mutation toasts its failure; the text stays to try again.
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} className="flex items-center gap-2">
      <Input
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        maxLength={CHECKLIST_TITLE_MAX}
        placeholder={checklistTexts.addPlaceholder}
        aria-label={checklistTexts.addLabel}
        className="h-8"
      />
      <Button type="submit" size="sm" variant="outline" disabled={!title.trim() || pending}>
        <PlusIcon aria-hidden="true" />
        Add
      </Button>
    </form>
  );
}

function ChecklistSkeleton() {
  return (
    <div className="grid gap-2">
      <span role="status" className="sr-only">
        Loading the checklist
      </span>
      <Skeleton className="h-4 w-32" />
      <Skeleton className="h-8 w-full" />
      <Skeleton className="h-8 w-4/5" />
    </div>
  );
}
