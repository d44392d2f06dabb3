import type { TaskDetail } from '@shipyard/shared';
import { useState } from 'react';
import { useBulkApply } from '../task-bulk-picker.tsx';
import { taskTargetsHeading, useTaskPaletteActions } from '../use-task-palette-actions.ts';

/**
 * The page's task offered to the command palette (issue 30): its key and title as the heading,
 * and what the viewer may do to it, applied as the list's keyboard pickers apply it (one request,
 * one Undo), and said to screen readers here.
 */
export function TaskPagePalette({
  detail,
  viewer,
  editTitle,
}: {
  detail: TaskDetail;
  viewer: { id: string };
  /** The page's title, edited in place. */
  editTitle: () => void;
}) {
  const [said, setSaid] = useState('');
  const apply = useBulkApply(setSaid);
  const { task, permissions, product } = detail;
  useTaskPaletteActions({
    targets: [task],
    viewer,
    canEdit: permissions.canEdit && !product.archived,
    heading: taskTargetsHeading([task], false),
    apply,
    editTitle,
  });
  return (
    <p className="sr-only" aria-live="polite">
      {said}
    </p>
  );
}
