import { type Field, fieldValueText, optionOf, type Task, type TaskFieldValues } from '@shipyard/shared';
import { CheckIcon } from 'lucide-react';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { MoreChips } from '../../../components/label-chips.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatShortDate } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n/index.ts';
import { useFieldsInSight } from '../../../lib/product-fields.ts';

// Cards and rows show the values of their product's fields shown on cards (issue 29, decision
// 037): "Severity: High", a person's name, a ticked box as a check, a date short. The values
// travel with every task (`fields`), the fields' definitions are the viewer's fields in sight
// (GET /api/fields, one request shared with the /tasks filters and kept fresh by realtime), and
// the names of the people person fields name come with the list's pages and the board (`people`).

type Person = { id: string; name: string };

type ShownFields = {
  /** Each product's fields shown on cards, in their order. */
  byProduct: ReadonlyMap<string, readonly Field[]>;
  /** People's names by id. */
  people: ReadonlyMap<string, string>;
};

const ShownFieldsContext = createContext<ShownFields>({ byProduct: new Map(), people: new Map() });

/**
 * The fields shown on cards for the rows and cards inside (`tasks`, asked for once one of them has
 * a value), and the names of the people they name.
 */
export function TaskFieldsProvider({
  tasks,
  people = [],
  children,
}: {
  tasks: readonly Pick<Task, 'fields'>[];
  people?: readonly Person[];
  children: ReactNode;
}) {
  const anyValues = useMemo(() => tasks.some((task) => Object.keys(task.fields).length > 0), [tasks]);
  const fields = useFieldsInSight(anyValues);
  const byProduct = useMemo(() => {
    const map = new Map<string, Field[]>();
    for (const field of fields) {
      if (field.showOnCards) map.set(field.productId, [...(map.get(field.productId) ?? []), field]);
    }
    for (const list of map.values()) list.sort((a, b) => a.position - b.position);
    return map;
  }, [fields]);
  // The pages' people, the same map while they name the same people (rows re-render only then).
  const key = JSON.stringify(people.map((person) => [person.id, person.name]));
  const names = useMemo(() => new Map<string, string>(JSON.parse(key)), [key]);
  const value = useMemo(() => ({ byProduct, people: names }), [byProduct, names]);
  return <ShownFieldsContext value={value}>{children}</ShownFieldsContext>;
}

/** The people a list's loaded pages (or a board's columns) name. */
export const peopleOfPages = (pages: readonly { people?: Person[] | undefined }[] | undefined) =>
  (pages ?? []).flatMap((page) => page.people ?? []);

/** A value as a chip shows it: its field's name, its text, an option's colour, a ticked box. */
export type FieldChip = { id: string; name: string; text: string; color?: string; checked?: boolean };

/** A task's values of the fields shown, in the fields' order; a person not named yet is left out. */
function fieldChipsOf(
  fields: readonly Field[],
  values: TaskFieldValues,
  people: ReadonlyMap<string, string>,
): FieldChip[] {
  return fields.flatMap((field): FieldChip[] => {
    const value = values[field.id];
    if (value === undefined) return [];
    const chip = { id: field.id, name: field.name };
    switch (field.type) {
      case 'checkbox':
        return value === true ? [{ ...chip, text: t('Yes'), checked: true }] : [];
      case 'person': {
        const name = typeof value === 'string' ? people.get(value) : undefined;
        return name ? [{ ...chip, text: name }] : [];
      }
      case 'date':
        return [{ ...chip, text: formatShortDate(String(value)) }];
      case 'select': {
        const option = optionOf(field, String(value));
        return option ? [{ ...chip, text: option.name, color: option.color }] : [];
      }
      default: {
        const text = fieldValueText(field, value);
        return text ? [{ ...chip, text }] : [];
      }
    }
  });
}

/** The task's chips, from the fields and people of the list or board around it. */
export function useFieldChips(task: Pick<Task, 'projectId' | 'fields'>): FieldChip[] {
  const { byProduct, people } = useContext(ShownFieldsContext);
  const fields = byProduct.get(task.projectId);
  return useMemo(
    () => (fields ? fieldChipsOf(fields, task.fields, people) : []),
    [fields, task.fields, people],
  );
}

const chipTitle = (chip: FieldChip) => t('{{name}}: {{value}}', { name: chip.name, value: chip.text });

function FieldChipFace({ chip }: { chip: FieldChip }) {
  return (
    <span
      title={chipTitle(chip)}
      data-field={chip.id}
      className="inline-flex min-w-0 max-w-[12rem] items-center gap-1 rounded-full border px-1.5 py-0.5 text-[11px] text-muted-foreground leading-none"
    >
      {chip.checked ? (
        <>
          <CheckIcon aria-hidden="true" className="size-3 shrink-0 text-foreground" />
          <span className="truncate">{chip.name}</span>
          <span className="sr-only">: {chip.text}</span>
        </>
      ) : (
        <>
          {chip.color ? (
            <span
              aria-hidden="true"
              className="size-2 shrink-0 rounded-full"
              style={{ backgroundColor: chip.color }}
            />
          ) : null}
          <span className="truncate">
            {chip.name}: <span className="text-foreground">{chip.text}</span>
          </span>
        </>
      )}
    </span>
  );
}

/**
 * The values as chips: the first `max`, then "+N" for the rest. `oneLine`: only the chips that fit
 * on one line (a compact row keeps its height).
 */
export function TaskFieldChips({
  chips,
  max = 3,
  oneLine = false,
  className,
}: {
  chips: readonly FieldChip[];
  max?: number;
  oneLine?: boolean;
  className?: string;
}) {
  if (chips.length === 0) return null;
  return (
    <ul
      aria-label={t('Fields')}
      className={cn(
        'flex min-w-0 items-center gap-1',
        // One line: those that do not fit wrap onto a second line, which is cut off.
        oneLine ? 'h-5 flex-1 flex-wrap overflow-hidden' : 'flex-wrap',
        className,
      )}
    >
      {chips.slice(0, max).map((chip) => (
        <li key={chip.id} className="min-w-0">
          <FieldChipFace chip={chip} />
        </li>
      ))}
      <MoreChips names={chips.slice(max).map(chipTitle)} />
    </ul>
  );
}
