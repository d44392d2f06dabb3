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
import { GripVerticalIcon } from 'lucide-react';
import { type ComponentProps, type KeyboardEvent, useId, useRef, useState } from 'react';
import { cn } from '../lib/cn.ts';
import { t } from '../lib/i18n/index.ts';

type SortableListProps = Omit<ComponentProps<'ul'>, 'onKeyDown' | 'ref'> & {
  /** The rows in their order; `name` is what the move is announced with. */
  items: ReadonlyArray<{ id: string; name: string }>;
  /** Moves the item at `from` to `to`, both within the list. */
  onMove: (from: number, to: number) => void;
  /** Read only: no handles, no keyboard moves. */
  disabled?: boolean;
  /** How to reorder, read to screen readers with the list. */
  hint: string;
};

/**
 * A list whose SortableRows are reordered by dragging their handle (the handle also picks a row up
 * with Space, dnd-kit's announced keyboard drag) or with Alt+Up / Alt+Down anywhere in a row. A move
 * is announced, and focus stays on the same control of the moved row.
 */
export function SortableList({
  items,
  onMove,
  disabled,
  hint,
  className,
  children,
  ...list
}: SortableListProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const hintId = useId();
  const ref = useRef<HTMLUListElement>(null);
  const [announcement, setAnnouncement] = useState('');

  function move(from: number, to: number) {
    const item = items[from];
    if (!item || to < 0 || to >= items.length || from === to) return;
    onMove(from, to);
    setAnnouncement(
      t('Moved “{{name}}” to position {{position}} of {{total}}.', {
        name: item.name,
        position: to + 1,
        total: items.length,
      }),
    );
  }

  function onKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    if (disabled || !event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    const row =
      event.target instanceof Element ? event.target.closest<HTMLElement>('[data-sortable-id]') : null;
    const from = items.findIndex((item) => item.id === row?.dataset.sortableId);
    if (from < 0) return;
    event.preventDefault();
    move(from, event.key === 'ArrowUp' ? from - 1 : from + 1);
    // Once the row is drawn in its new place, focus goes back to the control that had it.
    const focused = document.activeElement;
    requestAnimationFrame(() => {
      if (focused instanceof HTMLElement && ref.current?.contains(focused)) focused.focus();
    });
  }

  function onDragEnd({ active, over }: DragEndEvent) {
    const from = items.findIndex((item) => item.id === active.id);
    const to = items.findIndex((item) => item.id === over?.id);
    if (from >= 0 && to >= 0) move(from, to);
  }

  return (
    <>
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        <SortableContext items={items.map((item) => item.id)} strategy={verticalListSortingStrategy}>
          <ul
            ref={ref}
            aria-describedby={disabled ? undefined : hintId}
            onKeyDown={onKeyDown}
            className={className}
            {...list}
          >
            {children}
          </ul>
        </SortableContext>
      </DndContext>
      {disabled ? null : (
        <p id={hintId} className="sr-only">
          {hint}
        </p>
      )}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </>
  );
}

type SortableRowProps = Omit<ComponentProps<'li'>, 'ref' | 'id'> & {
  id: string;
  /** Names the handle: "Reorder {name}". */
  name: string;
  /** No handle, not draggable. */
  disabled?: boolean;
};

/** A row of a SortableList: its drag handle first, then the row's own content. */
export function SortableRow({ id, name, disabled = false, className, children, ...row }: SortableRowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id, disabled });
  return (
    <li
      ref={setNodeRef}
      data-sortable-id={id}
      style={{
        transform: transform ? `translate3d(0, ${Math.round(transform.y)}px, 0)` : undefined,
        transition,
      }}
      className={cn(className, isDragging && 'relative z-10 bg-card opacity-80 shadow')}
      {...row}
    >
      {disabled ? null : (
        <button
          ref={setActivatorNodeRef}
          type="button"
          {...attributes}
          {...listeners}
          aria-label={t('Reorder {{name}}', { name })}
          className="flex size-10 shrink-0 cursor-grab touch-none items-center justify-center rounded text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 active:cursor-grabbing sm:size-6"
        >
          <GripVerticalIcon aria-hidden="true" className="size-4" />
        </button>
      )}
      {children}
    </li>
  );
}
