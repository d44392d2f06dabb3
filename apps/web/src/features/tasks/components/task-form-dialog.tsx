import {
  type CreateTask,
  CreateTaskSchema,
  taskMessages as m,
  TASK_PHASES,
  TASK_PRIORITIES,
  TASK_STATUSES,
  type Task,
  type TaskPriority,
  type TaskStatus,
  type UpdateTask,
} from '@shipyard/shared';
import { useEffect, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { DueDateField } from '../../../components/due-date-input.tsx';
import { FormDialog, FormDialogForm } from '../../../components/form-dialog.tsx';
import { SelectField, type SelectFieldOption } from '../../../components/select-field.tsx';
import { StatusPriorityFields } from '../../../components/status-priority-fields.tsx';
import { TextareaField, TextField } from '../../../components/ui/text-field.tsx';
import { changedFields, useServerForm } from '../../../hooks/use-server-form.ts';
import { statusLabel } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { useTaskOptions } from '../api/get-task-options.ts';
import { useCreateTask, useUpdateTask } from '../api/save-task.ts';
import { TaskStatusIcon } from './task-status-badge.tsx';

export type TaskFormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The task being edited; undefined to create one. */
  task?: Task | undefined;
  /** The product of a new task when the dialog belongs to one product (product page). */
  productId?: string | undefined;
  /** Products to choose from; the product select appears only when given (spec §5). */
  products?: ReadonlyArray<{ id: string; name: string }> | undefined;
};

/** What the form holds: every optional choice is '' for "none" until the schema makes it null. */
type TaskFormValues = {
  title: string;
  description: string;
  projectId: string;
  status: TaskStatus;
  priority: TaskPriority;
  phase: string;
  teamId: string;
  assigneeId: string;
  dueDate: string;
};

const FIELDS = [
  'title',
  'description',
  'projectId',
  'status',
  'priority',
  'phase',
  'teamId',
  'assigneeId',
  'dueDate',
] as const satisfies ReadonlyArray<keyof TaskFormValues>;

const statusChoices: SelectFieldOption[] = TASK_STATUSES.map((status) => ({
  value: status,
  label: status,
  icon: <TaskStatusIcon status={status} className="size-3.5 text-muted-foreground" />,
}));
const phaseChoices: SelectFieldOption[] = TASK_PHASES.map((phase) => ({
  value: phase,
  label: statusLabel(phase),
}));

function defaultsFor(task: Task | undefined, productId: string | undefined): TaskFormValues {
  return {
    title: task?.title ?? '',
    description: task?.description ?? '',
    projectId: task?.projectId ?? productId ?? '',
    status: task?.status ?? 'Pending',
    priority: task?.priority ?? 'medium',
    phase: task?.phase ?? '',
    teamId: task?.teamId ?? '',
    assigneeId: task?.assigneeId ?? '',
    dueDate: task?.dueDate ?? '',
  };
}

/**
 * Spec §2.11, §2.15 and §5: create or edit a task. Title is required; team, assignee, phase and
 * due date are optional; the product select appears only when `products` is given.
 */
export function TaskFormDialog({ open, onOpenChange, ...props }: TaskFormDialogProps) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} layout="sections" className="sm:max-w-xl">
      <TaskForm {...props} onSaved={() => onOpenChange(false)} />
    </FormDialog>
  );
}

type TaskFormProps = Omit<TaskFormDialogProps, 'open' | 'onOpenChange'> & { onSaved: () => void };

function TaskForm({ task, productId, products, onSaved }: TaskFormProps) {
  const create = useCreateTask();
  const update = useUpdateTask();
  const editing = task !== undefined;
  const [defaults] = useState(() => defaultsFor(task, productId));
  const { form, onSubmit } = useServerForm<TaskFormValues, CreateTask, Task>({
    schema: CreateTaskSchema,
    defaultValues: defaults,
    fields: FIELDS,
    // Editing sends only what changed, and always the product (spec §7.3).
    submit: (values, { getValues }) =>
      task
        ? update.mutateAsync({
            id: task.id,
            projectId: values.projectId,
            ...(changedFields(FIELDS, values, getValues(), defaults) as UpdateTask),
          })
        : create.mutateAsync(values),
    onSuccess: () => {
      if (editing) toast.success(m.updated, { description: m.updatedDescription });
      else toast.success(m.created, { description: m.createdDescription });
      onSaved();
    },
    failureTitle: editing ? m.updateFailed : m.createFailed,
    failureFallback: m.fallback,
  });
  const selectedProduct = useWatch({ control: form.control, name: 'projectId' });
  const options = useTaskOptions(selectedProduct || undefined);
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
  const optionsPlaceholder = !selectedProduct
    ? 'Select a product first'
    : options.isPending
      ? 'Loading...'
      : undefined;

  return (
    <FormDialogForm
      form={form}
      onSubmit={onSubmit}
      title={editing ? 'Edit Task' : 'Create New Task'}
      description={editing ? 'Change the task’s details.' : 'Add a task to the product’s work.'}
      pending={create.isPending || update.isPending}
      submitLabel={editing ? 'Update Task' : 'Create Task'}
    >
      <TextField
        control={form.control}
        name="title"
        label="Title"
        placeholder="e.g. Design the onboarding flow"
        autoComplete="off"
        maxLength={200}
      />
      <TextareaField
        control={form.control}
        name="description"
        label="Description"
        rows={3}
        placeholder="What needs doing, and when is it done?"
        className="max-h-48 min-h-20"
      />
      {products ? (
        <SelectField
          control={form.control}
          name="projectId"
          label="Product"
          placeholder="Select a product"
          options={products.map((product) => ({ value: product.id, label: product.name }))}
          onChosen={() => {
            productChanged.current = true;
          }}
        />
      ) : null}
      <div className="grid items-start gap-5 sm:grid-cols-3">
        <StatusPriorityFields control={form.control} statuses={statusChoices} priorities={TASK_PRIORITIES} />
        <SelectField
          control={form.control}
          name="phase"
          label="Phase"
          placeholder="None"
          noneLabel="None"
          options={phaseChoices}
        />
      </div>
      <div className="grid items-start gap-5 sm:grid-cols-2">
        <SelectField
          control={form.control}
          name="teamId"
          label="Team"
          placeholder={optionsPlaceholder ?? 'No team'}
          disabled={optionsPlaceholder !== undefined}
          noneLabel="No team"
          options={teams.map((team) => ({ value: team.id, label: team.name }))}
        />
        <SelectField
          control={form.control}
          name="assigneeId"
          label="Assignee"
          placeholder={optionsPlaceholder ?? 'Unassigned'}
          disabled={optionsPlaceholder !== undefined}
          noneLabel="Unassigned"
          options={assignees.map((person) => ({ value: person.id, label: person.name }))}
        />
      </div>
      <DueDateField control={form.control} name="dueDate" label="Due date" className="sm:w-1/2" />
    </FormDialogForm>
  );
}

/** The options, plus the current choice when it is no longer among them. */
function withCurrent<T extends { id: string; name: string }>(
  list: readonly T[],
  current: { id: string; name: string } | null,
): Array<{ id: string; name: string }> {
  if (!current || list.some((item) => item.id === current.id)) return [...list];
  return [...list, { id: current.id, name: current.name }];
}
