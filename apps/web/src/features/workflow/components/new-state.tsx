import {
  type CreateState,
  STATE_COLORS,
  STATE_NAME_MAX,
  stateMessages,
  TASK_STATUSES,
  type TaskStatus,
} from '@shipyard/shared';
import { type FormEvent, useId, useState } from 'react';
import { ColorSwatches, nextColor } from '../../../components/color-swatches.tsx';
import { OptionSelect } from '../../../components/option-select.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';

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
  const [name, setName] = useState('');
  const [category, setCategory] = useState<TaskStatus>('In Progress');
  const [color, setColor] = useState(() => nextColor(STATE_COLORS, used));
  const hintId = useId();
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) return;
    try {
      await onCreate({ name: name.trim(), category, color });
      setName('');
    } catch (error) {
      toast.error(stateMessages.saveFailed, { description: getErrorMessage(error) });
    }
  }
  return (
    <form onSubmit={submit} className="grid gap-2 border-t pt-4" aria-describedby={full ? hintId : undefined}>
      <div className="flex flex-wrap gap-2">
        <Input
          value={name}
          onChange={(event) => setName(event.target.value)}
          maxLength={STATE_NAME_MAX}
          placeholder={newStateTexts.name}
          aria-label={newStateTexts.name}
          disabled={full}
          className="h-8 min-w-40 flex-1"
        />
        <OptionSelect
          value={category}
          onValueChange={(value) => setCategory(value as TaskStatus)}
          options={TASK_STATUSES.map((status) => ({ value: status, label: status }))}
          aria-label={newStateTexts.group}
          disabled={full}
          className="h-8 w-36"
        />
        <Button type="submit" size="sm" disabled={full || !name.trim() || pending}>
          {newStateTexts.add}
        </Button>
      </div>
      <ColorSwatches colors={STATE_COLORS} label={newStateTexts.colour} value={color} onChange={setColor} />
      {full ? (
        <p id={hintId} className="text-muted-foreground text-xs">
          {stateMessages.tooMany}
        </p>
      ) : null}
    </form>
  );
}
