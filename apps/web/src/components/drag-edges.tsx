import type { useDayDrag } from '../hooks/use-day-drag.ts';

/**
 * The two grips at the ends of a span moved by `useDayDrag` (a roadmap stage, a Gantt bar): each
 * drags its own end. Pointer only: the keyboard moves an end with Alt+arrows on the span itself.
 */
export function DragEdges({ pointer }: { pointer: ReturnType<typeof useDayDrag>['pointer'] }) {
  return (
    <>
      <span
        aria-hidden="true"
        className="absolute inset-y-0 start-0 w-1.5 cursor-ew-resize"
        data-edge="start"
        {...pointer('start')}
      />
      <span
        aria-hidden="true"
        className="absolute inset-y-0 end-0 w-1.5 cursor-ew-resize"
        data-edge="end"
        {...pointer('end')}
      />
    </>
  );
}
