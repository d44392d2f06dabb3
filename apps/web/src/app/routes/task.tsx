import { useParams } from 'react-router';
import { TaskView } from './task-view.tsx';

/**
 * /tasks/{id} or /tasks/{key} (`ATL-12`, issue 28): the task's page, full page or (opened from a
 * list) the shell's side panel.
 */
export function Component() {
  const { id = '' } = useParams();
  return <TaskView id={id} />;
}
