import { useSession } from '../../features/auth/api/get-session.ts';
import { TasksPage } from '../../features/tasks/components/tasks-page.tsx';

export function Component() {
  // RequireSession has loaded the user before any signed-in page renders.
  const { data: user } = useSession();
  if (!user) return null;
  return <TasksPage viewer={{ id: user.id, role: user.role }} />;
}

export default Component;
