import type { KeyboardEvent, PointerEvent } from 'react';
import { useRef } from 'react';

// Moving days along a timeline by pointer or keyboard (issue 31: the roadmap's stages and target,
// decision 056; the Gantt's bars, decision 057). A move is a delta of whole days for the start and
// the end of what is moved: a body moves both, an edge one. Nothing is saved until the pointer is
// let go or Enter pressed.

export type Part = 'move' | 'start' | 'end';
export type Delta = { start: number; end: number };

const deltaOf = (part: Part, days: number): Delta =>
  part === 'move'
    ? { start: days, end: days }
    : part === 'start'
      ? { start: days, end: 0 }
      : { start: 0, end: days };

const add = (a: Delta, b: Delta): Delta => ({ start: a.start + b.start, end: a.end + b.end });
/** A pointer's move of `dx` px as whole days, mirrored right to left. */
export const daysFromPixels = (dayWidth: number, dx: number, rtl = false) =>
  Math.round((rtl ? -dx : dx) / dayWidth) || 0;

const isZero = (d: Delta) => d.start === 0 && d.end === 0;

type Options = {
  /** A day's width on screen, in px: a pointer's move is rounded to whole days of it. */
  dayWidth: number;
  disabled?: boolean;
  /**
   * The move so far (null: none, or it was cancelled), for the screen and, by keyboard, the
   * announcement (`byKey`: a pointer's drag need not be announced step by step).
   */
  onPreview: (delta: Delta | null, byKey: boolean) => void;
  /** Let go or Enter with a move: save it. */
  onCommit: (delta: Delta) => void;
  /** Delete or Backspace (a stage's plan is cleared). */
  onClear?: () => void;
  /** What the plain arrows move; Alt+arrows move `altPart` when given. */
  keyPart: Part;
  altPart?: Part;
};

const isRtl = (el: Element) => getComputedStyle(el).direction === 'rtl';

/**
 * Pointer handlers for each part of an element and its keyboard handler: ←/→ a day, with Shift a
 * week (mirrored right to left), Enter saves, Escape puts it back, leaving the element cancels.
 */
export function useDayDrag({ dayWidth, disabled, onPreview, onCommit, onClear, keyPart, altPart }: Options) {
  const drag = useRef<{ part: Part; x: number; pointerId: number; rtl: boolean; delta: Delta } | null>(null);
  const pending = useRef<Delta | null>(null);

  const pointer = (part: Part) => ({
    onPointerDown: (e: PointerEvent<HTMLElement>) => {
      if (disabled || e.button !== 0) return;
      e.stopPropagation();
      e.preventDefault();
      e.currentTarget.setPointerCapture?.(e.pointerId);
      drag.current = {
        part,
        x: e.clientX,
        pointerId: e.pointerId,
        rtl: isRtl(e.currentTarget),
        delta: { start: 0, end: 0 },
      };
    },
    onPointerMove: (e: PointerEvent<HTMLElement>) => {
      const current = drag.current;
      if (!current || current.pointerId !== e.pointerId) return;
      const delta = deltaOf(current.part, daysFromPixels(dayWidth, e.clientX - current.x, current.rtl));
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
      const part = e.altKey && altPart ? altPart : keyPart;
      const next = add(pending.current ?? { start: 0, end: 0 }, deltaOf(part, days));
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
    } else if ((e.key === 'Delete' || e.key === 'Backspace') && onClear) {
      e.preventDefault();
      pending.current = null;
      onClear();
    }
  };

  const onBlur = () => {
    if (!pending.current) return;
    pending.current = null;
    onPreview(null, true);
  };

  return { pointer, onKeyDown, onBlur };
}
