import {
  type EstimateScale,
  estimateChoices,
  TASK_PHASES,
  TASK_PRIORITIES,
  TASK_STATUSES,
  type Task,
  type TaskDetail,
  type TaskPhase,
  type TaskPriority,
  type TaskStatus,
  taskDateMessages,
  taskDatesInOrder,
} from '@shipyard/shared';
import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import { DueDateInput } from '../../../../components/due-date-input.tsx';
import { PriorityBadge, PriorityDot } from '../../../../components/priority-badge.tsx';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '../../../../components/ui/select.tsx';
import { formatDate, formatDateTime } from '../../../../lib/format.ts';
import { k, t } from '../../../../lib/i18n/index.ts';
import { paths } from '../../../../lib/paths.ts';
import { useTaskOptions } from '../../api/get-task-options.ts';
import { TaskAssignee, teamLabel } from '../task-assignee.tsx';
import { TaskDueDate } from '../task-fields.tsx';
import { TaskStatusBadge, TaskStatusIcon } from '../task-status-badge.tsx';
import { pageTexts, phaseName, priorityName, stateName, statusName } from '../task-texts.ts';
import { shownReference, withCurrent } from './task-references.ts';
import type { useSaveTask } from './use-save-task.ts';

/** Radix Select cannot hold '' as an item's value: this stands for "none". */
const NONE = '__none__';

type Choice = { value: string; label: ReactNode; disabled?: boolean };

/**
 * A property as a label and, when it may be changed, a select that saves on choosing. `label` is the
 * English text (`data-property`, where the keys open their pickers), shown in the reader's language.
 */
