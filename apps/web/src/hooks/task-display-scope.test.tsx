import type { TaskDisplay } from '@shipyard/shared';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_TASK_DISPLAY,
  TaskDisplayScope,
  useTaskDisplay,
  useTaskDisplayScope,
} from './task-display-scope.tsx';

const KEY = 'shipyard.tasks.display';
const compactView: TaskDisplay = { density: 'compact', properties: ['key', 'status'], preview: false };

/** The list's display hook and what "Save view" reads, side by side in one scope. */
const both = () => ({ list: useTaskDisplay(), saved: useTaskDisplayScope().display });

afterEach(() => localStorage.clear());

describe('the display of a task list (issue 28)', () => {
  it('opens a saved view with its display; a change shows on screen and to Save changes, not in this browser', () => {
    const wrapper = ({ children }: { children: ReactNode }) => (
      <TaskDisplayScope initial={compactView}>{children}</TaskDisplayScope>
    );
    const { result } = renderHook(both, { wrapper });
    expect(result.current.list[0]).toEqual(compactView);
    act(() => result.current.list[1]({ preview: true }));
    expect(result.current.list[0]).toEqual({ ...compactView, preview: true });
    expect(result.current.saved).toEqual({ ...compactView, preview: true });
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it("on /tasks starts from this browser's preference and keeps each change in it", () => {
    localStorage.setItem(KEY, JSON.stringify({ density: 'compact' }));
    const wrapper = ({ children }: { children: ReactNode }) => (
      <TaskDisplayScope>{children}</TaskDisplayScope>
    );
    const { result } = renderHook(both, { wrapper });
    expect(result.current.list[0]).toEqual({ ...DEFAULT_TASK_DISPLAY, density: 'compact' });
    act(() => result.current.list[1]({ density: 'comfortable', preview: true }));
    expect(result.current.saved.preview).toBe(true);
    expect(JSON.parse(localStorage.getItem(KEY) ?? '{}')).toMatchObject({
      density: 'comfortable',
      preview: true,
    });
  });

  it('falls back to the default for a stored preference it cannot read', () => {
    localStorage.setItem(KEY, '{"density":"tiny"}');
    const { result } = renderHook(() => useTaskDisplay());
    expect(result.current[0]).toEqual(DEFAULT_TASK_DISPLAY);
  });
});
