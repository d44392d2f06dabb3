import {
  type EstimateScale,
  estimateChoices,
  type Task,
  type TaskDetail,
  type TaskPhase,
  type TaskPriority,
  type TaskStatus,
} from '@shipyard/shared';
import { CalendarIcon, FolderIcon, SlidersHorizontalIcon } from 'lucide-react';
import { Popover } from 'radix-ui';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { type ChipOption, ChipPicker, chipClass } from '../../../../components/chip-picker.tsx';
import { DueDateInput } from '../../../../components/due-date-input.tsx';
import { PriorityDot } from '../../../../components/priority-badge.tsx';
import { PopoverContent } from '../../../../components/ui/popover.tsx';
import { cn } from '../../../../lib/cn.ts';
import { formatDate, statusLabel } from '../../../../lib/format.ts';
import { paths } from '../../../../lib/paths.ts';
import { useTaskOptions } from '../../api/get-task-options.ts';
import { teamLabel } from '../task-assignee.tsx';
import { isOverdue } from '../task-fields.tsx';
import { chipIcons, phaseOptions, priorityOptions, statusOptions } from '../task-form-chips.tsx';
import { useTaskMenuActions } from '../task-keyboard-state.tsx';
import { TaskStatusIcon } from '../task-status-badge.tsx';
import { shownReference, withCurrent } from './task-references.ts';
import type { useSaveTask } from './use-save-task.ts';

// Issue 33: on a phone the task's properties sit right under its title as chips, each a tap away
// from its picker: the side panel's choices and saves (ChipPicker), the keyboard's label picker
// (actOn), the due date's words-or-calendar field. From 768 px up the side panel stays as it was.

type SaveTask = ReturnType<typeof useSaveTask>;

/** The estimates the product's scale offers, and the task's own when it is not one of them. */
function estimateOptions(scale: EstimateScale | undefined, current: string | null): ChipOption[] {
  const values = scale ? [...estimateChoices(scale)] : [];
  if (current && !values.includes(current)) values.unshift(current);
  return [{ value: '', label: 'No estimate' }, ...values.map((value) => ({ value, label: value }))];
}

const dot = (color: string) => (
  <span aria-hidden="true" className="size-2 shrink-0 rounded-full" style={{ backgroundColor: color }} />
);

/** A property the viewer may not change: the same chip, without a picker; read as "Status: Pending". */
function ReadOnlyChip({ label, icon, children }: { label: string; icon?: ReactNode; children: ReactNode }) {
  return (
    <li data-property={label} className="min-w-0">
      <span className={cn(chipClass, 'shadow-none')}>
        <span className="sr-only">{label}: </span>
        {icon}
        <span className="truncate">{children}</span>
      </span>
    </li>
  );
}

/** The due date: its words-or-calendar field in a popover; a settled date saves and closes it. */
function DueDateChip({ task, onSave }: { task: Task; onSave: (dueDate: string | null) => void }) {
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState(task.dueDate ?? '');
  const shown = task.dueDate ? formatDate(task.dueDate) : '';
  const overdue = isOverdue(task);
  return (
    <Popover.Root
      open={open}
      onOpenChange={(next) => {
        if (next) setValue(task.dueDate ?? '');
        setOpen(next);
      }}
    >
      <Popover.Trigger asChild>
        <button
          type="button"
          aria-label={shown ? `Due date: ${shown}${overdue ? ', overdue' : ''}` : 'Due date: none'}
          className={cn(
            chipClass,
            !shown && 'text-muted-foreground',
            overdue && 'text-red-600 dark:text-red-400',
          )}
        >
          <CalendarIcon aria-hidden="true" />
          <span className="truncate">{shown || 'Due date'}</span>
        </button>
      </Popover.Trigger>
      <PopoverContent align="start" className="grid w-72 max-w-[calc(100vw-2rem)] gap-2 p-3">
        <p className="font-medium text-sm">Due date</p>
        <DueDateInput
          aria-label="Due date"
          autoFocus
          value={value}
          onChange={setValue}
          onCommit={(next) => {
            if (next !== '' && !/^\d{4}-\d{2}-\d{2}$/.test(next)) return;
            setOpen(false);
            if ((next || null) !== task.dueDate) onSave(next || null);
          }}
        />
      </PopoverContent>
    </Popover.Root>
  );
}