function PropertySelect({
  label,
  value,
  choices,
  readOnly,
  onChange,
  onOpen,
}: {
  label: string;
  value: string;
  choices: readonly Choice[];
  readOnly: ReactNode;
  /** Undefined when the viewer may not change it. */
  onChange: ((value: string) => void) | undefined;
  onOpen?: () => void;
}) {
  const id = useId();
  return (
    <Property label={label} labelId={id}>
      {onChange ? (
        <Select
          value={value}
          onValueChange={(next) => next !== value && onChange(next)}
          onOpenChange={(open) => open && onOpen?.()}
        >
          <SelectTrigger aria-labelledby={id} size="sm" className="w-full min-w-0">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {choices.map((choice) => (
              <SelectItem key={choice.value} value={choice.value} disabled={choice.disabled}>
                {choice.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      ) : (
        <div className="min-h-8 py-1 text-sm">{readOnly}</div>
      )}
    </Property>
  );
}

function Property({ label, labelId, children }: { label: string; labelId?: string; children: ReactNode }) {
  return (
    <div className="grid gap-1" data-property={label}>
      <dt id={labelId} className="font-medium text-muted-foreground text-xs">
        {t(label)}
      </dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}

// The choices are made when shown: their names are in the reader's language.
const statusChoices = (): Choice[] =>
  TASK_STATUSES.map((status) => ({
    value: status,
    label: (
      <>
        <TaskStatusIcon status={status} className="size-3.5 text-muted-foreground" />
        {statusName(status)}
      </>
    ),
  }));
/** A workflow state: its colour, its name and, where the name is not the status, the status. */
function StateName({ name, color, status }: { name: string; color: string; status: TaskStatus }) {
  return (
    <span className="inline-flex min-w-0 items-center gap-2">
      <span aria-hidden="true" className="size-2 shrink-0 rounded-full" style={{ backgroundColor: color }} />
      <span className="truncate">{stateName(name)}</span>
      {name === status ? null : <span className="text-muted-foreground text-xs">{statusName(status)}</span>}
    </span>
  );
}

const priorityChoices = (): Choice[] =>
  TASK_PRIORITIES.map((priority) => ({
    value: priority,
    label: (
      <>
        <PriorityDot priority={priority} className="size-2" />
        {priorityName(priority)}
      </>
    ),
  }));
const phaseChoices = (): Choice[] => [
  { value: NONE, label: t('None') },
  ...TASK_PHASES.map((phase) => ({ value: phase, label: phaseName(phase) })),
];

type SaveTask = ReturnType<typeof useSaveTask>;

/** The estimates its product's scale offers (issue 29), and the task's own if it is not one of them. */
function estimateOptions(scale: EstimateScale | undefined, current: string | null): Choice[] {
  const values = scale ? [...estimateChoices(scale)] : [];
  if (current && !values.includes(current)) values.unshift(current);
  return values.map((value) => ({ value, label: value }));
}

/**
 * The properties column: status, priority, phase, team, assignee and due date, each changed in
 * place when the viewer may (a guest only the status of a task assigned to them), then the
 * product, who created the task and when, and when it last changed. The team and assignee
 * choices load only when their select opens: the page itself costs one request.
 */
export function TaskProperties({ detail, save }: { detail: TaskDetail; save: SaveTask }) {
  const { task, permissions, product, createdBy } = detail;
  const edit = permissions.canEdit;
  const [wantOptions, setWantOptions] = useState(false);
  const options = useTaskOptions(edit && wantOptions ? task.projectId : undefined);
  const loadOptions = () => setWantOptions(true);
  const teams = withCurrent(options.data?.teams ?? [], task.team);
  const people = withCurrent(options.data?.assignees ?? [], task.assignee);
  const loading = options.isFetching
    ? [{ value: '__loading__', label: t('Loading...'), disabled: true }]
    : [];
  // The product's workflow states (issue 29), read with the page: the status select picks one.
  const states = detail.states.length > 0 ? detail.states : undefined;
  const current = states?.find((s) => s.id === task.stateId);

  const saveRef = (field: 'teamId' | 'assigneeId', value: string) => {
    const id = value === NONE ? null : value;
    void save.save({ [field]: id }, shownReference(task, field, id, teams, options.data?.assignees));
  };

  return (
    <dl className="grid gap-4">
      {states && current ? (
        <PropertySelect
          label={k('Status')}
          value={current.id}
          choices={states.map((state) => ({
            value: state.id,
            label: <StateName name={state.name} color={state.color} status={state.category} />,
          }))}
          readOnly={<StateName name={current.name} color={current.color} status={current.category} />}
          onChange={
            permissions.canEditStatus
              ? (stateId) => {
                  const chosen = states.find((s) => s.id === stateId);
                  if (chosen) void save.saveStatus(task.status, chosen.category, chosen.id);
                }
              : undefined
          }
        />
      ) : (
        <PropertySelect
          label={k('Status')}
          value={task.status}
          choices={statusChoices()}
          readOnly={<TaskStatusBadge status={task.status} />}
          onChange={
            permissions.canEditStatus
              ? (status) => void save.saveStatus(task.status, status as TaskStatus)
              : undefined
          }
        />
      )}
      <PropertySelect
        label={k('Priority')}
        value={task.priority}
        choices={priorityChoices()}
        readOnly={<PriorityBadge priority={task.priority} />}
        onChange={edit ? (priority) => void save.save({ priority: priority as TaskPriority }) : undefined}
      />
      <PropertySelect
        label={k('Phase')}
        value={task.phase ?? NONE}
        choices={phaseChoices()}
        readOnly={task.phase ? phaseName(task.phase) : '—'}
        onChange={
          edit
            ? (phase) => void save.save({ phase: phase === NONE ? null : (phase as TaskPhase) })
            : undefined
        }
      />
      <PropertySelect
        label={k('Team')}
        value={task.teamId ?? NONE}
        choices={[
          { value: NONE, label: t('No team') },
          ...teams.map((team) => ({ value: team.id, label: team.name })),
          ...loading,
        ]}
        readOnly={teamLabel(task.team)}
        onOpen={loadOptions}
        onChange={edit ? (value) => saveRef('teamId', value) : undefined}
      />
      <PropertySelect
        label={k('Assignee')}
        value={task.assigneeId ?? NONE}
        choices={[
          { value: NONE, label: t('Unassigned') },
          ...people.map((person) => ({ value: person.id, label: person.name })),
          ...loading,
        ]}
        readOnly={<TaskAssignee assignee={task.assignee} />}
        onOpen={loadOptions}
        onChange={edit ? (value) => saveRef('assigneeId', value) : undefined}
      />
      <DueDateProperty task={task} onSave={edit ? (dueDate) => save.save({ dueDate }) : undefined} />
      <DueDateProperty
        task={task}
        field="startDate"
        onSave={edit ? (startDate) => save.save({ startDate }) : undefined}
      />
      <PropertySelect
        label={k('Estimate')}
        value={task.estimate ?? NONE}
        choices={[
          { value: NONE, label: t('No estimate') },
          ...estimateOptions(options.data?.estimateScale, task.estimate),
          ...(options.data?.estimateScale === 'none'
            ? [{ value: '__off__', label: t(pageTexts.noEstimates), disabled: true }]
            : []),
          ...loading,
        ]}
        readOnly={<span className="text-sm">{task.estimate ?? t('None')}</span>}
        onOpen={loadOptions}
        onChange={edit ? (value) => void save.save({ estimate: value === NONE ? null : value }) : undefined}
      />
      <Property label={k('Product')}>
        <Link
          to={paths.product(product.id)}
          className="w-fit break-words rounded-sm font-medium text-sm underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          {product.name}
        </Link>
      </Property>
      <Property label={k('Created')}>
        <CreatedBy at={task.createdAt} by={createdBy?.name} />
      </Property>
      <Property label={k('Last updated')}>
        <time dateTime={task.updatedAt} className="text-sm">
          {formatDateTime(task.updatedAt)}
        </time>
      </Property>
    </dl>
  );
}

/** When the task was created, and by whom: '12 Mar 2026 by Ada' in the reader's word order. */
function CreatedBy({ at, by }: { at: string; by: string | undefined }) {
  const date = (
    <time dateTime={at} title={formatDateTime(at)}>
      {formatDate(at)}
    </time>
  );
  if (by === undefined) return <p className="text-sm">{date}</p>;
  // The sentence is translated whole; the date element goes where its {{date}} stands.
  const [before = '', after = ''] = t('{{date}} by {{name}}', { date: DATE_SLOT, name: by }).split(DATE_SLOT);
  return (
    <p className="text-sm">
      {before}
      {date}
      {after}
    </p>
  );
}

const DATE_SLOT = '\u0001';

/**
 * The due date (or, issue 31, the start date): a date field that saves once a whole date (or none)
 * is chosen; a start after the due date is refused here with the field's message, as by the server.
 */
function DueDateProperty({
  task,
  field = 'dueDate',
  onSave,
}: {
  task: Task;
  field?: 'dueDate' | 'startDate';
  onSave: ((date: string | null) => Promise<boolean>) | undefined;
}) {
  const id = useId();
  const current = task[field] ?? null;
  const [value, setValue] = useState(current ?? '');
  const [stored, setStored] = useState(current);
  const [problem, setProblem] = useState<string | null>(null);
  if (stored !== current) {
    setStored(current);
    setValue(current ?? '');
  }
  const label = field === 'dueDate' ? k('Due date') : k('Start date');
  if (!onSave) {
    return (
      <Property label={label} labelId={id}>
        <div className="py-1 text-sm">
          {field === 'dueDate' ? <TaskDueDate task={task} /> : current ? formatDate(current) : t('None')}
        </div>
      </Property>
    );
  }
  return (
    <Property label={label}>
      <DueDateInput
        // Keyed by the stored date: a refused change shows the stored one again.
        key={current ?? ''}
        aria-label={t(label)}
        aria-invalid={problem ? true : undefined}
        value={value}
        onChange={setValue}
        onCommit={(next) => {
          const date = next || null;
          const dates = { startDate: task.startDate, dueDate: task.dueDate, [field]: date };
          const inOrder = taskDatesInOrder(dates.startDate, dates.dueDate);
          setProblem(inOrder ? null : t(taskDateMessages.startAfterDue));
          if (inOrder && date !== current) void onSave(date);
        }}
        className="[&_input]:h-8 [&_button]:size-8"
      />
      {problem ? (
        <p role="alert" className="text-destructive text-xs">
          {problem}
        </p>
      ) : null}
    </Property>
  );
}
