import {
  type CreateTask,
  CreateTaskFormSchema,
  estimateChoices,
  taskMessages as m,
  type Task,
  type UpdateTask,
} from '@shipyard/shared';
import { useEffect, useId, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import {
  type ParentTask,
  type PickedTemplate,
  useAppExtensions,
} from '../../../components/app-extensions.tsx';
import { ChipPicker } from '../../../components/chip-picker.tsx';
import { FormDialog, FormDialogForm } from '../../../components/form-dialog.tsx';
import { RepeatChip } from '../../../components/repeat-editor.tsx';
import { SelectField } from '../../../components/select-field.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { TextareaField, TextField } from '../../../components/ui/text-field.tsx';
import { changedFields, useServerForm } from '../../../hooks/use-server-form.ts';
import { t } from '../../../lib/i18n/index.ts';
import { useProductLabels } from '../../../lib/product-labels.ts';
import { browserTimeZone, useSetTaskRecurrence } from '../../../lib/task-recurrence.ts';
import { toast } from '../../../lib/toast.ts';
import { useTaskOptions } from '../api/get-task-options.ts';
import { useCreateTask, useSaveTaskLabels, useUpdateTask } from '../api/save-task.ts';
import type { TaskDefaults } from './task-defaults.ts';
import { ChipField, chipIcons, DueDateChip, phaseOptions, priorityOptions } from './task-form-chips.tsx';
import {
  createErrorFields,
  fieldsToSend,
  forgetProductExtras,
  NewTaskFields,
  NewTaskParent,
  withCurrent,
} from './task-form-extras.tsx';
import { TaskStateChip } from './task-form-state-chip.tsx';
import { defaultsFor, FIELDS, type TaskFormValues } from './task-form-values.ts';

export type { TaskFormValues } from './task-form-values.ts';

export type TaskFormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The task being edited; undefined to create one. */
  task?: Task | undefined;
  /** The product of a new task when the dialog belongs to one product (product page). */
  productId?: string | undefined;
  /** Products to choose from; the product select appears only when given (spec §5). */
  products?: ReadonlyArray<{ id: string; name: string }> | undefined;
  /** A new task's fields from where the dialog was opened: column, list filters (issue 28). */
  defaults?: TaskDefaults | undefined;
};

/**
 * Spec §2.11, §2.15 and §5: create or edit a task. Title is required; team, assignee, phase and
 * due date are optional; the product select appears only when `products` is given. Issue 28: the
 * properties are chips, labels are chosen here too, and "Create more" keeps the dialog open.
 */
export function TaskFormDialog({ open, onOpenChange, ...props }: TaskFormDialogProps) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} layout="sections" className="sm:max-w-xl">
      <TaskForm {...props} onSaved={() => onOpenChange(false)} />
    </FormDialog>
  );
}

type TaskFormProps = Omit<TaskFormDialogProps, 'open' | 'onOpenChange'> & { onSaved: () => void };

