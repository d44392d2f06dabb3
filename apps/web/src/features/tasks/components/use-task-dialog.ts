import type { Task } from '@shipyard/shared';
import { useCallback, useState } from 'react';

/** The task dialog of a list: closed, open to add a task, or open to edit one. */
export function useTaskDialog() {
  const [state, setState] = useState<{ open: boolean; task?: Task | undefined }>({ open: false });
  const add = useCallback(() => setState({ open: true, task: undefined }), []);
  const edit = useCallback((task: Task) => setState({ open: true, task }), []);
  const onOpenChange = useCallback((open: boolean) => setState((current) => ({ ...current, open })), []);
  return { ...state, add, edit, onOpenChange };
}
