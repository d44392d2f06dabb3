import {
  formatDuration,
  parseDuration,
  TIME_NOTE_MAX,
  type TimeEntry,
  type TimeEntryForm,
  TimeEntryFormSchema,
  timeMessages,
} from '@shipyard/shared';
import { FormDialog, FormDialogForm } from '../../../components/form-dialog.tsx';
import { TextareaField, TextField } from '../../../components/ui/text-field.tsx';
import { useServerForm } from '../../../hooks/use-server-form.ts';
import { t } from '../../../lib/i18n/index.ts';
import { toast } from '../../../lib/toast.ts';
import { localDay, useSaveTimeEntry } from '../api/time.ts';

type Props = {
  taskId: string;
  /** The entry to edit; `true` for a new one; closed otherwise. */
  entry: TimeEntry | true | null;
  onClose: () => void;
};

/**
 * Log time by hand, or edit one's entry (issue 31): a day up to today, a duration typed as people
 * say it ("1h 30m", "90m", "1.5h", "1:30"), and a note. The shared schema checks the fields with
 * their own messages; the server's refusal of a field lands on it.
 */
export function TimeEntryDialog({ taskId, entry, onClose }: Props) {
  return (
    <FormDialog open={entry !== null} onOpenChange={(open) => !open && onClose()} className="sm:max-w-md">
      {entry !== null ? (
        <TimeEntryFormBody taskId={taskId} entry={entry === true ? undefined : entry} onClose={onClose} />
      ) : null}
    </FormDialog>
  );
}

function TimeEntryFormBody({
  taskId,
  entry,
  onClose,
}: {
  taskId: string;
  entry: TimeEntry | undefined;
  onClose: () => void;
}) {
  const save = useSaveTimeEntry(taskId);
  const { form, onSubmit } = useServerForm<TimeEntryForm>({
    schema: TimeEntryFormSchema,
    defaultValues: {
      date: entry?.date ?? localDay(),
      duration: entry ? formatDuration(entry.seconds) : '',
      note: entry?.note ?? '',
    },
    fields: ['date', 'duration', 'note'],
    codeToField: {},
    failureTitle: t(timeMessages.saveFailed),
    submit: (values) => {
      const seconds = parseDuration(values.duration) ?? 0;
      // An edit keeps a timer's exact seconds when the duration shown was left as it was.
      const same = entry && values.duration === formatDuration(entry.seconds);
      const body = { date: values.date, note: values.note.trim(), ...(same ? {} : { seconds }) };
      return save.mutateAsync(
        entry
          ? { kind: 'update', id: entry.id, body }
          : { kind: 'create', body: { date: values.date, seconds, note: values.note.trim() } },
      );
    },
    onSuccess: () => {
      onClose();
      toast.success(entry ? t('Time entry updated') : t('Time logged'));
    },
  });
  return (
    <FormDialogForm
      form={form}
      onSubmit={onSubmit}
      title={entry ? t('Edit time entry') : t('Log time')}
      description={t('The day you worked, how long, and what on.')}
      pending={save.isPending}
      submitLabel={entry ? t('Save') : t('Log time')}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField control={form.control} name="date" label={t('Date')} type="date" max={localDay()} />
        <TextField
          control={form.control}
          name="duration"
          label={t('Duration')}
          placeholder={t('e.g. 1h 30m')}
          autoComplete="off"
          description={t('Like 1h 30m, 90m or 1.5h')}
          autoFocus
        />
      </div>
      <TextareaField
        control={form.control}
        name="note"
        label={t('Note')}
        placeholder={t('What did you work on? (optional)')}
        maxLength={TIME_NOTE_MAX}
        rows={3}
      />
    </FormDialogForm>
  );
}
