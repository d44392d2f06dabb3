import type { Task } from '@shipyard/shared';

// The team and assignee choices of a task's page, shared by its side panel (task-properties.tsx)
// and its phone chips (task-chips.tsx).

type Named = { id: string; name: string };

/** The options, plus the current choice when it is no longer among them (or not loaded yet). */
export function withCurrent(list: ReadonlyArray<Named>, current: Named | null) {
  if (!current || list.some((item) => item.id === current.id)) return [...list];
  return [current, ...list];
}

/** What the page shows at once for a new team or assignee (`id` null: none), before the server answers. */
export function shownReference(
  task: Task,
  field: 'teamId' | 'assigneeId',
  id: string | null,
  teams: ReadonlyArray<Named>,
  assignees: ReadonlyArray<Named & { avatar_url: string | null }> | undefined,
): Partial<Task> {
  if (field === 'teamId') return { teamId: id, team: teams.find((t) => t.id === id) ?? null };
  const person = assignees?.find((p) => p.id === id) ?? task.assignee;
  return {
    assigneeId: id,
    assignee:
      person && person.id === id ? { id: person.id, name: person.name, avatar_url: person.avatar_url } : null,
  };
}
