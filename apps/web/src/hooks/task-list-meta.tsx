import { createContext, type ReactNode, useContext } from 'react';

// What another feature shows in a task list's header beside its count and estimates (issue 31:
// the time logged on the list's tasks, from features/time), composed in by the route: the tasks
// feature hands it the list's query and shows what comes back, knowing nothing of it.

/** Given the list's query string (GET /api/tasks/all's filters, with `productId` for one product's). */
type TaskListMeta = (query: string) => ReactNode;

const TaskListMetaContext = createContext<TaskListMeta | undefined>(undefined);

export function TaskListMetaProvider({ meta, children }: { meta: TaskListMeta; children: ReactNode }) {
  return <TaskListMetaContext.Provider value={meta}>{children}</TaskListMetaContext.Provider>;
}

/** The route's header addition for task lists, if it gave one. */
export const useTaskListMeta = () => useContext(TaskListMetaContext);
