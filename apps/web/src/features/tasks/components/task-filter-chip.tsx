import type { Field, TaskDueFilter, TaskPhase, TaskPriority, TaskStatus } from '@shipyard/shared';
import { CheckIcon, XIcon } from 'lucide-react';
import { Popover } from 'radix-ui';
import { type ReactNode, useId, useState } from 'react';
import { Input } from '../../../components/ui/input.tsx';
import { PopoverContent } from '../../../components/ui/popover.tsx';
import { cn } from '../../../lib/cn.ts';
import { t } from '../../../lib/i18n/index.ts';
import { ownFieldFilters } from './task-field-filters.ts';
import {
  dueOptions,
  FILTERS,
  type FilterKind,
  type FilterNames,
  type Option,
  phaseOptions,
  priorityOptions,
  statusOptions,
  toggled,
} from './task-filter-model.ts';
import type { TasksSearchState } from './task-search-params.ts';

/** `replace`: the change takes the URL's current history entry instead of adding one. */
export type FilterUpdate = (patch: Partial<TasksSearchState>, options?: { replace?: boolean }) => void;

/** The choices the chips offer beyond the fixed ones: people, teams and products by name. */
export type FilterChoices = {
  people: Option[];
  teams: Option[];
  products: Option[];
  /** Label names to pick from (a chosen product's). */
  labels: string[];
  /** The chosen product's workflow states (issue 29). */
  states: Option[];
  /** The custom fields of the products in sight (issue 29). */
  fields: readonly Field[];
};

type ChipProps = {
  kind: FilterKind;
  state: TasksSearchState;
  update: FilterUpdate;
  names: FilterNames;
  choices: FilterChoices;
  /** Opens at once (a filter just picked from the "Filter" menu). */
  defaultOpen?: boolean;
  onClose?: () => void;
};

/** One of the fixed filters as a chip, its editor in its popover. */
export function TaskFilterChip({ kind, state, update, names, choices, defaultOpen, onClose }: ChipProps) {
  const filter = FILTERS[kind];
  return (
    <FilterChip
      name={t(filter.name)}
      summary={filter.isOn(state) ? filter.summary(state, names) : t('any')}
      onRemove={() => update(filter.off)}
      defaultOpen={defaultOpen}
      onClose={onClose}
    >
      <FilterEditor kind={kind} state={state} update={update} choices={choices} />
    </FilterChip>
  );
}

/**
 * A filter as a chip (Linear's): its name and values; a click opens its editor, × removes it.
 */
export function FilterChip({
  name,
  summary,
  onRemove,
  defaultOpen,
  onClose,
  children,
}: {
  name: string;
  summary: string;
  onRemove: () => void;
  /** Opens at once (a filter just picked from the "Filter" menu). */
  defaultOpen?: boolean | undefined;
  onClose?: (() => void) | undefined;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(Boolean(defaultOpen));
  return (
    <span className="inline-flex h-8 max-w-full items-center rounded-md border bg-background text-sm shadow-xs">
      <Popover.Root
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) onClose?.();
        }}
      >
        <Popover.Trigger asChild>
          <button
            type="button"
            aria-label={t('{{name}} filter: {{summary}}', { name, summary })}
            className="inline-flex h-full min-w-0 items-center gap-1 rounded-s-md px-2.5 outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
          >
            <span className="max-w-40 shrink-0 truncate text-muted-foreground">
              {t('{{name}}:', { name })}
            </span>
            <span className="truncate font-medium">{summary}</span>
          </button>
        </Popover.Trigger>
        <PopoverContent
          aria-label={t('{{name}} filter', { name })}
          className="grid w-64 gap-2 p-2 outline-none"
        >
          {children}
        </PopoverContent>
      </Popover.Root>
      <button
        type="button"
        aria-label={t('Remove {{name}} filter', { name })}
        onClick={() => {
          onRemove();
          onClose?.();
        }}
        className="inline-flex h-full items-center rounded-e-md border-s px-1.5 text-muted-foreground outline-none hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
      >
        <XIcon aria-hidden="true" className="size-3.5" />
      </button>
    </span>
  );
}

