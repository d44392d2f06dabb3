import { useParams } from 'react-router';
import { useSession } from '../../features/auth/api/get-session.ts';
import { TaskPage, type TaskPageSlots } from '../../features/tasks/components/task-page/task-page.tsx';

/**
 * The parts of the task's page that other features own (issue 15): the lead plugs in the
 * checklist, labels, files and conversation here, e.g. `comments: (d) => <TaskConversation task={d.task} />`.
 */
const slots: TaskPageSlots = {};

/** /tasks/{id}: the task's page, full page or (opened from a list) the shell's side panel. */
export function Component() {
  const { id = '' } = useParams();
  // RequireSession has loaded the user before any signed-in page renders.
  const { data: user } = useSession();
  const viewer = { id: user?.id ?? '', role: user?.role ?? ('guest' as const) };
  // Keyed by id: another task starts with fresh state (no half-typed title carried over).
  return <TaskPage key={id} taskId={id} viewer={viewer} slots={slots} />;
}

export default Component;
