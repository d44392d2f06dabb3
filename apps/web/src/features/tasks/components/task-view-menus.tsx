import {
  type Field,
  TASK_DISPLAY_PROPERTIES,
  TASK_GROUPS,
  TASK_SORTS,
  type TaskDisplay,
  type TaskDisplayProperty,
  type TaskGroup,
  type TaskSort,
} from '@shipyard/shared';
import { ArrowDownUpIcon, CheckIcon, LayersIcon, SlidersHorizontalIcon } from 'lucide-react';
import { Popover } from 'radix-ui';
import { Button } from '../../../components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu.tsx';
import { PopoverContent } from '../../../components/ui/popover.tsx';
import type { TaskDisplayChange } from '../../../hooks/task-display-scope.tsx';
import { cn } from '../../../lib/cn.ts';
import { k, t } from '../../../lib/i18n/index.ts';
import { groupsBy, sortsBy, useFieldsInScope } from './task-field-filters.ts';
import type { TasksSearchState } from './task-search-params.ts';

// The tasks page's Sort, Group by and Display menus (issue 28). Sort and grouping are part of the
// query (in the URL); the display is the browser's preference (useTaskDisplay).

// Issue 33: marked with k(), translated with t() where shown.
const SORT_LABELS: Record<TaskSort, string> = {
  created: k('Created'),
  updated: k('Updated'),
  due: k('Due date'),
  priority: k('Priority'),
  title: k('Title'),
  manual: k('Manual order'),
  field: k('Custom field'),
};

const GROUP_LABELS: Record<TaskGroup, string> = {
  status: k('Status'),
  state: k('State'),
  assignee: k('Assignee'),
  priority: k('Priority'),
  label: k('Label'),
  product: k('Product'),
  team: k('Team'),
  due: k('Due date'),
  field: k('Custom field'),
};

const PROPERTY_LABELS: Record<TaskDisplayProperty, string> = {
  key: k('Key'),
  status: k('Status'),
  priority: k('Priority'),
  assignee: k('Assignee'),
  due: k('Due date'),
  labels: k('Labels'),
  product: k('Product'),
  team: k('Team'),
  checklist: k('Checklist'),
};

type Update = (patch: Partial<TasksSearchState>) => void;

const NONE = 'none';

/** A menu's radio value: a sort or grouping, or `field:<id>` for a custom field's (issue 29). */
const FIELD_PREFIX = 'field:';
const fieldValue = (id: string | undefined) => `${FIELD_PREFIX}${id ?? ''}`;

