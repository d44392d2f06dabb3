import { renderHook } from '@testing-library/react';
import type { KeyboardEvent } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { daysFromPixels, useDayDrag } from './use-day-drag.ts';

const key = (k: string, mods: { shiftKey?: boolean; altKey?: boolean } = {}) =>
  ({
    key: k,
    shiftKey: false,
    altKey: false,
    ...mods,
    preventDefault: () => {},
    stopPropagation: () => {},
    currentTarget: document.body,
  }) as unknown as KeyboardEvent<HTMLElement>;

describe('useDayDrag', () => {
  it('turns a pointer’s pixels into whole days, mirrored right to left', () => {
    expect(daysFromPixels(4, 41)).toBe(10);
    expect(daysFromPixels(4, 1)).toBe(0);
    expect(daysFromPixels(4, -9)).toBe(-2);
    expect(daysFromPixels(4, 40, true)).toBe(-10);
  });

  it('moves by a day, a week with Shift and the alternative part with Alt, saved by Enter', () => {
    const onPreview = vi.fn();
    const onCommit = vi.fn();
    const { result } = renderHook(() =>
      useDayDrag({ dayWidth: 4, onPreview, onCommit, keyPart: 'move', altPart: 'end' }),
    );
    result.current.onKeyDown(key('ArrowRight'));
    expect(onPreview).toHaveBeenLastCalledWith({ start: 1, end: 1 }, true);
    result.current.onKeyDown(key('ArrowRight', { shiftKey: true }));
    result.current.onKeyDown(key('ArrowLeft', { altKey: true }));
    expect(onPreview).toHaveBeenLastCalledWith({ start: 8, end: 7 }, true);
    result.current.onKeyDown(key('Enter'));
    expect(onCommit).toHaveBeenCalledWith({ start: 8, end: 7 });
  });

  it('puts the move back on Escape, clears on Delete and does nothing when disabled', () => {
    const onPreview = vi.fn();
    const onCommit = vi.fn();
    const onClear = vi.fn();
    const { result, rerender } = renderHook(
      ({ disabled }) => useDayDrag({ dayWidth: 4, disabled, onPreview, onCommit, onClear, keyPart: 'end' }),
      { initialProps: { disabled: false } },
    );
    result.current.onKeyDown(key('ArrowLeft'));
    expect(onPreview).toHaveBeenLastCalledWith({ start: 0, end: -1 }, true);
    result.current.onKeyDown(key('Escape'));
    expect(onPreview).toHaveBeenLastCalledWith(null, true);
    result.current.onKeyDown(key('Enter'));
    expect(onCommit).not.toHaveBeenCalled();
    result.current.onKeyDown(key('Delete'));
    expect(onClear).toHaveBeenCalledOnce();
    rerender({ disabled: true });
    onPreview.mockClear();
    result.current.onKeyDown(key('ArrowRight'));
    expect(onPreview).not.toHaveBeenCalled();
  });
});
