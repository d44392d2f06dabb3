import {
  syncMessages as m,
  type Task,
  type TaskPhase,
  type TaskPriority,
  type TaskStatus,
} from '@shipyard/shared';
import { CloudOffIcon, RefreshCwIcon } from 'lucide-react';
import { useState } from 'react';
import {
  AlertDialog,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../../../components/ui/alert-dialog.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useOnline } from '../../../hooks/use-online.ts';
import { cn } from '../../../lib/cn.ts';
import { k, t } from '../../../lib/i18n/index.ts';
import { toast } from '../../../lib/toast.ts';
import { type TaskEditConflict, useQueuedTaskEdits, useResolveConflict } from '../api/queued-task-edit.ts';
import { pendingCountText, phaseName, priorityName, statusName } from './task-texts.ts';

// Issue 33: what the person sees of the changes made offline: 'Pending sync' in the top bar and
// on the changed task until they are sent, and a choice when one met someone else's change.

const pill =
  'inline-flex h-7 items-center gap-1.5 whitespace-nowrap rounded-full border bg-muted/60 px-2 font-medium text-muted-foreground text-xs sm:px-2.5';

/** The top bar's offline and pending-sync pills, and the conflict dialog when a change met another. */
export function TaskSyncStatus({ className }: { className?: string }) {
  const online = useOnline();
  const { pending, conflicts } = useQueuedTaskEdits();
  return (
    // A live region of its own (not a second role=status beside the realtime one): the pills are read out as they come.
    <div aria-live="polite" className={cn('flex items-center gap-1.5', className)}>
      {online ? null : (
        <span title={t(m.offline)} className={pill}>
          <CloudOffIcon aria-hidden="true" className="size-3" />
          <span className="sr-only sm:not-sr-only">{t(m.offline)}</span>
        </span>
      )}
      {pending > 0 ? (
        <span title={pendingCountText(pending)} className={pill} data-pending-sync={pending}>
          <RefreshCwIcon aria-hidden="true" className="size-3" />
          <span className="sr-only sm:not-sr-only">{t(m.pending)}</span>
          <span className="tabular-nums">{pending}</span>
        </span>
      ) : null}
      {conflicts[0] ? <TaskConflictDialog key={conflicts[0].edit.since} conflict={conflicts[0]} /> : null}
    </div>
  );
}

/** Beside a task's title while a change of it waits to be sent. */
export function TaskPendingMark({ taskId }: { taskId: string }) {
  const { pending } = useQueuedTaskEdits(taskId);
  if (pending === 0) return null;
  return (
    <Badge variant="outline" title={t(m.pendingTask)} className="text-muted-foreground">
      <RefreshCwIcon aria-hidden="true" />
      {t(m.pending)}
    </Badge>
  );
}

const labels: Partial<Record<keyof Task, string>> = {
  title: k('Title'),
  description: k('Description'),
  status: k('Status'),
  priority: k('Priority'),
  phase: k('Phase'),
  dueDate: k('Due date'),
  assigneeId: k('Assignee'),
  teamId: k('Team'),
  estimate: k('Estimate'),
  stateId: k('State'),
};

/** A field's value as the person reads it (a name rather than an id). */
function readableValue(task: Partial<Task>, field: keyof Task): string {
  if (field === 'assigneeId') return task.assignee?.name ?? (task.assigneeId ? t('Someone') : t('None'));
  if (field === 'teamId') return task.team?.name ?? (task.teamId ? t('A team') : t('None'));
  const value = task[field];
  if (value === null || value === undefined || value === '') return t('None');
  // The stored values that have names; a title, a date or an estimate reads as it is.
  if (field === 'status') return statusName(value as TaskStatus);
  if (field === 'priority') return priorityName(value as TaskPriority);
  if (field === 'phase') return phaseName(value as TaskPhase);
  return String(value);
}

/** The fields worth a row: one per change (the state goes with its status, a name with its id). */
function shownFields(fields: Array<keyof Task>): Array<keyof Task> {
  return fields.filter((f) => f in labels && !(f === 'stateId' && fields.includes('status')));
}

/** Both values of each clashing field, and the two choices. */
export function TaskConflictDialog({ conflict }: { conflict: TaskEditConflict }) {
  const resolve = useResolveConflict();
  const [busy, setBusy] = useState(false);
  const yours = { ...conflict.current, ...conflict.edit.shown };
  const pick = async (choice: 'keepYours' | 'keepCurrent') => {
    setBusy(true);
    try {
      await resolve[choice](conflict);
      toast.success(t(choice === 'keepYours' ? m.keptYours : m.keptCurrent));
    } catch {
      // A refused send is told by the queue itself; a new conflict opens the dialog again.
    } finally {
      setBusy(false);
    }
  };
  return (
    <AlertDialog open>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t(m.conflictTitle)}</AlertDialogTitle>
          <AlertDialogDescription>
            {conflict.current.key}: {t(m.conflictDescription)}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <dl className="grid gap-3 text-sm">
          {shownFields(
            conflict.fields.length > 0
              ? conflict.fields
              : (Object.keys(conflict.edit.shown) as Array<keyof Task>),
          ).map((field) => (
            <div key={field} className="grid gap-1.5">
              <dt className="font-medium">{t(labels[field] ?? field)}</dt>
              <dd className="grid gap-2 sm:grid-cols-2">
                <div className="min-w-0 rounded-md border p-2" data-side="yours">
                  <p className="text-muted-foreground text-xs">{t(m.yours)}</p>
                  <p className="whitespace-pre-wrap break-words">{readableValue(yours, field)}</p>
                </div>
                <div className="min-w-0 rounded-md border p-2" data-side="current">
                  <p className="text-muted-foreground text-xs">{t(m.current)}</p>
                  <p className="whitespace-pre-wrap break-words">{readableValue(conflict.current, field)}</p>
                </div>
              </dd>
            </div>
          ))}
        </dl>
        <AlertDialogFooter>
          <Button variant="outline" disabled={busy} onClick={() => void pick('keepCurrent')}>
            {t(m.keepCurrent)}
          </Button>
          <Button disabled={busy} onClick={() => void pick('keepYours')}>
            {t(m.keepYours)}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
