import type { KeyboardEvent, PointerEvent } from 'react';
import { useRef } from 'react';
import type { Delta } from './gantt-layout.ts';

// Moving a Gantt bar by pointer or keyboard (issue 31, as the roadmap's: decision 056). A move is a
// delta of whole days for the start and the end: the body moves both, an edge one. Nothing is
// saved until the pointer is let go or Enter pressed.

export type Part = 'move' | 'start' | 'end';

const deltaOf = (part: Part, days: number): Delta =>
  part === 'move'
    ? { start: days, end: days }
    : part === 'start'
      ? { start: days, end: 0 }
      : { start: 0, end: days };
const isZero = (d: Delta) => d.start === 0 && d.end === 0;
const isRtl = (el: Element) => getComputedStyle(el).direction === 'rtl';

type Options = {
  dayWidth: number;
  disabled?: boolean;
  /**
   * The move so far (null: none, or cancelled), for the screen and, by keyboard, the announcement
   * (`byKey`: a pointer's drag is not announced step by step).
   */
  onPreview: (delta: Delta | null, byKey: boolean) => void;
  onCommit: (delta: Delta) => void;
};

/**
 * Pointer handlers for a bar's body and edges (pointer capture: the bar keeps the pointer however
 * fast it moves) and its keyboard handler: ←/→ a day, Shift a week (mirrored right to left),
 * Alt+←/→ the end, Enter saves, Escape or leaving the bar puts it back.
 */
export function useBarDrag({ dayWidth, disabled, onPreview, onCommit }: Options) {
  const drag = useRef<{ part: Part; x: number; pointerId: number; rtl: boolean; delta: Delta } | null>(null);
  const pending = useRef<Delta | null>(null);

  const pointer = (part: Part) => ({
    onPointerDown: (e: PointerEvent<HTMLElement>) => {
      if (disabled || e.button !== 0) return;
      e.stopPropagation();
      e.preventDefault();
      e.currentTarget.setPointerCapture?.(e.pointerId);
      const rtl = isRtl(e.currentTarget);
      drag.current = { part, x: e.clientX, pointerId: e.pointerId, rtl, delta: { start: 0, end: 0 } };
    },
    onPointerMove: (e: PointerEvent<HTMLElement>) => {
      const current = drag.current;
      if (!current || current.pointerId !== e.pointerId) return;
      const px = (e.clientX - current.x) * (current.rtl ? -1 : 1);
      const delta = deltaOf(current.part, Math.round(px / dayWidth));
      if (delta.start === current.delta.start && delta.end === current.delta.end) return;
      current.delta = delta;
      onPreview(isZero(delta) ? null : delta, false);
    },
    onPointerUp: (e: PointerEvent<HTMLElement>) => {
      const current = drag.current;
      if (!current || current.pointerId !== e.pointerId) return;
      drag.current = null;
      if (isZero(current.delta)) onPreview(null, false);
      else onCommit(current.delta);
    },
    onPointerCancel: () => {
      drag.current = null;
      onPreview(null, false);
    },
  });

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (disabled) return;
    if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
      e.preventDefault();
      const forward = (e.key === 'ArrowRight') !== isRtl(e.currentTarget);
      const days = (forward ? 1 : -1) * (e.shiftKey ? 7 : 1);
      const step = deltaOf(e.altKey ? 'end' : 'move', days);
      const sum = pending.current ?? { start: 0, end: 0 };
      const next = { start: sum.start + step.start, end: sum.end + step.end };
      pending.current = isZero(next) ? null : next;
      onPreview(pending.current, true);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      const delta = pending.current;
      pending.current = null;
      if (delta) onCommit(delta);
    } else if (e.key === 'Escape' && pending.current) {
      e.preventDefault();
      e.stopPropagation();
      pending.current = null;
      onPreview(null, true);
    }
  };

  const onBlur = () => {
    if (!pending.current) return;
    pending.current = null;
    onPreview(null, true);
  };

  return { pointer, onKeyDown, onBlur };
}
