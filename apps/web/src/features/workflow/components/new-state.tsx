import {
  type CreateState,
  STATE_COLORS,
  STATE_NAME_MAX,
  stateMessages,
  TASK_STATUSES,
  type TaskStatus,
} from '@shipyard/shared';
import { useId, useState } from 'react';
import { AddByName } from '../../../components/add-by-name.tsx';
import { ColorSwatches, nextColor } from '../../../components/color-swatches.tsx';
import { OptionSelect } from '../../../components/option-select.tsx';

const newStateTexts = {
  name: 'New state name',
  group: 'Group of the new state',
  add: 'Add state',
  colour: 'Colour of the new state',
} as const;

/** A new state: its name, its status (In Progress unless chosen) and its colour; added last of its group. */
export function NewState({
  full,
  pending,
  used,
  onCreate,
}: {
  full: boolean;
  pending: boolean;
  used: readonly string[];
  onCreate: (state: CreateState) => Promise<unknown>;
}) {
  const [category, setCategory] = useState<TaskStatus>('In Progress');
  const [color, setColor] = useState(() => nextColor(STATE_COLORS, used));
  const hintId = useId();
  return (
    <AddByName
      label={newStateTexts.name}
      maxLength={STATE_NAME_MAX}
      submitLabel={newStateTexts.add}
      pending={pending}
      disabled={full}
      failureTitle={stateMessages.saveFailed}
      onAdd={(name) => onCreate({ name, category, color })}
      className="border-t pt-4"
      aria-describedby={full ? hintId : undefined}
      beside={
        <OptionSelect
          value={category}
          onValueChange={(value) => setCategory(value as TaskStatus)}
          options={TASK_STATUSES.map((status) => ({ value: status, label: status }))}
          aria-label={newStateTexts.group}
          disabled={full}
          className="w-36 max-sm:data-[size=default]:h-10"
        />
      }
    >
      <ColorSwatches colors={STATE_COLORS} label={newStateTexts.colour} value={color} onChange={setColor} />
      {full ? (
        <p id={hintId} className="text-muted-foreground text-xs">
          {stateMessages.tooMany}
        </p>
      ) : null}
    </AddByName>
  );
}
