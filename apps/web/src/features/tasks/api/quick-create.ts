import type { CreateTask, Task, TaskLabels } from '@shipyard/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../../lib/api-client.ts';
import { changeCachedTasks, refreshAfterTaskChange } from './task-cache.ts';

// Fast creation (issue 28): the new task shows in every list and column it belongs to at once,
// under a temporary id; the server's answer replaces it, and a refusal takes it out again.

/** What the inline line and the dialog know of a new task beyond its fields. */
export type TaskGuessContext = {
  product: { id: string; name: string };
  labels?: Task['labels'];
  assignee?: Task['assignee'];
  team?: Task['team'];
};

let guesses = 0;

/** The task as it will most likely be stored, under a temporary id, shown until the answer. */
function guessTask(body: CreateTask, context: TaskGuessContext, now = new Date()): Task {
  guesses += 1;
  const id = `new-${now.getTime()}-${guesses}`;
  const at = now.toISOString();
  return {
    id,
    _id: id,
    // Numbered by the server; until then no key is shown.
    number: 0,
    key: '',
    title: body.title,
    description: body.description,
    status: body.status,
    priority: body.priority,
    phase: body.phase,
    dueDate: body.dueDate,
    teamId: body.teamId,
    team: context.team ?? null,
    assigneeId: body.assigneeId,
    assignee: context.assignee ?? null,
    projectId: context.product.id,
    product_id: context.product.id,
    project: context.product,
    createdBy: null,
    completedAt: null,
    fields: {},
    createdAt: at,
    updatedAt: at,
    checklist: { done: 0, total: 0 },
    labels: context.labels ?? [],
    // '' sorts first: on top of its column, where the server puts a new card (decision 033).
    rank: '',
    // None named: the server's first state of the status (issue 29), known once it answers.
    stateId: body.stateId ?? null,
    parentId: body.parentId,
    subtasks: { done: 0, total: 0 },
    estimate: body.estimate === null ? null : String(body.estimate),
    blocked: false,
    blockedBy: [],
  };
}

/** Whether a task is a guess still waiting for the server (no menu, no link yet). */
export const isGuessedTask = (task: Pick<Task, 'id'>) => task.id.startsWith('new-');

/**
 * Creates a task optimistically: the guess goes into every cached list now; then POST /api/tasks
 * (and PUT its labels when it has some), and the stored task takes the guess's place. On a refusal
 * the guess is taken out and the error thrown for the caller's toast.
 */
export function useQuickCreateTask() {
  const queryClient = useQueryClient();
  return useCallback(
    async (body: CreateTask, context: TaskGuessContext): Promise<Task> => {
      const guess = guessTask(body, context);
      changeCachedTasks(queryClient, { task: guess }, undefined);
      const removeGuess = () => changeCachedTasks(queryClient, { removedId: guess.id }, guess);
      let created: Task;
      try {
        created = await api.post<Task>('/tasks', body);
      } catch (error) {
        removeGuess();
        throw error;
      }
      const labelIds = (context.labels ?? []).map((label) => label.id);
      if (labelIds.length > 0) {
        try {
          const { labels } = await api.put<TaskLabels>(`/tasks/${encodeURIComponent(created.id)}/labels`, {
            labelIds,
          });
          created = { ...created, labels };
        } catch {
          // The task stands without its labels; the list shows what was stored.
        }
      }
      removeGuess();
      changeCachedTasks(queryClient, { task: created });
      void refreshAfterTaskChange(queryClient);
      return created;
    },
    [queryClient],
  );
}
