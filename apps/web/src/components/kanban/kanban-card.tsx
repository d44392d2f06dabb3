import { type DraggableAttributes, useDraggable } from '@dnd-kit/core';
import { GripVerticalIcon } from 'lucide-react';
import {
  createContext,
  memo,
  type ReactNode,
  type RefObject,
  useCallback,
  useContext,
  useEffect,
  useRef,
} from 'react';
import { cn } from '../../lib/cn.ts';
import { t } from '../../lib/i18n/index.ts';
import { draggableLabel, type KanbanCardData } from './kanban-texts.ts';

type Handle = {
  name: string;
  attributes: DraggableAttributes;
  setActivatorNodeRef: (node: HTMLElement | null) => void;
  node: RefObject<HTMLButtonElement | null>;
};

const HandleContext = createContext<Handle | null>(null);

export type KanbanCardProps<T> = {
  item: T;
  id: string;
  /** The card's name: its handle is 'Move <name>'. */
  name: string;
  /** `data-<noun>-id` carries the id, and the handle is a 'draggable <noun>'. */
  noun: string;
  canMove: boolean;
  render: (item: T, overlay: boolean) => ReactNode;
  /** Its handle takes the focus once it shows (after a keyboard move). */
  takeFocus: boolean;
  onFocused: () => void;
  className?: string;
  /** In a virtualized column: the ref that measures the card, its index and its offset in px. */
  measureRef?: (node: HTMLElement | null) => void;
  index?: number;
  start?: number;
};

/**
 * One card of a board: an item that drags by its handle (`KanbanHandle`, wherever the card's face
 * puts it), by a mouse drag anywhere on it, or by a long press on touch; a viewer who may not move
 * it gets no handle.
 */
function KanbanCardInner<T>({
  item,
  id,
  name,
  noun,
  canMove,
  render,
  takeFocus,
  onFocused,
  className,
  measureRef,
  index,
  start,
}: KanbanCardProps<T>) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({
    id,
    data: { item } satisfies KanbanCardData<T>,
    disabled: !canMove,
    attributes: { roleDescription: draggableLabel(noun) },
  });
  const node = useRef<HTMLButtonElement | null>(null);
  const ref = useCallback(
    (element: HTMLLIElement | null) => {
      setNodeRef(element);
      measureRef?.(element);
    },
    [setNodeRef, measureRef],
  );
  useEffect(() => {
    if (!takeFocus) return;
    node.current?.focus();
    onFocused();
  }, [takeFocus, onFocused]);

  return (
    <li
      ref={ref}
      {...listeners}
      {...{ [`data-${noun}-id`]: id }}
      data-kanban-card={id}
      data-index={index}
      style={start === undefined ? undefined : { transform: `translateY(${start}px)` }}
      className={cn('touch-manipulation', className, isDragging && 'opacity-40')}
    >
      <HandleContext value={canMove ? { name, attributes, setActivatorNodeRef, node } : null}>
        {render(item, false)}
      </HandleContext>
    </li>
  );
}

export const KanbanCard = memo(KanbanCardInner) as typeof KanbanCardInner;

/** The card's drag handle, placed by the card's face; nothing on a card that does not move. */
export function KanbanHandle({ className }: { className?: string }) {
  const handle = useContext(HandleContext);
  if (!handle) return null;
  return (
    <button
      ref={(element) => {
        handle.setActivatorNodeRef(element);
        handle.node.current = element;
      }}
      type="button"
      {...handle.attributes}
      aria-label={t('Move {{name}}', { name: handle.name })}
      className={cn(
        'z-10 flex size-6 cursor-grab items-center justify-center rounded text-muted-foreground outline-none hover:bg-accent hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 active:cursor-grabbing',
        className,
      )}
    >
      <GripVerticalIcon aria-hidden="true" className="size-4" />
    </button>
  );
}
