import {
  type AutoScrollOptions,
  type CollisionDetection,
  type DropAnimationFunction,
  type KeyboardCoordinateGetter,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  TouchSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';

// What every board of columns shares (products, tasks): how a drag starts, where it lands, how
// the page scrolls under it and how the card settles.

// Spec §9 drag and drop: 5 px before a mouse drag starts, a 120 ms long-press on touch, edge
// auto-scroll of at most 28 px per step, and a drop animation of 0.33 to 0.55 s.
const MOUSE_DISTANCE_PX = 5;
const TOUCH_DELAY_MS = 120;
const TOUCH_TOLERANCE_PX = 5;
const AUTO_SCROLL_MAX_STEP_PX = 28;
const AUTO_SCROLL_STEP_MS = 16;
const DROP_MIN_MS = 330;
const DROP_MAX_MS = 550;
/** The distance at which the drop animation takes its longest. */
const DROP_MAX_AT_PX = 1500;

/**
 * The pointer never starts a drag for a touch: on a phone the long-press of the touch sensor
 * does, so a swipe still scrolls the page and the board.
 */
class MouseAndPenSensor extends PointerSensor {
  static override activators = [
    {
      eventName: 'onPointerDown' as const,
      handler: ({ nativeEvent: event }: { nativeEvent: PointerEvent }) =>
        event.pointerType !== 'touch' && event.isPrimary && event.button === 0,
    },
  ];
}

/** Mouse and pen after 5 px, touch after a 120 ms long-press. */
function usePointerSensorList() {
  return [
    useSensor(MouseAndPenSensor, { activationConstraint: { distance: MOUSE_DISTANCE_PX } }),
    useSensor(TouchSensor, {
      activationConstraint: { delay: TOUCH_DELAY_MS, tolerance: TOUCH_TOLERANCE_PX },
    }),
  ];
}

/** Mouse and pen after 5 px, touch after a 120 ms long-press, and the keyboard. */
export function useBoardSensors(coordinateGetter: KeyboardCoordinateGetter) {
  return useSensors(...usePointerSensorList(), useSensor(KeyboardSensor, { coordinateGetter }));
}

/**
 * Mouse, pen and touch alone, for items that are links and buttons too (the calendar's): Enter and
 * Space keep opening them, and a menu action gives the keyboard its own way to move them.
 */
export function usePointerSensors() {
  return useSensors(...usePointerSensorList());
}

/** Edge auto-scroll: at most 28 px per step. */
export const boardAutoScroll: AutoScrollOptions = {
  acceleration: AUTO_SCROLL_MAX_STEP_PX,
  interval: AUTO_SCROLL_STEP_MS,
};

/** The column under the pointer; for the keyboard (no pointer), the one the card overlaps most. */
export const boardCollisionDetection: CollisionDetection = (args) => {
  const underPointer = pointerWithin(args);
  return underPointer.length > 0 ? underPointer : rectIntersection(args);
};

/**
 * Keyboard path (ARCHITECTURE §6): left and right arrows move the picked-up card to the centre
 * of the previous or next column; up and down do nothing (a column has no order). `columnOf`
 * names the column the dragged card comes from, read from its draggable data.
 */
export function columnKeyboardCoordinates(
  columns: readonly UniqueIdentifier[],
  columnOf: (activeData: unknown) => UniqueIdentifier | undefined,
): KeyboardCoordinateGetter {
  return (event, { context, currentCoordinates }) => {
    const step = event.code === 'ArrowRight' ? 1 : event.code === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return undefined;
    event.preventDefault();
    const { active, over, droppableRects, collisionRect } = context;
    const from = over && columns.includes(over.id) ? over.id : columnOf(active?.data.current);
    const index = from === undefined ? -1 : columns.indexOf(from);
    const target = index < 0 ? undefined : columns[index + step];
    const rect = target === undefined ? undefined : droppableRects.get(target);
    if (!rect || !collisionRect) return currentCoordinates;
    const y = Math.min(
      Math.max(currentCoordinates.y, rect.top),
      rect.top + Math.max(0, rect.height - collisionRect.height),
    );
    return { x: rect.left + (rect.width - collisionRect.width) / 2, y };
  };
}

const transformString = ({
  x,
  y,
  scaleX,
  scaleY,
}: {
  x: number;
  y: number;
  scaleX: number;
  scaleY: number;
}) => `translate3d(${x}px, ${y}px, 0) scaleX(${scaleX}) scaleY(${scaleY})`;

/** The card settles into place in 0.33 to 0.55 s, longer the further it travels. */
export const boardDropAnimation: DropAnimationFunction = ({ active, dragOverlay, transform }) => {
  const dx = dragOverlay.rect.left - active.rect.left;
  const dy = dragOverlay.rect.top - active.rect.top;
  const distance = Math.hypot(dx, dy);
  const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  if (distance < 1 || reduceMotion || typeof dragOverlay.node.animate !== 'function') return;
  const duration = DROP_MIN_MS + (DROP_MAX_MS - DROP_MIN_MS) * Math.min(distance / DROP_MAX_AT_PX, 1);
  const final = { ...transform, x: transform.x - dx, y: transform.y - dy };
  const previousOpacity = active.node.style.opacity;
  active.node.style.opacity = '0';
  const animation = dragOverlay.node.animate(
    [{ transform: transformString(transform) }, { transform: transformString(final) }],
    { duration, easing: 'cubic-bezier(0.2, 1, 0.1, 1)', fill: 'forwards' },
  );
  return new Promise<void>((resolve) => {
    const done = () => {
      active.node.style.opacity = previousOpacity;
      resolve();
    };
    animation.onfinish = done;
    animation.oncancel = done;
  });
};

/**
 * For a card that changes column: it settles where it was dropped in 0.33 s, fading as its copy
 * appears in the new column (which renders it a moment later than the drop, after the change).
 */
export const boardLandAnimation: DropAnimationFunction = ({ dragOverlay, transform }) => {
  const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  if (reduceMotion || typeof dragOverlay.node.animate !== 'function') return;
  const landed = { ...transform, scaleX: transform.scaleX * 0.97, scaleY: transform.scaleY * 0.97 };
  const animation = dragOverlay.node.animate(
    [
      { transform: transformString(transform), opacity: 1 },
      { transform: transformString(landed), opacity: 0 },
    ],
    { duration: DROP_MIN_MS, easing: 'ease-out', fill: 'forwards' },
  );
  return new Promise<void>((resolve) => {
    animation.onfinish = () => resolve();
    animation.oncancel = () => resolve();
  });
};
