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
import { formatDate } from '../../../../lib/format.ts';
import { k, t } from '../../../../lib/i18n/index.ts';
import { paths } from '../../../../lib/paths.ts';
import { useTaskOptions } from '../../api/get-task-options.ts';
import { teamLabel } from '../task-assignee.tsx';
import { isOverdue } from '../task-fields.tsx';
import { chipIcons, phaseOptions, priorityOptions, statusOptions } from '../task-form-chips.tsx';
import { useTaskMenuActions } from '../task-keyboard-state.tsx';
import { TaskStatusIcon } from '../task-status-badge.tsx';
import { phaseName, priorityName, statusName } from '../task-texts.ts';
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
  return [{ value: '', label: t('No estimate') }, ...values.map((value) => ({ value, label: value }))];
}

const dot = (color: string) => (
  <span aria-hidden="true" className="size-2 shrink-0 rounded-full" style={{ backgroundColor: color }} />
);

/**
 * A property the viewer may not change: the same chip, without a picker; read as "Status: Pending".
 * `label` is the English text (`data-property`, where the keys find it), read in the reader's language.
 */
function ReadOnlyChip({ label, icon, children }: { label: string; icon?: ReactNode; children: ReactNode }) {
  return (
    <li data-property={label} className="min-w-0">
      <span className={cn(chipClass, 'shadow-none')}>
        <span className="sr-only">{`${t(label)}: `}</span>
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
          aria-label={
            shown
              ? overdue
                ? t('Due date: {{date}}, overdue', { date: shown })
                : t('Due date: {{date}}', { date: shown })
              : t('Due date: none')
          }
          className={cn(
            chipClass,
            !shown && 'text-muted-foreground',
            overdue && 'text-red-600 dark:text-red-400',
          )}
        >
          <CalendarIcon aria-hidden="true" />
          <span className="truncate">{shown || t('Due date')}</span>
        </button>
      </Popover.Trigger>
      <PopoverContent align="start" className="grid w-72 max-w-[calc(100vw-2rem)] gap-2 p-3">
        <p className="font-medium text-sm">{t('Due date')}</p>
        <DueDateInput
          aria-label={t('Due date')}
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
  const statusText = state?.name ?? statusName(task.status);
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
      ? t('Labels')
      : task.labels.length === 1
        ? (task.labels[0]?.name ?? t('Labels'))
        : `${task.labels[0]?.name} +${task.labels.length - 1}`;

  return (
    <ul
      aria-label={t('Properties')}
      data-task-chips=""
      className="flex flex-wrap items-center gap-1.5 md:hidden"
    >
      {editStatus ? (
        <li data-property="Status" className="min-w-0">
          <ChipPicker
            label={t('Status')}
            aria-label={t('Status: {{value}}', { value: statusText })}
            options={statusChoices}
            placeholder={t('Status')}
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
        <ReadOnlyChip label={k('Status')} icon={statusIcon}>
          {statusText}
        </ReadOnlyChip>
      )}
      {edit ? (
        <li data-property="Priority" className="min-w-0">
          <ChipPicker
            label={t('Priority')}
            aria-label={t('Priority: {{value}}', { value: priorityName(task.priority) })}
            options={priorityOptions}
            placeholder={t('Priority')}
            value={task.priority}
            onChange={(priority) =>
              priority !== task.priority && void save.save({ priority: priority as TaskPriority })
            }
          />
        </li>
      ) : (
        <ReadOnlyChip
          label={k('Priority')}
          icon={<PriorityDot priority={task.priority} className="size-2" />}
        >
          {priorityName(task.priority)}
        </ReadOnlyChip>
      )}
      {edit ? (
        <li data-property="Assignee" className="min-w-0">
          <ChipPicker
            label={t('Assignee')}
            aria-label={t('Assignee: {{value}}', { value: task.assignee?.name ?? t('Unassigned') })}
            options={[
              { value: '', label: t('Unassigned') },
              ...people.map((person) => ({ value: person.id, label: person.name })),
            ]}
            placeholder={t('Unassigned')}
            emptyText={t('Unassigned')}
            icon={chipIcons.assignee}
            value={task.assigneeId ?? ''}
            onClick={loadOptions}
            onChange={(value) => (value || null) !== task.assigneeId && saveRef('assigneeId', value)}
          />
        </li>
      ) : (
        <ReadOnlyChip label={k('Assignee')} icon={chipIcons.assignee}>
          {task.assignee?.name ?? t('Unassigned')}
        </ReadOnlyChip>
      )}
      {edit ? (
        <li data-property="Due date" className="min-w-0">
          <DueDateChip task={task} onSave={(dueDate) => void save.save({ dueDate })} />
        </li>
      ) : (
        <ReadOnlyChip label={k('Due date')} icon={<CalendarIcon aria-hidden="true" />}>
          {task.dueDate ? formatDate(task.dueDate) : t('No due date')}
        </ReadOnlyChip>
      )}
      {edit && actOn ? (
        <li data-property="Labels" className="min-w-0">
          <button
            type="button"
            aria-haspopup="dialog"
            aria-label={
              task.labels.length > 0
                ? t('Labels: {{value}}', { value: task.labels.map((l) => l.name).join(', ') })
                : t('Labels: none')
            }
            className={cn(chipClass, task.labels.length === 0 && 'text-muted-foreground')}
            onClick={() => actOn('labels', task)}
          >
            {task.labels[0] ? dot(task.labels[0].color) : chipIcons.labels}
            <span className="truncate">{labelsText}</span>
          </button>
        </li>
      ) : task.labels.length > 0 ? (
        <ReadOnlyChip label={k('Labels')} icon={chipIcons.labels}>
          {task.labels.map((l) => l.name).join(', ')}
        </ReadOnlyChip>
      ) : null}
      {edit ? (
        <li data-property="Phase" className="min-w-0">
          <ChipPicker
            label={t('Phase')}
            aria-label={
              task.phase ? t('Phase: {{value}}', { value: phaseName(task.phase) }) : t('Phase: none')
            }
            options={phaseOptions}
            placeholder={t('Phase')}
            emptyText={t('No phase')}
            icon={chipIcons.phase}
            value={task.phase ?? ''}
            onChange={(phase) =>
              (phase || null) !== task.phase && void save.save({ phase: (phase || null) as TaskPhase | null })
            }
          />
        </li>
      ) : task.phase ? (
        <ReadOnlyChip label={k('Phase')} icon={chipIcons.phase}>
          {phaseName(task.phase)}
        </ReadOnlyChip>
      ) : null}
      {edit ? (
        <li data-property="Team" className="min-w-0">
          <ChipPicker
            label={t('Team')}
            aria-label={t('Team: {{value}}', { value: teamLabel(task.team) })}
            options={[
              { value: '', label: t('No team') },
              ...teams.map((team) => ({ value: team.id, label: team.name })),
            ]}
            placeholder={t('No team')}
            emptyText={t('No team')}
            icon={chipIcons.team}
            value={task.teamId ?? ''}
            onClick={loadOptions}
            onChange={(value) => (value || null) !== task.teamId && saveRef('teamId', value)}
          />
        </li>
      ) : task.team ? (
        <ReadOnlyChip label={k('Team')} icon={chipIcons.team}>
          {teamLabel(task.team)}
        </ReadOnlyChip>
      ) : null}
      {edit ? (
        <li data-property="Estimate" className="min-w-0">
          <ChipPicker
            label={t('Estimate')}
            aria-label={
              task.estimate ? t('Estimate: {{value}}', { value: task.estimate }) : t('Estimate: none')
            }
            options={estimateOptions(options.data?.estimateScale, task.estimate)}
            placeholder={t('Estimate')}
            emptyText={t('Estimate')}
            icon={chipIcons.estimate}
            value={task.estimate ?? ''}
            onClick={loadOptions}
            onChange={(value) =>
              (value || null) !== task.estimate && void save.save({ estimate: value || null })
            }
          />
        </li>
      ) : task.estimate ? (
        <ReadOnlyChip label={k('Estimate')} icon={chipIcons.estimate}>
          {task.estimate}
        </ReadOnlyChip>
      ) : null}
      <li className="min-w-0">
        <Link
          to={paths.product(product.id)}
          aria-label={t('Product: {{name}}', { name: product.name })}
          className={chipClass}
        >
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
          <span>{moreOpen ? t('Fewer properties') : t('All properties')}</span>
        </button>
      </li>
    </ul>
  );
}
