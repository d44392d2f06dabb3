import {
  CreateTaskTemplateSchema,
  type templateMessages as m,
  TASK_PRIORITIES,
  type TaskPriority,
  type TaskTemplate,
  TEMPLATE_NAME_MAX,
} from '@shipyard/shared';
import { useState } from 'react';
import { z } from 'zod/mini';
import { ChipPicker } from '../../../components/chip-picker.tsx';
import { FormDialog, FormDialogForm } from '../../../components/form-dialog.tsx';
import { SelectField } from '../../../components/select-field.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { TextareaField, TextField } from '../../../components/ui/text-field.tsx';
import { useServerForm } from '../../../hooks/use-server-form.ts';
import { k, t } from '../../../lib/i18n/index.ts';
import { useProductLabels } from '../../../lib/product-labels.ts';
import { toast } from '../../../lib/toast.ts';
import { useTaskTemplateWrites } from '../api/templates.ts';

/** templateMessages' texts shown here (the same English; tsc checks), marked to be translated. */
const templateTexts = {
  dueDays: k('Due in must be a whole number of days from 0 to 3650.'),
  updated: k('Template updated'),
  created: k('Template saved'),
  saveFailed: k('Failed to save the template'),
} as const satisfies Partial<typeof m>;

/** What the form holds: lists as text, one item a line. */
type TemplateFormValues = {
  name: string;
  title: string;
  description: string;
  priority: TaskPriority;
  dueInDays: string;
  checklist: string;
  subtasks: string;
};

const FIELDS = ['name', 'title', 'description', 'priority', 'dueInDays'] as const;

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

const stringList = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

// The form's own fields, checked by the shared rules where one exists (the name's messages).
const FormSchema = z.object({
  name: CreateTaskTemplateSchema.shape.name,
  title: z.string(),
  description: z.string(),
  priority: z.enum(TASK_PRIORITIES),
  dueInDays: z.string().check(z.regex(/^\d{0,4}$/, templateTexts.dueDays)),
  checklist: z.string(),
  subtasks: z.string(),
});

const priorityLabels: Record<TaskPriority, string> = {
  low: k('Low'),
  medium: k('Medium'),
  high: k('High'),
  critical: k('Critical'),
};

export type TaskTemplateDialogProps = {
  productId: string;
  /** The template to change; undefined to create one. */
  template?: TaskTemplate | undefined;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** Create or change a task template: its name, the task's fields, labels, checklist and sub-tasks. */
export function TaskTemplateDialog({ open, onOpenChange, ...props }: TaskTemplateDialogProps) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} className="sm:max-w-xl">
      <TaskTemplateForm {...props} onSaved={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function TaskTemplateForm({
  productId,
  template,
  onSaved,
}: Omit<TaskTemplateDialogProps, 'open' | 'onOpenChange'> & { onSaved: () => void }) {
  const { create, update } = useTaskTemplateWrites(productId);
  const productLabels = useProductLabels(productId);
  const labels = productLabels.data?.data ?? [];
  const [labelNames, setLabelNames] = useState<string[]>(stringList(template?.parts.labels));
  const { form, onSubmit } = useServerForm<TemplateFormValues, z.infer<typeof FormSchema>, TaskTemplate>({
    schema: FormSchema,
    defaultValues: {
      name: template?.name ?? '',
      title: template?.title ?? '',
      description: template?.description ?? '',
      priority: template?.priority ?? 'medium',
      dueInDays: template?.dueInDays == null ? '' : String(template.dueInDays),
      checklist: stringList(template?.parts.checklist).join('\n'),
      subtasks: stringList(template?.parts.subtasks).join('\n'),
    },
    fields: FIELDS,
    submit: ({ checklist, subtasks, dueInDays, ...values }) => {
      const body = {
        ...values,
        dueInDays: dueInDays === '' ? null : Number(dueInDays),
        parts: { labels: labelNames, checklist: lines(checklist), subtasks: lines(subtasks) },
      };
      return template ? update.mutateAsync({ templateId: template.id, ...body }) : create.mutateAsync(body);
    },
    onSuccess: (saved) => {
      toast.success(t(template ? templateTexts.updated : templateTexts.created), { description: saved.name });
      onSaved();
    },
    failureTitle: t(templateTexts.saveFailed),
  });
  const labelIds = labels.filter((l) => labelNames.includes(l.name)).map((l) => l.id);

  return (
    <FormDialogForm
      form={form}
      onSubmit={onSubmit}
      title={template ? t('Edit template') : t('New task template')}
      description={t('What a task made from it starts with. Everything but the name is optional.')}
      pending={create.isPending || update.isPending}
      submitLabel={template ? t('Save template') : t('Create template')}
    >
      <TextField
        control={form.control}
        name="name"
        label={t('Name')}
        placeholder={t('e.g. Bug report')}
        autoComplete="off"
        maxLength={TEMPLATE_NAME_MAX}
      />
      <TextField
        control={form.control}
        name="title"
        label={t('Task title')}
        autoComplete="off"
        maxLength={200}
      />
      <TextareaField control={form.control} name="description" label={t('Description')} rows={3} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          control={form.control}
          name="priority"
          label={t('Priority')}
          placeholder={t('Priority')}
          options={TASK_PRIORITIES.map((priority) => ({
            value: priority,
            label: t(priorityLabels[priority]),
          }))}
        />
        <TextField
          control={form.control}
          name="dueInDays"
          label={t('Due in (days)')}
          inputMode="numeric"
          placeholder={t('No due date')}
          autoComplete="off"
        />
      </div>
      <div className="grid gap-2">
        <Label>{t('Labels')}</Label>
        <ChipPicker
          multiple
          aria-label={t('Labels')}
          label={t('Labels')}
          placeholder={labels.length ? t('Labels') : t('No labels in this product')}
          disabled={!labels.length}
          options={labels.map((l) => ({ value: l.id, label: l.name }))}
          value={labelIds}
          onChange={(ids) => setLabelNames(labels.filter((l) => ids.includes(l.id)).map((l) => l.name))}
        />
      </div>
      <TextareaField
        control={form.control}
        name="checklist"
        label={t('Checklist')}
        description={t('One item a line; a task made from the template gets them unticked.')}
        rows={4}
      />
      <TextareaField
        control={form.control}
        name="subtasks"
        label={t('Sub-tasks')}
        description={t('One title a line; kept with the template.')}
        rows={2}
      />
    </FormDialogForm>
  );
}
