import {
  CHAT_EVENTS,
  CHAT_KIND_LABELS,
  CHAT_KINDS,
  CHAT_NAME_MAX,
  CHAT_URL_MAX,
  type ChatDestination,
  type CreateChatDestination,
  CreateChatDestinationSchema,
  type UpdateChatDestination,
  UpdateChatDestinationSchema,
} from '@shipyard/shared';
import { useId } from 'react';
import { FormDialog, FormDialogForm } from '../../../components/form-dialog.tsx';
import { SelectField } from '../../../components/select-field.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { FormField, FormItem, FormMessage } from '../../../components/ui/form.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useServerForm } from '../../../hooks/use-server-form.ts';
import { k, t } from '../../../lib/i18n/index.ts';
import { toast } from '../../../lib/toast.ts';
import { useChatWrites } from '../api/destinations.ts';
import { chatEventLabels, chatTexts as m } from './chat-texts.ts';

type FormValues = { name: string; kind: string; url: string; events: string[]; enabled: boolean };
const FIELDS = ['name', 'kind', 'url', 'events', 'enabled'] as const;
const kindOptions = CHAT_KINDS.map((k) => ({ value: k, label: CHAT_KIND_LABELS[k] }));

/** Where each app's incoming webhook URL comes from, under the URL field (shown with `t()`). */
const urlHints: Record<string, string> = {
  slack: k('From a Slack app’s Incoming Webhooks: https://hooks.slack.com/services/…'),
  teams: k(
    'From a Teams channel’s Workflows (“Post to a channel when a webhook request is received”) or an incoming webhook.',
  ),
  discord: k('From the channel’s Integrations → Webhooks: https://discord.com/api/webhooks/…'),
  mattermost: k('From Integrations → Incoming Webhooks: https://mattermost.example.com/hooks/…'),
  googlechat: k('From the space’s Apps & integrations → Webhooks: https://chat.googleapis.com/v1/spaces/…'),
  ntfy: k('The topic’s URL, e.g. https://ntfy.sh/your-secret-topic'),
  matrix: k('A matrix-hookshot generic webhook URL of the room.'),
};

export type ChatDestinationDialogProps = {
  productId: string;
  /** The destination edited; undefined to add one. */
  destination: ChatDestination | undefined;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** Add or edit a chat destination: name, chat app, incoming webhook URL, events, enabled. */
export function ChatDestinationDialog({
  productId,
  destination,
  open,
  onOpenChange,
}: ChatDestinationDialogProps) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} layout="sections">
      <DestinationForm productId={productId} destination={destination} onSaved={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function DestinationForm({
  productId,
  destination,
  onSaved,
}: {
  productId: string;
  destination: ChatDestination | undefined;
  onSaved: () => void;
}) {
  const writes = useChatWrites(productId);
  const editing = destination !== undefined;
  const pending = writes.create.isPending || writes.update.isPending;
  const { form, onSubmit } = useServerForm<
    FormValues,
    CreateChatDestination | UpdateChatDestination,
    ChatDestination
  >({
    schema: editing ? UpdateChatDestinationSchema : CreateChatDestinationSchema,
    // Editing, an empty URL keeps the stored one: it is not sent.
    prepare: (values) =>
      editing && values.url.trim() === '' ? ({ ...values, url: undefined } as never) : values,
    defaultValues: {
      name: destination?.name ?? '',
      kind: destination?.kind ?? '',
      url: '',
      events: destination?.events ?? ['created', 'status'],
      enabled: destination?.enabled ?? true,
    },
    fields: FIELDS,
    codeToField: { CHAT_URL_REFUSED: 'url' },
    submit: (values) =>
      editing
        ? writes.update.mutateAsync({ ...(values as UpdateChatDestination), id: destination.id })
        : writes.create.mutateAsync(values as CreateChatDestination),
    onSuccess: (saved) => {
      toast.success(editing ? t(m.updated) : t(m.added), { description: saved.name });
      onSaved();
    },
    failureTitle: t(m.saveFailed),
    failureFallback: t(m.saveFailed),
  });
  const kind = form.watch('kind');

  return (
    <FormDialogForm
      form={form}
      onSubmit={onSubmit}
      title={editing ? t(m.edit) : t(m.add)}
      description={t(
        'Messages go to the channel of an incoming webhook. The URL is stored encrypted and never shown again.',
      )}
      pending={pending}
      submitLabel={editing ? t(m.save) : t(m.add)}
    >
      <TextField
        control={form.control}
        name="name"
        label={t(m.nameLabel)}
        placeholder={t('e.g. {{example}}', { example: '#apollo-dev' })}
        autoComplete="off"
        maxLength={CHAT_NAME_MAX}
      />
      <SelectField
        control={form.control}
        name="kind"
        label={t(m.kindLabel)}
        placeholder={t('Choose a chat app')}
        options={kindOptions}
      />
      <TextField
        control={form.control}
        name="url"
        label={t(m.urlLabel)}
        type="url"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        maxLength={CHAT_URL_MAX}
        placeholder={editing ? t('{{host}}/… (unchanged)', { host: destination.urlHost }) : 'https://'}
        description={editing ? t(m.urlKeep) : t(urlHints[kind] ?? k('The chat app’s incoming webhook URL.'))}
      />
      <EventsField form={form} />
      <FormField
        control={form.control}
        name="enabled"
        render={({ field }) => (
          <FormItem className="flex flex-row items-center gap-2">
            <Checkbox
              id="chat-enabled"
              checked={field.value}
              onCheckedChange={(checked) => field.onChange(checked === true)}
            />
            <Label htmlFor="chat-enabled" className="font-normal">
              {t(m.enabledLabel)}
            </Label>
          </FormItem>
        )}
      />
    </FormDialogForm>
  );
}

function EventsField({
  form,
}: {
  form: ReturnType<typeof useServerForm<FormValues, unknown, unknown>>['form'];
}) {
  const baseId = useId();
  return (
    <FormField
      control={form.control}
      name="events"
      render={({ field, fieldState }) => {
        const chosen = new Set(field.value);
        const toggle = (event: string, on: boolean) => {
          const next = new Set(chosen);
          if (on) next.add(event);
          else next.delete(event);
          field.onChange(CHAT_EVENTS.filter((e) => next.has(e)));
        };
        return (
          <FormItem>
            <fieldset className="grid gap-2" aria-invalid={fieldState.invalid || undefined}>
              <legend className="mb-2 font-medium text-sm leading-none">{t(m.eventsLabel)}</legend>
              <ul className="grid gap-2 sm:grid-cols-2">
                {CHAT_EVENTS.map((event) => {
                  const id = `${baseId}-${event}`;
                  return (
                    <li key={event} className="flex items-center gap-2">
                      <Checkbox
                        id={id}
                        checked={chosen.has(event)}
                        onCheckedChange={(c) => toggle(event, c === true)}
                      />
                      <Label htmlFor={id} className="font-normal">
                        {t(chatEventLabels[event])}
                      </Label>
                    </li>
                  );
                })}
              </ul>
            </fieldset>
            <FormMessage />
          </FormItem>
        );
      }}
    />
  );
}
