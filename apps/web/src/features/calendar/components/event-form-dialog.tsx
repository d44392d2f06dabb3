import {
  type CalendarEvent,
  type CreateEvent,
  CreateEventSchema,
  EVENT_CREATE_STATUSES,
  EVENT_DESCRIPTION_MAX,
  EVENT_STATUSES,
  EVENT_TYPES,
  type EventFields,
  EventFieldsSchema,
  type EventScope,
  type EventStatus,
  eventMessages as m,
  type UpdateEvent,
} from '@shipyard/shared';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { FormDialog, FormDialogForm } from '../../../components/form-dialog.tsx';
import { RepeatEditor } from '../../../components/repeat-editor.tsx';
import { SelectField, type SelectFieldOption } from '../../../components/select-field.tsx';
import { FormField, FormItem, FormMessage } from '../../../components/ui/form.tsx';
import { TextareaField, TextField } from '../../../components/ui/text-field.tsx';
import { changedFields, useServerForm } from '../../../hooks/use-server-form.ts';
import { k, t } from '../../../lib/i18n/index.ts';
import { toast } from '../../../lib/toast.ts';
import { useChangeOccurrence, useCreateEvent, useUpdateEvent } from '../api/save-event.ts';
import { eventStatusNames } from './calendar-texts.ts';
import { EventStatusDot, eventTypeIcons, eventTypeLabels } from './event-badges.tsx';

export type EventFormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The event being edited; undefined to add one. */
  event?: CalendarEvent | undefined;
  /** On a date of a repeating event: which dates the edit applies to (all when undefined). */
  scope?: EventScope | undefined;
  /** A new event's day ('YYYY-MM-DD'): the selected day. */
  defaultDate: string;
  /** The products an event may belong to (lib/product-options.ts). */
  products: ReadonlyArray<{ id: string; name: string }>;
};

/** What the form holds: strings only; the shared schema turns them into the API's values. */
type EventFormValues = {
  title: string;
  date: string;
  startTime: string;
  type: string;
  status: string;
  description: string;
  meetingLink: string;
  participants: string;
  productId: string;
  /** An RRULE, or '' for once (issue 29). */
  recurrence: string;
};

const FIELDS = [
  'title',
  'date',
  'startTime',
  'type',
  'status',
  'description',
  'meetingLink',
  'participants',
  'productId',
  'recurrence',
] as const satisfies ReadonlyArray<keyof EventFormValues & keyof EventFields>;

const typeChoices = (): SelectFieldOption[] =>
  EVENT_TYPES.map((type) => {
    const Icon = eventTypeIcons[type];
    return {
      value: type,
      label: t(eventTypeLabels[type]),
      icon: <Icon aria-hidden="true" className="size-3.5 text-muted-foreground" />,
    };
  });
const statusChoices = (statuses: readonly EventStatus[]): SelectFieldOption[] =>
  statuses.map((status) => ({
    value: status,
    label: t(eventStatusNames[status]),
    icon: <EventStatusDot status={status} />,
  }));

/** Texts under the repeat for an edit of a repeating event, by scope. */
const scopeNotes: Record<EventScope, string> = {
  this: k('Changes apply to this date only.'),
  following: k('Changes apply to this date and the ones after it.'),
  all: k('Changes apply to every date of this event.'),
};

function defaultsFor(
  event: CalendarEvent | undefined,
  defaultDate: string,
  scope: EventScope = 'all',
): EventFormValues {
  return {
    title: event?.title ?? '',
    // All dates of a repeating event edit its series: the series' first day; one date, its own.
    date: (scope === 'all' ? event?.seriesDate : undefined) ?? event?.date ?? defaultDate,
    startTime: event?.startTime ?? '',
    type: event?.type ?? 'meeting',
    status: event?.status ?? 'Planning',
    description: event?.description ?? '',
    meetingLink: event?.meetingLink ?? '',
    participants: event?.participants.join(', ') ?? '',
    productId: event?.productId ?? '',
    recurrence: event?.recurrence ?? '',
  };
}

/**
 * Spec §2.13 and §5: add or edit an event. Title 1–100 characters, description at most 500, a
 * meeting link that is an http(s) URL or empty, participants as comma-separated e-mail addresses.
 */
export function EventFormDialog({ open, onOpenChange, ...props }: EventFormDialogProps) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} layout="sections" className="sm:max-w-xl">
      <EventForm {...props} onSaved={() => onOpenChange(false)} />
    </FormDialog>
  );
}

type EventFormProps = Omit<EventFormDialogProps, 'open' | 'onOpenChange'> & { onSaved: () => void };