export function TaskSortMenu({ state, update }: { state: TasksSearchState; update: Update }) {
  const sort = state.sort ?? 'created';
  const order = state.order ?? (sort === 'title' || sort === 'due' || sort === 'manual' ? 'asc' : 'desc');
  const fields = useFieldsInScope(state.productId).filter(({ field }) => sortsBy(field));
  const sortField = fields.find(({ field }) => field.id === state.sortField);
  const name = sort === 'field' ? (sortField?.label ?? t(SORT_LABELS.field)) : t(SORT_LABELS[sort]);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="outline"
          size="sm"
          className="h-8"
          aria-label={
            order === 'asc'
              ? t('Sort: {{name}}, ascending', { name })
              : t('Sort: {{name}}, descending', { name })
          }
        >
          <ArrowDownUpIcon aria-hidden="true" />
          <span className="max-w-40 truncate max-sm:sr-only">{name}</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className={MENU_CLASS}>
        <DropdownMenuLabel>{t('Sort by')}</DropdownMenuLabel>
        <DropdownMenuRadioGroup
          value={sort === 'field' ? fieldValue(state.sortField) : sort}
          onValueChange={(value) =>
            update(
              value.startsWith(FIELD_PREFIX)
                ? { sort: 'field', sortField: value.slice(FIELD_PREFIX.length) }
                : { sort: value === 'created' ? undefined : (value as TaskSort), sortField: undefined },
            )
          }
        >
          {TASK_SORTS.filter((value) => value !== 'field').map((value) => (
            <DropdownMenuRadioItem key={value} value={value}>
              {t(SORT_LABELS[value])}
            </DropdownMenuRadioItem>
          ))}
          <FieldItems fields={fields} />
        </DropdownMenuRadioGroup>
        <DropdownMenuSeparator />
        <DropdownMenuLabel>{t('Order')}</DropdownMenuLabel>
        <DropdownMenuRadioGroup
          value={order}
          onValueChange={(value) => update({ order: value as 'asc' | 'desc' })}
        >
          <DropdownMenuRadioItem value="asc">{t('Ascending')}</DropdownMenuRadioItem>
          <DropdownMenuRadioItem value="desc">{t('Descending')}</DropdownMenuRadioItem>
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

export function TaskGroupMenu({ state, update }: { state: TasksSearchState; update: Update }) {
  const group = state.group;
  const fields = useFieldsInScope(state.productId).filter(({ field }) => groupsBy(field));
  const groupField = fields.find(({ field }) => field.id === state.groupField);
  const name = !group
    ? undefined
    : group === 'field'
      ? (groupField?.label ?? t(GROUP_LABELS.field))
      : t(GROUP_LABELS[group]);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="outline"
          size="sm"
          className="h-8"
          aria-label={name ? t('Group by: {{name}}', { name }) : t('Group by: nothing')}
        >
          <LayersIcon aria-hidden="true" />
          <span className="max-w-40 truncate max-sm:sr-only">{name ?? t('Group')}</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className={MENU_CLASS}>
        <DropdownMenuLabel>{t('Group by')}</DropdownMenuLabel>
        <DropdownMenuRadioGroup
          value={group === 'field' ? fieldValue(state.groupField) : (group ?? NONE)}
          onValueChange={(value) =>
            update(
              value.startsWith(FIELD_PREFIX)
                ? { group: 'field', groupField: value.slice(FIELD_PREFIX.length) }
                : { group: value === NONE ? undefined : (value as TaskGroup), groupField: undefined },
            )
          }
        >
          <DropdownMenuRadioItem value={NONE}>{t('No grouping')}</DropdownMenuRadioItem>
          {/* A product's workflow states (issue 29): only when one product is chosen. */}
          {TASK_GROUPS.filter((value) => value !== 'field' && (value !== 'state' || state.productId)).map(
            (value) => (
              <DropdownMenuRadioItem key={value} value={value}>
                {t(GROUP_LABELS[value])}
              </DropdownMenuRadioItem>
            ),
          )}
          <FieldItems fields={fields} />
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

const MENU_CLASS =
  'max-h-[min(32rem,var(--radix-dropdown-menu-content-available-height))] w-56 overflow-y-auto';

/** The custom fields a sort or grouping may use (issue 29), under their own heading. */
function FieldItems({ fields }: { fields: { field: Field; label: string }[] }) {
  if (fields.length === 0) return null;
  return (
    <>
      <DropdownMenuSeparator />
      <DropdownMenuLabel>{t('Custom fields')}</DropdownMenuLabel>
      {fields.map(({ field, label }) => (
        <DropdownMenuRadioItem key={field.id} value={fieldValue(field.id)}>
          <span className="truncate">{label}</span>
        </DropdownMenuRadioItem>
      ))}
    </>
  );
}

/** Display options: compact or comfortable rows, the properties shown, the description preview. */
export function TaskDisplayMenu({ display, change }: { display: TaskDisplay; change: TaskDisplayChange }) {
  const toggle = (property: TaskDisplayProperty) =>
    change({
      properties: display.properties.includes(property)
        ? display.properties.filter((p) => p !== property)
        : TASK_DISPLAY_PROPERTIES.filter((p) => p === property || display.properties.includes(p)),
    });
  return (
    <Popover.Root>
      <Popover.Trigger asChild>
        <Button variant="outline" size="sm" className="h-8">
          <SlidersHorizontalIcon aria-hidden="true" />
          <span className="max-sm:sr-only">{t('Display')}</span>
        </Button>
      </Popover.Trigger>
      <PopoverContent
        align="end"
        aria-label={t('Display options')}
        className="grid w-72 gap-3 p-3 outline-none"
      >
        <fieldset className="grid gap-1.5">
          <legend className="mb-1.5 font-medium text-sm">{t('Rows')}</legend>
          <div className="grid grid-cols-2 gap-1">
            {(['comfortable', 'compact'] as const).map((density) => (
              <Button
                key={density}
                size="sm"
                variant={display.density === density ? 'secondary' : 'ghost'}
                aria-pressed={display.density === density}
                onClick={() => change({ density })}
              >
                {density === 'compact' ? t('Compact') : t('Comfortable')}
              </Button>
            ))}
          </div>
        </fieldset>
        <Pressable on={display.preview} onClick={() => change({ preview: !display.preview })}>
          {t('Description preview')}
        </Pressable>
        <fieldset className="grid gap-1.5">
          <legend className="mb-1.5 font-medium text-sm">{t('Properties')}</legend>
          <div className="flex flex-wrap gap-1">
            {TASK_DISPLAY_PROPERTIES.map((property) => (
              <Pressable
                key={property}
                on={display.properties.includes(property)}
                onClick={() => toggle(property)}
                small
              >
                {t(PROPERTY_LABELS[property])}
              </Pressable>
            ))}
          </div>
        </fieldset>
      </PopoverContent>
    </Popover.Root>
  );
}

function Pressable({
  on,
  onClick,
  small = false,
  children,
}: {
  on: boolean;
  onClick: () => void;
  small?: boolean;
  children: string;
}) {
  return (
    <button
      type="button"
      aria-pressed={on}
      onClick={onClick}
      className={cn(
        'inline-flex items-center gap-1.5 rounded-md border px-2 py-1 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring',
        on ? 'border-primary/40 bg-primary/10 text-foreground' : 'text-muted-foreground hover:bg-accent',
        small ? 'text-xs' : 'justify-between',
      )}
    >
      {small ? null : children}
      <CheckIcon aria-hidden="true" className={cn('size-3.5', !on && 'invisible')} />
      {small ? children : null}
    </button>
  );
}
