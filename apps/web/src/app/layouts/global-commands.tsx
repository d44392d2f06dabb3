import { canEditTasks, type User } from '@shipyard/shared';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useLocation } from 'react-router';
import { CommandProvider } from '../../features/search/components/command-provider.tsx';
import { type TaskDefaults, taskDefaultsForPlace } from '../../features/tasks/components/task-defaults.ts';
import { t } from '../../lib/i18n/index.ts';
import { paths } from '../../lib/paths.ts';
import { navItemsFor } from './nav-items.ts';
import { useLogout } from './use-logout.ts';

const NewTaskDialog = lazy(() => import('./new-task-dialog.tsx'));

/**
 * The command palette and keyboard shortcuts (issue 16) with what they act on from other
 * features: the pages of the sidebar, the new-task form, signing out.
 */
export function GlobalCommands({ user, children }: { user: User; children: ReactNode }) {
  const { logout } = useLogout();
  // undefined: never opened (nothing loaded); then open or closed.
  const [newTask, setNewTask] = useState<boolean | undefined>(undefined);
  const location = useLocation();
  // Read when `c` is pressed: the page it is pressed on gives the new task's defaults.
  const [defaults, setDefaults] = useState<TaskDefaults>({ labelIds: [], labelNames: [] });
  const openNewTask = () => {
    setDefaults(taskDefaultsForPlace(location.pathname, location.search, user.id));
    setNewTask(true);
  };
  return (
    <CommandProvider
      role={user.role}
      pages={[
        ...navItemsFor(user.role),
        // Issue 31: one's timesheet, from the account menu.
        ...(canEditTasks(user.role) ? [{ to: paths.timesheet(), label: t('Timesheet') }] : []),
      ]}
      onNewTask={canEditTasks(user.role) ? openNewTask : undefined}
      onSignOut={logout}
    >
      {children}
      {newTask !== undefined ? (
        <Suspense fallback={null}>
          <NewTaskDialog open={newTask} onOpenChange={setNewTask} defaults={defaults} />
        </Suspense>
      ) : null}
    </CommandProvider>
  );
}
