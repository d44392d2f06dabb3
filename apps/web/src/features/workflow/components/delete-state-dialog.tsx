import { stateMessages, type WorkflowState } from '@shipyard/shared';
import { useId, useState } from 'react';
import { ConfirmRowDelete } from '../../../components/editable-row.tsx';
import { OptionSelect } from '../../../components/option-select.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { k, t } from '../../../lib/i18n/index.ts';
import { statusLabel } from './status-labels.ts';

const deleteTexts = {
  title: (name: string) => t('Delete “{{name}}”?', { name }),
  description: (count: number) =>
    count === 0
      ? t('It has no tasks. Tasks in the trash that are in it move to the first state of their status.')
      : t('Its {{count}} tasks move to the state you choose.', { count }),
  moveTo: k('Move its tasks to'),
} as const;

/**
 * Deleting a state asks where its tasks go (another state of the product; the first of the same
 * status is offered first).
 */
export function DeleteStateDialog({
  state,
  states,
  pending,
  onClose,
  remove,
}: {
  state: WorkflowState | undefined;
  states: readonly WorkflowState[];
  pending: boolean;
  onClose: () => void;
  remove: (state: WorkflowState, moveTo: string) => Promise<unknown>;
}) {
  const others = states.filter((s) => s.id !== state?.id);
  const suggested = others.find((s) => s.category === state?.category) ?? others[0];
  const [chosen, setChosen] = useState<string | undefined>();
  const moveTo = chosen && others.some((s) => s.id === chosen) ? chosen : suggested?.id;
  const selectId = useId();
  return (
    <ConfirmRowDelete
      item={state}
      onClose={() => {
        setChosen(undefined);
        onClose();
      }}
      title={state ? deleteTexts.title(state.name) : ''}
      description={(deleting) => (
        <span className="grid gap-3">
          <span>{deleteTexts.description(deleting.tasks)}</span>
          <span className="grid gap-1.5">
            <Label htmlFor={selectId}>{t(deleteTexts.moveTo)}</Label>
            <OptionSelect
              id={selectId}
              value={moveTo ?? ''}
              onValueChange={setChosen}
              options={others.map((s) => ({
                value: s.id,
                label: t('{{name}} ({{status}})', { name: s.name, status: t(statusLabel(s.category)) }),
                icon: (
                  <span
                    aria-hidden="true"
                    className="size-2.5 rounded-full"
                    style={{ backgroundColor: s.color }}
                  />
                ),
              }))}
              className="w-full"
            />
          </span>
        </span>
      )}
      pending={pending}
      remove={(deleting) => (moveTo ? remove(deleting, moveTo) : Promise.resolve())}
      texts={{ deleted: t(stateMessages.deleted), failed: t(stateMessages.deleteFailed) }}
    />
  );
}
