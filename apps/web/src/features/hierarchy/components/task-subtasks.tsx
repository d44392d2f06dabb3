import { hierarchyMessages, type Subtask } from '@shipyard/shared';
import { CornerLeftUpIcon, ListPlusIcon, PlusIcon, XIcon } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { k, t } from '../../../lib/i18n/index.ts';
import { paths } from '../../../lib/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { useCreateSubtask, useSetParent, useSubtasks } from '../api/hierarchy.ts';
import { TaskPicker } from './task-picker.tsx';

type TaskRef = { id: string; projectId: string; parentId: string | null };

const statusTone: Record<Subtask['status'], string> = {
  Pending: 'text-muted-foreground',
  'In Progress': 'text-blue-700 dark:text-blue-400',
  Completed: 'text-emerald-700 dark:text-emerald-400',
};

const statusLabels: Record<Subtask['status'], string> = {
  Pending: k('Pending'),
  'In Progress': k('In Progress'),
  Completed: k('Completed'),
};

/** Where a task sits: its parents, the root first, each a link (above the task's title). */
export function TaskBreadcrumb({ taskId }: { taskId: string }) {
  const { data } = useSubtasks(taskId);
  if (!data || data.parents.length === 0) return null;
  return (
    <nav
      aria-label={t('Parent tasks')}
      className="flex min-w-0 flex-wrap items-center gap-1 text-muted-foreground text-sm"
    >
      <CornerLeftUpIcon aria-hidden="true" className="size-4" />
      {data.parents.map((parent, index) => (
        <span key={parent.id} className="flex min-w-0 items-center gap-1">
          {index > 0 ? <span aria-hidden="true">›</span> : null}
          <Link
            to={paths.task(parent.id)}
            className="max-w-60 truncate hover:text-foreground hover:underline"
          >
            <span className="font-mono text-xs">{parent.key}</span> {parent.title}
          </Link>
        </span>
      ))}
    </nav>
  );
}

/**
 * A task's sub-tasks (issue 29): key, title, status, assignee; an inline create (title, Enter: the
 * focus stays for the next one), or the create dialog with this task as the parent
 * (`onAddWithDetails`); and its parent, set from a search of the product's tasks or cleared.
 */
export function TaskSubtasks({
  task,
  canEdit,
  onAddWithDetails,
}: {
  task: TaskRef;
  canEdit: boolean;
  onAddWithDetails?: () => void;
}) {
  const subtasks = useSubtasks(task.id);
  const create = useCreateSubtask(task);
  const setParent = useSetParent(task.id);
  const [title, setTitle] = useState('');
  const [picking, setPicking] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const list = subtasks.data?.data ?? [];
  const parent = subtasks.data?.parents.at(-1);
  const done = list.filter((s) => s.status === 'Completed').length;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = title.trim();
    if (!text) return;
    create.mutate(text, {
      onSuccess: () => setTitle(''),
      onError: (error) =>
        toast.error(t(hierarchyMessages.subtaskCreateFailed), { description: getErrorMessage(error) }),
    });
    input.current?.focus();
  };
  const changeParent = (parentId: string | null) =>
    setParent.mutate(parentId, {
      onSuccess: () => setPicking(false),
      onError: (error) =>
        toast.error(t(hierarchyMessages.parentSaveFailed), { description: getErrorMessage(error) }),
    });

  return (
    <section aria-labelledby="task-subtasks" className="grid gap-2">
      <h2 id="task-subtasks" className="flex items-center gap-2 font-medium text-sm">
        {t('Sub-tasks')}
        {list.length > 0 ? (
          <span className="font-normal text-muted-foreground text-xs tabular-nums">
            {done}/{list.length}
          </span>
        ) : null}
      </h2>
      {list.length > 0 ? (
        <ul className="grid divide-y rounded-md border">
          {list.map((subtask) => (
            <li
              key={subtask.id}
              data-subtask={subtask.id}
              className="flex min-w-0 items-center gap-3 px-3 py-2 text-sm"
            >
              <span className="shrink-0 font-mono text-muted-foreground text-xs">{subtask.key}</span>
              <Link
                to={paths.task(subtask.id)}
                className={cn(
                  'min-w-0 flex-1 truncate hover:underline',
                  subtask.status === 'Completed' && 'text-muted-foreground line-through',
                )}
              >
                {subtask.title}
              </Link>
              <span className={cn('shrink-0 text-xs', statusTone[subtask.status])}>
                {t(statusLabels[subtask.status])}
              </span>
              <span className="w-24 shrink-0 truncate text-end text-muted-foreground text-xs max-sm:hidden">
                {subtask.assignee?.name ?? t('Unassigned')}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-muted-foreground text-sm">{t('No sub-tasks yet.')}</p>
      )}
      {canEdit ? (
        <form onSubmit={submit} className="flex gap-2">
          <Input
            ref={input}
            value={title}
            maxLength={200}
            onChange={(event) => setTitle(event.target.value)}
            placeholder={t('Add a sub-task…')}
            aria-label={t('Add a sub-task')}
            className="h-8 text-sm"
          />
          <Button type="submit" size="sm" variant="outline" disabled={!title.trim()}>
            <PlusIcon aria-hidden="true" />
            {t('Add')}
          </Button>
          {onAddWithDetails ? (
            <Button type="button" size="sm" variant="ghost" onClick={onAddWithDetails}>
              <ListPlusIcon aria-hidden="true" />
              {/* A phone keeps the room for the title: the icon, its name for screen readers. */}
              <span className="max-sm:sr-only">{t('Add with details')}</span>
            </Button>
          ) : null}
        </form>
      ) : null}
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="text-muted-foreground">{t('Parent:')}</span>
        {parent ? (
          <Link to={paths.task(parent.id)} className="min-w-0 truncate hover:underline">
            <span className="font-mono text-muted-foreground text-xs">{parent.key}</span> {parent.title}
          </Link>
        ) : (
          <span className="text-muted-foreground">{t('None')}</span>
        )}
        {canEdit ? (
          <>
            <Button type="button" size="sm" variant="ghost" onClick={() => setPicking((open) => !open)}>
              {parent ? t('Change') : t('Set parent')}
            </Button>
            {parent ? (
              <Button
                type="button"
                size="sm"
                variant="ghost"
                aria-label={t('Remove the parent')}
                disabled={setParent.isPending}
                onClick={() => changeParent(null)}
              >
                <XIcon aria-hidden="true" />
              </Button>
            ) : null}
          </>
        ) : null}
      </div>
      {picking ? (
        <TaskPicker
          label={t('Search the product’s tasks')}
          productId={task.projectId}
          exclude={[task.id, ...list.map((s) => s.id)]}
          disabled={setParent.isPending}
          onPick={(picked) => changeParent(picked.id)}
        />
      ) : null}
    </section>
  );
}
