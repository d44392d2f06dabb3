import { hierarchyMessages, relationMessages } from '@shipyard/shared';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TooltipProvider } from '../../../components/ui/tooltip.tsx';
import { confirmHost } from '../../../lib/confirm.ts';
import { TaskHierarchyMarks } from './task-hierarchy-marks.tsx';
import { makeTask } from './test-tasks.ts';
import { confirmStatusChange } from './use-task-status-change.ts';

describe('TaskHierarchyMarks', () => {
  it('shows "done/total" sub-tasks, the estimate and a Blocked mark naming the blockers', () => {
    render(
      <TooltipProvider>
        <TaskHierarchyMarks
          task={makeTask({
            subtasks: { done: 2, total: 5 },
            estimate: 'M',
            blocked: true,
            blockedBy: ['APO-7'],
          })}
        />
      </TooltipProvider>,
    );
    expect(screen.getByTitle('Sub-tasks: 2 of 5 done')).toHaveTextContent('2/5');
    expect(screen.getByTitle('Estimate: M')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Blocked by APO-7' })).toHaveTextContent('Blocked');
  });

  it('shows nothing for a task without sub-tasks, estimate or blocker', () => {
    const { container } = render(<TaskHierarchyMarks task={makeTask()} />);
    expect(container).toBeEmptyDOMElement();
  });
});

describe('confirmStatusChange', () => {
  afterEach(() => confirmHost.answer(false));

  it('asks before completing a task with open sub-tasks, and goes on only when confirmed', async () => {
    const task = makeTask({ subtasks: { done: 1, total: 3 } });
    const asked = confirmStatusChange(task, 'Completed');
    expect(confirmHost.current()).toMatchObject({
      description: hierarchyMessages.openSubtasks(2),
      confirm: hierarchyMessages.completeAnyway,
    });
    confirmHost.answer(false);
    expect(await asked).toBe(false);

    const again = confirmStatusChange(task, 'Completed');
    confirmHost.answer(true);
    expect(await again).toBe(true);
    // Starting it asks nothing.
    expect(await confirmStatusChange(task, 'In Progress')).toBe(true);
  });

  it('warns before starting or completing a blocked task, naming its open blockers', async () => {
    const task = makeTask({ blocked: true, blockedBy: ['APO-3'] });
    const asked = confirmStatusChange(task, 'In Progress');
    expect(confirmHost.current()?.description).toBe(relationMessages.blockedConfirm(['APO-3']));
    confirmHost.answer(true);
    expect(await asked).toBe(true);
    expect(await confirmStatusChange(task, 'Pending')).toBe(true);
    expect(confirmHost.current()).toBeNull();
  });
});