function TaskForm({ task, productId, products, defaults: context, onSaved }: TaskFormProps) {
  const create = useCreateTask();
  const update = useUpdateTask();
  const saveLabels = useSaveTaskLabels();
  const setRecurrence = useSetTaskRecurrence();
  // A new task may repeat (issue 29); an existing one's repeat is set on its page.
  const [repeat, setRepeat] = useState<string | null>(null);
  const editing = task !== undefined;
  const [defaults] = useState(() => defaultsFor(task, productId, context));
  const [createMore, setCreateMore] = useState(false);
  // How many tasks "create more" has made: after each, the title takes the focus once saving ends.
  const [next, setNext] = useState(0);
  const createMoreId = useId();
  const initialLabels = task?.labels.map((label) => label.id);
  const [labelIds, setLabelIds] = useState<string[] | undefined>(initialLabels);
  // Issue 29: a template picked in the dialog fills it, and the task is then created from it.
  const { templatePicker } = useAppExtensions();
  const [template, setTemplate] = useState<PickedTemplate | null>(null);
  // Issue 29: the task it is a sub-task of (a sub-task area's, or chosen here).
  const [parent, setParent] = useState<ParentTask | null>(context?.parent ?? null);
  const { form, onSubmit } = useServerForm<TaskFormValues, CreateTask, Task>({
    schema: CreateTaskFormSchema,
    defaultValues: defaults,
    fields: editing ? FIELDS : (values) => [...FIELDS, ...createErrorFields(values)],
    // Editing sends only what changed, and always the product (spec §7.3).
    submit: async (checked, { getValues }) => {
      const { fields, ...rest } = checked;
      const values: CreateTask = { ...rest, ...(!task && { fields: fieldsToSend(fields) }) };
      const saved = task
        ? await update.mutateAsync({
            id: task.id,
            projectId: values.projectId,
            ...(changedFields(FIELDS, values, getValues(), defaults) as UpdateTask),
          })
        : template
          ? await template.create(values, labelNamesOf(labelIds ?? shownLabelIds))
          : await create.mutateAsync(values);
      const chosen = labelIds ?? shownLabelIds;
      if (template && !task) return saved;
      const changed = chosen.join() !== (initialLabels ?? []).join();
      if (changed) await saveLabels.mutateAsync({ task: saved, labelIds: chosen });
      if (!task && repeat) {
        await setRecurrence.mutateAsync({ taskId: saved.id, rule: repeat, timeZone: browserTimeZone() });
      }
      return saved;
    },
    onSuccess: () => {
      if (editing) toast.success(t(m.updated), { description: t(m.updatedDescription) });
      else toast.success(t(m.created), { description: t(m.createdDescription) });
      if (editing || !createMore) return onSaved();
      // Create more: the same properties for the next task, a cleared title and description.
      form.reset({ ...form.getValues(), title: '', description: '' });
      setRepeat(null);
      setNext((n) => n + 1);
    },
    failureTitle: t(editing ? m.updateFailed : m.createFailed),
    failureFallback: t(m.fallback),
  });
  const saving = create.isPending || update.isPending || saveLabels.isPending || setRecurrence.isPending;
  useEffect(() => {
    if (next > 0 && !saving) form.setFocus('title');
  }, [next, saving, form]);
  const selectedProduct = useWatch({ control: form.control, name: 'projectId' });
  const dueDate = useWatch({ control: form.control, name: 'dueDate' });
  const options = useTaskOptions(selectedProduct || undefined);
  const productLabels = useProductLabels(selectedProduct || undefined);
  const productChanged = useRef(false);
  // A team or assignee of the product the task left does not apply to the one it moves to.
  useEffect(() => {
    if (!productChanged.current || !options.data) return;
    const { teamId, assigneeId } = form.getValues();
    if (teamId && !options.data.teams.some((team) => team.id === teamId)) {
      form.setValue('teamId', '', { shouldDirty: true });
    }
    if (assigneeId && !options.data.assignees.some((person) => person.id === assigneeId)) {
      form.setValue('assigneeId', '', { shouldDirty: true });
    }
  }, [options.data, form]);

  // The task's own team and assignee stay choosable while it keeps its product, even if they
  // have since left it (the server decides whether they may stay).
  const keepsProduct = editing && selectedProduct === task.projectId;
  const teams = withCurrent(options.data?.teams ?? [], keepsProduct ? task.team : null);
  const assignees = withCurrent(options.data?.assignees ?? [], keepsProduct ? task.assignee : null);
  const scale = options.data?.estimateScale;
  const waiting = !selectedProduct
    ? t('Select a product first')
    : options.isPending
      ? t('Loading...')
      : undefined;
  // Labels belong to a product: the defaults' labels (by id or name) once its labels are known.
  const labels = productLabels.data?.data ?? [];
  const labelNamesOf = (ids: string[]) => labels.filter((l) => ids.includes(l.id)).map((l) => l.name);
  function pick(picked: PickedTemplate | null) {
    setTemplate(picked);
    if (!picked) return;
    for (const [name, value] of Object.entries(picked.values)) {
      form.setValue(name as keyof TaskFormValues, value, { shouldDirty: true });
    }
    const wanted = new Set(picked.labelNames.map((n) => n.toLowerCase()));
    setLabelIds(labels.filter((l) => wanted.has(l.name.toLowerCase())).map((l) => l.id));
  }
  const names = new Set((context?.labelNames ?? []).map((name) => name.toLowerCase()));
  const shownLabelIds = (
    labelIds ??
    labels.filter((l) => context?.labelIds.includes(l.id) || names.has(l.name.toLowerCase())).map((l) => l.id)
  ).filter((id) => labels.some((l) => l.id === id) || !productLabels.data);

  return (
    <FormDialogForm
      form={form}
      onSubmit={onSubmit}
      title={editing ? t('Edit Task') : t('Create New Task')}
      description={editing ? t('Change the task’s details.') : t('Add a task to the product’s work.')}
      pending={saving}
      submitLabel={editing ? t('Update Task') : t('Create Task')}
      footerStart={
        editing ? undefined : (
          <div className="flex items-center gap-2">
            <Checkbox
              id={createMoreId}
              checked={createMore}
              onCheckedChange={(v) => setCreateMore(v === true)}
            />
            <Label htmlFor={createMoreId} className="font-normal text-sm">
              {t('Create more')}
            </Label>
          </div>
        )
      }
    >
      <TextField
        control={form.control}
        name="title"
        label={t('Title')}
        placeholder={t('e.g. Design the onboarding flow')}
        autoComplete="off"
        maxLength={200}
      />
      <TextareaField
        control={form.control}
        name="description"
        label={t('Description')}
        rows={3}
        placeholder={t('What needs doing, and when is it done?')}
        className="max-h-48 min-h-20"
      />
      {products ? (
        <SelectField
          control={form.control}
          name="projectId"
          label={t('Product')}
          placeholder={t('Select a product')}
          options={products.map((product) => ({ value: product.id, label: product.name }))}
          onChosen={() => {
            productChanged.current = true;
            forgetProductExtras(form);
            setParent(null);
            // A template belongs to its product.
            setTemplate(null);
          }}
        />
      ) : null}
      <fieldset className="grid gap-2">
        <legend className="mb-2 font-medium text-sm">{t('Properties')}</legend>
        <div className="flex flex-wrap items-start gap-2">
          {!editing && templatePicker && selectedProduct
            ? templatePicker({ productId: selectedProduct, picked: template, onPick: pick })
            : null}
          <TaskStateChip form={form} productId={selectedProduct} productChanged={productChanged} />
          {editing ? null : (
            <NewTaskParent form={form} productId={selectedProduct} parent={parent} onParent={setParent} />
          )}
          <ChipField
            control={form.control}
            name="priority"
            label={t('Priority')}
            options={priorityOptions}
            placeholder={t('Priority')}
          />
          <ChipField
            control={form.control}
            name="phase"
            label={t('Phase')}
            options={phaseOptions}
            placeholder={t('Phase')}
            icon={chipIcons.phase}
            emptyText={t('No phase')}
          />
          <ChipField
            control={form.control}
            name="teamId"
            label={t('Team')}
            options={
              waiting
                ? []
                : [
                    { value: '', label: t('No team') },
                    ...teams.map((team) => ({ value: team.id, label: team.name })),
                  ]
            }
            placeholder={waiting ?? t('No team')}
            icon={chipIcons.team}
            disabled={waiting !== undefined}
          />
          <ChipField
            control={form.control}
            name="assigneeId"
            label={t('Assignee')}
            options={
              waiting
                ? []
                : [
                    { value: '', label: t('Unassigned') },
                    ...assignees.map((p) => ({ value: p.id, label: p.name })),
                  ]
            }
            placeholder={waiting ?? t('Unassigned')}
            icon={chipIcons.assignee}
            disabled={waiting !== undefined}
          />
          {scale && scale !== 'none' ? (
            <ChipField
              control={form.control}
              name="estimate"
              label={t('Estimate')}
              options={[
                { value: '', label: t('No estimate') },
                ...estimateChoices(scale).map((value) => ({ value, label: value })),
              ]}
              placeholder={t('Estimate')}
              icon={chipIcons.estimate}
              emptyText={t('No estimate')}
            />
          ) : null}
          <ChipPicker
            multiple
            aria-label={t('Labels')}
            label={t('Labels')}
            options={labels.map((l) => ({
              value: l.id,
              label: l.name,
              icon: (
                <span
                  aria-hidden="true"
                  className="size-2 rounded-full"
                  style={{ backgroundColor: l.color }}
                />
              ),
            }))}
            placeholder={t('Labels')}
            icon={chipIcons.labels}
            disabled={!selectedProduct || !productLabels.data || (!editing && !labels.length)}
            value={shownLabelIds}
            onChange={setLabelIds}
          />
          <DueDateChip control={form.control} name="startDate" start />
          <DueDateChip control={form.control} name="dueDate" />
          {editing ? null : (
            <RepeatChip
              value={repeat}
              onChange={setRepeat}
              startsOn={dueDate || new Intl.DateTimeFormat('en-CA').format(new Date())}
            />
          )}
        </div>
      </fieldset>
      {editing ? null : <NewTaskFields form={form} productId={selectedProduct} />}
    </FormDialogForm>
  );
}