/**
 * The task's properties as a row of chips (shown below 768 px, under the title): status or
 * workflow state, priority, assignee, due date, labels, phase, team, estimate and the product,
 * and a last chip that shows the whole properties panel (custom fields, repeat, dates).
 */
export function TaskChips({
  detail,
  save,
  moreOpen,
  onToggleMore,
}: {
  detail: TaskDetail;
  save: SaveTask;
  /** Whether the whole properties panel shows under the chips. */
  moreOpen: boolean;
  onToggleMore: () => void;
}) {
  const { task, permissions, product } = detail;
  const edit = permissions.canEdit && !product.archived;
  const editStatus = permissions.canEditStatus && !product.archived;
  const actOn = useTaskMenuActions();
  // Like the side panel: the team, assignee and estimate choices load when their picker opens.
  const [wantOptions, setWantOptions] = useState(false);
  const options = useTaskOptions(edit && wantOptions ? task.projectId : undefined);
  const loadOptions = () => setWantOptions(true);
  const teams = withCurrent(options.data?.teams ?? [], task.team);
  const people = withCurrent(options.data?.assignees ?? [], task.assignee);

  const states = detail.states.length > 0 ? detail.states : undefined;
  const state = states?.find((s) => s.id === task.stateId);
  const statusChoices: ChipOption[] = states
    ? states.map((s) => ({ value: s.id, label: s.name, icon: dot(s.color) }))
    : statusOptions;
  const statusValue = states && state ? state.id : task.status;
  const statusText = state?.name ?? task.status;
  const statusIcon = state ? (
    dot(state.color)
  ) : (
    <TaskStatusIcon status={task.status} className="text-muted-foreground" />
  );

  const saveRef = (field: 'teamId' | 'assigneeId', value: string) => {
    const id = value || null;
    void save.save({ [field]: id }, shownReference(task, field, id, teams, options.data?.assignees));
  };

  const labelsText =
    task.labels.length === 0
      ? 'Labels'
      : task.labels.length === 1
        ? (task.labels[0]?.name ?? 'Labels')
        : `${task.labels[0]?.name} +${task.labels.length - 1}`;

  return (
    <ul aria-label="Properties" data-task-chips="" className="flex flex-wrap items-center gap-1.5 md:hidden">
      {editStatus ? (
        <li data-property="Status" className="min-w-0">
          <ChipPicker
            label="Status"
            aria-label={`Status: ${statusText}`}
            options={statusChoices}
            placeholder="Status"
            icon={statusIcon}
            value={statusValue}
            onChange={(value) => {
              if (value === statusValue) return;
              if (states) {
                const chosen = states.find((s) => s.id === value);
                if (chosen) void save.saveStatus(task.status, chosen.category, chosen.id);
              } else void save.saveStatus(task.status, value as TaskStatus);
            }}
          />
        </li>
      ) : (
        <ReadOnlyChip label="Status" icon={statusIcon}>
          {statusText}
        </ReadOnlyChip>
      )}
      {edit ? (
        <li data-property="Priority" className="min-w-0">
          <ChipPicker
            label="Priority"
            aria-label={`Priority: ${statusLabel(task.priority)}`}
            options={priorityOptions}
            placeholder="Priority"
            value={task.priority}
            onChange={(priority) =>
              priority !== task.priority && void save.save({ priority: priority as TaskPriority })
            }
          />
        </li>
      ) : (
        <ReadOnlyChip label="Priority" icon={<PriorityDot priority={task.priority} className="size-2" />}>
          {statusLabel(task.priority)}
        </ReadOnlyChip>
      )}
      {edit ? (
        <li data-property="Assignee" className="min-w-0">
          <ChipPicker
            label="Assignee"
            aria-label={`Assignee: ${task.assignee?.name ?? 'Unassigned'}`}
            options={[
              { value: '', label: 'Unassigned' },
              ...people.map((person) => ({ value: person.id, label: person.name })),
            ]}
            placeholder="Unassigned"
            emptyText="Unassigned"
            icon={chipIcons.assignee}
            value={task.assigneeId ?? ''}
            onClick={loadOptions}
            onChange={(value) => (value || null) !== task.assigneeId && saveRef('assigneeId', value)}
          />
        </li>
      ) : (
        <ReadOnlyChip label="Assignee" icon={chipIcons.assignee}>
          {task.assignee?.name ?? 'Unassigned'}
        </ReadOnlyChip>
      )}
      {edit ? (
        <li data-property="Due date" className="min-w-0">
          <DueDateChip task={task} onSave={(dueDate) => void save.save({ dueDate })} />
        </li>
      ) : (
        <ReadOnlyChip label="Due date" icon={<CalendarIcon aria-hidden="true" />}>
          {task.dueDate ? formatDate(task.dueDate) : 'No due date'}
        </ReadOnlyChip>
      )}
      {edit && actOn ? (
        <li data-property="Labels" className="min-w-0">
          <button
            type="button"
            aria-haspopup="dialog"
            aria-label={`Labels: ${task.labels.map((l) => l.name).join(', ') || 'none'}`}
            className={cn(chipClass, task.labels.length === 0 && 'text-muted-foreground')}
            onClick={() => actOn('labels', task)}
          >
            {task.labels[0] ? dot(task.labels[0].color) : chipIcons.labels}
            <span className="truncate">{labelsText}</span>
          </button>
        </li>
      ) : task.labels.length > 0 ? (
        <ReadOnlyChip label="Labels" icon={chipIcons.labels}>
          {task.labels.map((l) => l.name).join(', ')}
        </ReadOnlyChip>
      ) : null}
      {edit ? (
        <li data-property="Phase" className="min-w-0">
          <ChipPicker
            label="Phase"
            aria-label={`Phase: ${task.phase ? statusLabel(task.phase) : 'none'}`}
            options={phaseOptions}
            placeholder="Phase"
            emptyText="No phase"
            icon={chipIcons.phase}
            value={task.phase ?? ''}
            onChange={(phase) =>
              (phase || null) !== task.phase && void save.save({ phase: (phase || null) as TaskPhase | null })
            }
          />
        </li>
      ) : task.phase ? (
        <ReadOnlyChip label="Phase" icon={chipIcons.phase}>
          {statusLabel(task.phase)}
        </ReadOnlyChip>
      ) : null}
      {edit ? (
        <li data-property="Team" className="min-w-0">
          <ChipPicker
            label="Team"
            aria-label={`Team: ${teamLabel(task.team)}`}
            options={[{ value: '', label: 'No team' }, ...teams.map((t) => ({ value: t.id, label: t.name }))]}
            placeholder="No team"
            emptyText="No team"
            icon={chipIcons.team}
            value={task.teamId ?? ''}
            onClick={loadOptions}
            onChange={(value) => (value || null) !== task.teamId && saveRef('teamId', value)}
          />
        </li>
      ) : task.team ? (
        <ReadOnlyChip label="Team" icon={chipIcons.team}>
          {teamLabel(task.team)}
        </ReadOnlyChip>
      ) : null}
      {edit ? (
        <li data-property="Estimate" className="min-w-0">
          <ChipPicker
            label="Estimate"
            aria-label={`Estimate: ${task.estimate ?? 'none'}`}
            options={estimateOptions(options.data?.estimateScale, task.estimate)}
            placeholder="Estimate"
            emptyText="Estimate"
            icon={chipIcons.estimate}
            value={task.estimate ?? ''}
            onClick={loadOptions}
            onChange={(value) =>
              (value || null) !== task.estimate && void save.save({ estimate: value || null })
            }
          />
        </li>
      ) : task.estimate ? (
        <ReadOnlyChip label="Estimate" icon={chipIcons.estimate}>
          {task.estimate}
        </ReadOnlyChip>
      ) : null}
      <li className="min-w-0">
        <Link to={paths.product(product.id)} aria-label={`Product: ${product.name}`} className={chipClass}>
          <FolderIcon aria-hidden="true" />
          <span className="truncate">{product.name}</span>
        </Link>
      </li>
      <li className="min-w-0">
        <button
          type="button"
          aria-expanded={moreOpen}
          aria-controls="task-properties-panel"
          className={cn(chipClass, 'text-muted-foreground')}
          onClick={onToggleMore}
        >
          <SlidersHorizontalIcon aria-hidden="true" />
          <span>{moreOpen ? 'Fewer properties' : 'All properties'}</span>
        </button>
      </li>
    </ul>
  );
}