function EventForm({ event, scope = 'all', defaultDate, products, onSaved }: EventFormProps) {
  const create = useCreateEvent();
  const update = useUpdateEvent();
  const changeOccurrence = useChangeOccurrence();
  const editing = event !== undefined;
  // One date (and maybe the following ones) of a repeating event, named by the day its rule gives it.
  const occurrence = scope !== 'all' ? event?.occurrenceDate : undefined;
  const [defaults] = useState(() => defaultsFor(event, defaultDate, scope));
  const { form, onSubmit } = useServerForm<EventFormValues, EventFields, CalendarEvent>({
    schema: editing ? EventFieldsSchema : CreateEventSchema,
    defaultValues: defaults,
    fields: FIELDS,
    // Editing sends only what changed.
    submit: (values, { getValues }) => {
      if (!event) return create.mutateAsync(values as CreateEvent);
      const changed = changedFields(FIELDS, values, getValues(), defaults) as UpdateEvent;
      return occurrence && scope !== 'all'
        ? changeOccurrence.mutateAsync({ id: event.id, day: occurrence, scope, ...changed })
        : update.mutateAsync({ id: event.id, ...changed });
    },
    onSuccess: (_event, _values, { reset }) => {
      toast.success(t(editing ? m.updated : m.created));
      reset(defaultsFor(undefined, defaultDate));
      onSaved();
    },
    failureTitle: t(editing ? m.updateFailed : m.createFailed),
    failureFallback: t(editing ? m.updateFailed : m.createFailed),
  });

  const date = useWatch({ control: form.control, name: 'date' });
  const repeats = Boolean(event?.recurrence);
  // The repeat, participants and product belong to the series: not to one date.
  const oneDate = occurrence !== undefined && scope === 'this';

  // An event whose product the caller no longer sees keeps it as a choice, unnamed.
  const productChoices: SelectFieldOption[] = [
    ...products.map((product) => ({ value: product.id, label: product.name })),
    ...(event?.productId && !products.some((product) => product.id === event.productId)
      ? [{ value: event.productId, label: event.productName ?? t('A product you cannot see') }]
      : []),
  ];

  return (
    <FormDialogForm
      form={form}
      onSubmit={onSubmit}
      title={editing ? t('Edit Event') : t(m.addEvent)}
      description={
        editing ? t('Change the event’s details.') : t('Schedule a meeting, milestone, review or workshop.')
      }
      pending={create.isPending || update.isPending || changeOccurrence.isPending}
      submitLabel={editing ? t('Save Changes') : t(m.addEvent)}
    >
      <TextField
        control={form.control}
        name="title"
        label={t('Title')}
        placeholder={t('e.g. Sprint review')}
        autoComplete="off"
      />
      <div className="grid items-start gap-5 sm:grid-cols-2">
        <TextField control={form.control} name="date" label={t('Date')} type="date" />
        <TextField control={form.control} name="startTime" label={t('Start time (optional)')} type="time" />
      </div>
      {oneDate ? (
        <p className="text-muted-foreground text-xs">{t(scopeNotes.this)}</p>
      ) : (
        <FormField
          control={form.control}
          name="recurrence"
          render={({ field }) => (
            <FormItem>
              <RepeatEditor
                id="event-repeat"
                value={field.value || null}
                onChange={(rule) => field.onChange(rule ?? '')}
                startsOn={/^\d{4}-\d{2}-\d{2}$/.test(date) ? date : defaultDate}
              />
              {repeats ? (
                <p className="text-muted-foreground text-xs">
                  {occurrence
                    ? t(scopeNotes[scope])
                    : t('Changes apply to every date of this event; deleting it deletes them all.')}
                </p>
              ) : null}
              <FormMessage />
            </FormItem>
          )}
        />
      )}
      <div className="grid items-start gap-5 sm:grid-cols-2">
        <SelectField
          control={form.control}
          name="type"
          label={t('Type')}
          placeholder={t('Select type')}
          options={typeChoices()}
        />
        <SelectField
          control={form.control}
          name="status"
          label={t('Status')}
          placeholder={t('Select status')}
          options={statusChoices(editing ? EVENT_STATUSES : EVENT_CREATE_STATUSES)}
        />
      </div>
      <TextareaField
        control={form.control}
        name="description"
        label={t('Description')}
        rows={3}
        placeholder={t('What is it about?')}
        className="max-h-48 min-h-20"
        counter={EVENT_DESCRIPTION_MAX}
      />
      <TextField
        control={form.control}
        name="meetingLink"
        label={t('Meeting link')}
        type="url"
        inputMode="url"
        placeholder="https://meet.example.com/abc-defg"
        autoComplete="off"
      />
      {oneDate ? null : (
        <>
          <TextareaField
            control={form.control}
            name="participants"
            label={t('Participants')}
            description={t('E-mail addresses, separated by commas. They will see the event.')}
            rows={2}
            placeholder="ada@example.com, grace@example.com"
            autoComplete="off"
            className="min-h-10"
          />
          <SelectField
            control={form.control}
            name="productId"
            label={t('Product')}
            placeholder={t('No product')}
            noneLabel={t('No product')}
            options={productChoices}
          />
        </>
      )}
    </FormDialogForm>
  );
}