/** A filter's editor: its values as toggles, dates, or label names. */
function FilterEditor({
  kind,
  state,
  update,
  choices,
}: {
  kind: FilterKind;
  state: TasksSearchState;
  update: FilterUpdate;
  choices: FilterChoices;
}) {
  switch (kind) {
    case 'status':
      return (
        <Toggles
          options={statusOptions()}
          chosen={state.status}
          onToggle={(v) => update({ status: toggled(state.status, v as TaskStatus) })}
        />
      );
    case 'state':
      return (
        <Toggles
          options={choices.states}
          chosen={state.stateId}
          onToggle={(v) => update({ stateId: toggled(state.stateId, v) })}
        />
      );
    case 'priority':
      return (
        <Toggles
          options={priorityOptions()}
          chosen={state.priority}
          onToggle={(v) => update({ priority: toggled(state.priority, v as TaskPriority) })}
        />
      );
    case 'assignee':
      return (
        <Toggles
          options={[
            { value: 'me', label: t('Me') },
            { value: 'none', label: t('No assignee') },
            ...choices.people,
          ]}
          chosen={state.assignee}
          onToggle={(v) => update({ assignee: toggled(state.assignee, v) })}
        />
      );
    case 'createdBy':
      return (
        <Toggles
          options={[{ value: 'me', label: t('Me') }, ...choices.people]}
          chosen={state.createdBy}
          onToggle={(v) => update({ createdBy: toggled(state.createdBy, v) })}
        />
      );
    case 'team':
      return (
        <Toggles
          options={[{ value: 'none', label: t('No team') }, ...choices.teams]}
          chosen={state.teamId}
          onToggle={(v) => update({ teamId: toggled(state.teamId, v) })}
        />
      );
    case 'product':
      return (
        <Toggles
          options={choices.products}
          chosen={state.productId ? [state.productId] : []}
          // Labels, states and fields belong to a product: another product starts without the
          // first two, and keeps only its own fields' filters.
          onToggle={(v) =>
            update({
              productId: state.productId === v ? undefined : v,
              labelId: undefined,
              stateId: [],
              field: state.productId === v ? state.field : ownFieldFilters(state, choices.fields, v),
            })
          }
        />
      );
    case 'phase':
      return (
        <Toggles
          options={phaseOptions()}
          chosen={state.phase ? [state.phase] : []}
          onToggle={(v) => update({ phase: state.phase === v ? undefined : (v as TaskPhase) })}
        />
      );
    case 'due':
      return (
        <>
          <Toggles
            options={dueOptions()}
            chosen={state.due ? [state.due] : []}
            onToggle={(v) => update({ due: state.due === v ? undefined : (v as TaskDueFilter) })}
          />
          <DateField
            label={t('Due from')}
            value={state.dueFrom}
            onChange={(dueFrom) => update({ dueFrom })}
          />
          <DateField label={t('Due to')} value={state.dueTo} onChange={(dueTo) => update({ dueTo })} />
        </>
      );
    case 'updated':
      return (
        <DateField
          label={t('Updated since')}
          value={state.updatedSince}
          onChange={(updatedSince) => update({ updatedSince })}
        />
      );
    case 'label':
      return (
        <LabelNames
          names={state.label}
          suggestions={choices.labels}
          onChange={(label) => update({ label, labelId: undefined })}
        />
      );
  }
}

export function Toggles({
  options,
  chosen,
  onToggle,
}: {
  options: readonly Option[];
  chosen: readonly string[];
  onToggle: (value: string) => void;
}) {
  return (
    <ul className="grid max-h-60 gap-0.5 overflow-y-auto">
      {options.map((option) => {
        const on = chosen.includes(option.value);
        return (
          <li key={option.value}>
            <button
              type="button"
              aria-pressed={on}
              onClick={() => onToggle(option.value)}
              className="flex w-full items-center gap-2 rounded-sm px-2 py-1.5 text-start text-sm outline-none hover:bg-accent focus-visible:bg-accent"
            >
              <CheckIcon aria-hidden="true" className={cn('size-4 shrink-0', !on && 'invisible')} />
              <span className="truncate">{option.label}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

export function DateField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
}) {
  const id = useId();
  return (
    <label htmlFor={id} className="grid gap-1 px-2 text-muted-foreground text-xs">
      {label}
      <Input
        id={id}
        type="date"
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value || undefined)}
        className="h-8"
      />
    </label>
  );
}

/** Labels by name (across products): pick one, or type a name and press Enter; a chosen one toggles off. */
function LabelNames({
  names,
  suggestions,
  onChange,
}: {
  names: string[];
  suggestions: string[];
  onChange: (names: string[]) => void;
}) {
  const [text, setText] = useState('');
  const lower = names.map((n) => n.toLowerCase());
  const shown = [...names, ...suggestions.filter((s) => !lower.includes(s.toLowerCase()))];
  return (
    <>
      <Input
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={t('Label name, then Enter')}
        aria-label={t('Label name')}
        maxLength={50}
        className="h-8"
        onKeyDown={(event) => {
          const name = text.trim();
          if (event.key !== 'Enter' || !name) return;
          event.preventDefault();
          if (!names.some((n) => n.toLowerCase() === name.toLowerCase())) onChange([...names, name]);
          setText('');
        }}
      />
      {shown.length > 0 ? (
        <Toggles
          options={shown.map((name) => ({ value: name, label: name }))}
          chosen={names}
          onToggle={(name) => onChange(toggled(names, name))}
        />
      ) : null}
    </>
  );
}
