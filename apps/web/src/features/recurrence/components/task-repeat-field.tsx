import { type RecurrenceMode, recurrenceMessages } from '@shipyard/shared';
import { RepeatIcon } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useEffect, useRef, useState } from 'react';
import { OptionSelect } from '../../../components/option-select.tsx';
import { RepeatEditor } from '../../../components/repeat-editor.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { PopoverContent } from '../../../components/ui/popover.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format.ts';
import { k, t } from '../../../lib/i18n/index.ts';
import {
  browserTimeZone,
  useSetTaskRecurrence,
  useStopTaskRecurrence,
  useTaskRecurrence,
} from '../../../lib/task-recurrence.ts';
import { toast } from '../../../lib/toast.ts';

const repeatTexts = {
  none: k('Does not repeat'),
  set: k('Repeat…'),
  edit: k('Change'),
  stop: k('Stop repeating'),
  save: k('Save'),
  mode: k('Create the next one'),
  modes: [
    { value: 'completed', label: k('When this one is completed') },
    { value: 'schedule', label: k('On its date, even if this one is open') },
  ],
  next: (days: string[]) => t('Next: {{days}}', { days: days.map((day) => formatDate(day)).join(', ') }),
} as const;

/** Today in the browser, 'YYYY-MM-DD'. */
const localToday = () => new Intl.DateTimeFormat('en-CA').format(new Date());

type Props = {
  taskId: string;
  dueDate: string | null;
  canEdit: boolean;
  /** The task carries a rule (`task.recurring`): only then is it read. */
  recurring: boolean;
  /** The task's updatedAt: a change of it (completed here: the rule moved on) reads the repeat again. */
  version: string;
};

/**
 * The task page's "Repeat" property (issue 29): the rule in words, its next days and how the next
 * one comes; for those who may edit the task, a popover to set or change it and one click to stop.
 */
export function TaskRepeatField({ taskId, dueDate, canEdit, recurring, version }: Props) {
  const query = useTaskRecurrence(taskId, recurring);
  const seen = useRef(version);
  const { refetch } = query;
  useEffect(() => {
    if (seen.current === version) return;
    seen.current = version;
    if (recurring) void refetch();
  }, [version, recurring, refetch]);
  const stop = useStopTaskRecurrence();
  if (recurring && query.isPending) return <Skeleton className="h-5 w-32" />;
  const recurrence = recurring ? (query.data?.recurrence ?? null) : null;
  return (
    <div className="grid gap-1.5 text-sm">
      {recurrence ? (
        <>
          <p className="flex items-center gap-1.5 font-medium">
            <RepeatIcon aria-hidden="true" className="size-3.5 text-muted-foreground" />
            {recurrence.words}
          </p>
          <p className="text-muted-foreground text-xs">
            {recurrence.next.length > 0
              ? repeatTexts.next(recurrence.next.slice(0, 3))
              : t(recurrenceMessages.ended)}
          </p>
          <p className="text-muted-foreground text-xs">
            {recurrence.mode === 'schedule'
              ? t('A new one is created on each date.')
              : t('The next one comes when this one is completed.')}
          </p>
        </>
      ) : (
        <p className="text-muted-foreground">{t(repeatTexts.none)}</p>
      )}
      {canEdit ? (
        <div className="flex flex-wrap gap-1.5">
          <RepeatPopover
            taskId={taskId}
            startsOn={recurrence?.startsOn ?? dueDate ?? localToday()}
            rule={recurrence?.rule ?? null}
            mode={recurrence?.mode ?? 'completed'}
            label={t(recurrence ? repeatTexts.edit : repeatTexts.set)}
          />
          {recurrence ? (
            <Button
              type="button"
              variant="ghost"
              size="sm"
              className="h-7 px-2 text-xs"
              disabled={stop.isPending}
              onClick={() =>
                stop.mutate(taskId, {
                  onSuccess: () => toast.success(t(recurrenceMessages.stopped)),
                  onError: (err) => toast.error(getErrorMessage(err, t(recurrenceMessages.stopFailed))),
                })
              }
            >
              {t(repeatTexts.stop)}
            </Button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

function RepeatPopover({
  taskId,
  startsOn,
  rule,
  mode,
  label,
}: {
  taskId: string;
  startsOn: string;
  rule: string | null;
  mode: RecurrenceMode;
  label: string;
}) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<string | null>(rule ?? 'FREQ=WEEKLY');
  const [draftMode, setDraftMode] = useState<RecurrenceMode>(mode);
  const save = useSetTaskRecurrence();
  const stop = useStopTaskRecurrence();
  const onOpenChange = (next: boolean) => {
    if (next) {
      setDraft(rule);
      setDraftMode(mode);
    }
    setOpen(next);
  };
  function submit() {
    const done = {
      onSuccess: () => {
        toast.success(t(draft ? recurrenceMessages.set : recurrenceMessages.stopped));
        setOpen(false);
      },
      onError: (err: unknown) => toast.error(getErrorMessage(err, t(recurrenceMessages.setFailed))),
    };
    if (!draft) {
      if (rule) stop.mutate(taskId, done);
      else setOpen(false);
      return;
    }
    save.mutate({ taskId, rule: draft, mode: draftMode, timeZone: browserTimeZone() }, done);
  }
  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Trigger asChild>
        <Button type="button" variant="outline" size="sm" className="h-7 px-2 text-xs">
          {label}
        </Button>
      </Popover.Trigger>
      <PopoverContent aria-label={t('Repeat')} className="grid w-80 max-w-[calc(100vw-1rem)] gap-3 p-3">
        <RepeatEditor id={`repeat-${taskId}`} value={draft} onChange={setDraft} startsOn={startsOn} />
        {draft ? (
          <div className="grid gap-1.5">
            <Label htmlFor={`repeat-${taskId}-mode`}>{t(repeatTexts.mode)}</Label>
            <OptionSelect
              id={`repeat-${taskId}-mode`}
              aria-label={t(repeatTexts.mode)}
              value={draftMode}
              onValueChange={(value) => setDraftMode(value as RecurrenceMode)}
              options={repeatTexts.modes.map((option) => ({ ...option, label: t(option.label) }))}
              className="w-full"
            />
          </div>
        ) : null}
        <div className="flex justify-end">
          <Button type="button" size="sm" onClick={submit} disabled={save.isPending || stop.isPending}>
            {t(repeatTexts.save)}
          </Button>
        </div>
      </PopoverContent>
    </Popover.Root>
  );
}
