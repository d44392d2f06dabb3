import {
  GATE_CRITERIA_MAX,
  GATE_CRITERION_KINDS,
  GATE_LABEL_MAX,
  GATE_NAME_MAX,
  type GateCriterionInput,
  type GateCriterionKind,
  PRODUCT_STATUSES,
  type ProductStatus,
  ROLES,
  type Role,
} from '@shipyard/shared';
import { PlusIcon, Trash2Icon } from 'lucide-react';
import { useId, useState } from 'react';
import { OptionSelect } from '../../../components/option-select.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { t } from '../../../lib/i18n/index.ts';
import { kindName, roleName, stageName } from './gate-texts.ts';

/** A criterion being edited: every kind's fields, so switching nothing loses nothing. */
export type DraftCriterion = {
  id?: string | undefined;
  kind: GateCriterionKind;
  label: string;
  field?: string | undefined;
  phase?: ProductStatus | undefined;
  labelName?: string | undefined;
  userIds?: string[] | undefined;
  roles?: Role[] | undefined;
};

/** The draft as the API takes it (the server checks it again and says what is wrong). */
function toInput(draft: DraftCriterion): GateCriterionInput {
  const base = { ...(draft.id && { id: draft.id }), label: draft.label.trim() };
  switch (draft.kind) {
    case 'manual':
      return { ...base, kind: 'manual' };
    case 'field':
      return { ...base, kind: 'field', field: (draft.field ?? '').trim() };
    case 'phase_done':
      return { ...base, kind: 'phase_done', phase: draft.phase ?? 'testing' };
    case 'no_label':
      return { ...base, kind: 'no_label', labelName: (draft.labelName ?? '').trim() };
    case 'approval':
      return { ...base, kind: 'approval', userIds: draft.userIds ?? [], roles: draft.roles ?? [] };
  }
}

type Person = { id: string; name: string };

type EditorProps = {
  stage: ProductStatus;
  initial: readonly DraftCriterion[];
  readOnly: boolean;
  /** People an approval may name (a product's); none: approvals name roles only (the workspace default). */
  people?: readonly Person[] | undefined;
  pending: boolean;
  onSave: (criteria: GateCriterionInput[]) => void;
};

/** One stage's exit criteria as an editable list: label and kind's details per row, add, remove, save. */
export function GateCriteriaEditor({ stage, initial, readOnly, people, pending, onSave }: EditorProps) {
  const [drafts, setDrafts] = useState<DraftCriterion[]>(() => initial.map((c) => ({ ...c })));
  const [kind, setKind] = useState<GateCriterionKind>('manual');
  const update = (index: number, patch: Partial<DraftCriterion>) =>
    setDrafts((list) => list.map((d, i) => (i === index ? { ...d, ...patch } : d)));
  const kindOptions = GATE_CRITERION_KINDS.map((value) => ({ value, label: kindName(value) }));
  return (
    <div className="grid gap-3">
      {drafts.length === 0 ? (
        <p className="text-muted-foreground text-sm">
          {t('No exit criteria for {{stage}}.', { stage: stageName(stage) })}
        </p>
      ) : (
        <ul className="grid gap-3">
          {drafts.map((draft, index) => (
            <CriterionEditor
              key={draft.id ?? `new-${index}`}
              draft={draft}
              readOnly={readOnly}
              people={people}
              onChange={(patch) => update(index, patch)}
              onRemove={() => setDrafts((list) => list.filter((_, i) => i !== index))}
            />
          ))}
        </ul>
      )}
      {readOnly ? null : (
        <div className="flex flex-wrap items-center gap-2">
          <OptionSelect
            size="sm"
            aria-label={t('Kind of the new criterion')}
            className="w-56"
            value={kind}
            onValueChange={(value) => setKind(value as GateCriterionKind)}
            options={kindOptions}
          />
          <Button
            size="sm"
            variant="outline"
            disabled={drafts.length >= GATE_CRITERIA_MAX}
            onClick={() =>
              setDrafts((list) => [
                ...list,
                { kind, label: '', ...(kind === 'phase_done' && { phase: stage }) },
              ])
            }
          >
            <PlusIcon aria-hidden="true" />
            {t('Add criterion')}
          </Button>
          <Button size="sm" className="ms-auto" pending={pending} onClick={() => onSave(drafts.map(toInput))}>
            {t('Save criteria')}
          </Button>
        </div>
      )}
    </div>
  );
}

type RowProps = {
  draft: DraftCriterion;
  readOnly: boolean;
  people?: readonly Person[] | undefined;
  onChange: (patch: Partial<DraftCriterion>) => void;
  onRemove: () => void;
};

function CriterionEditor({ draft, readOnly, people, onChange, onRemove }: RowProps) {
  const id = useId();
  const toggle = <T,>(list: readonly T[] | undefined, value: T, on: boolean) =>
    on ? [...(list ?? []), value] : (list ?? []).filter((v) => v !== value);
  return (
    <li className="grid gap-2 rounded-md border p-3" aria-label={draft.label || kindName(draft.kind)}>
      <div className="flex items-center justify-between gap-2">
        <span className="rounded bg-muted px-1.5 py-0.5 text-muted-foreground text-xs">
          {kindName(draft.kind)}
        </span>
        {readOnly ? null : (
          <Button
            size="icon"
            variant="ghost"
            className="size-7"
            aria-label={t('Remove criterion')}
            onClick={onRemove}
          >
            <Trash2Icon aria-hidden="true" />
          </Button>
        )}
      </div>
      <Input
        aria-label={t('Criterion label')}
        placeholder={t('What must be true')}
        value={draft.label}
        maxLength={GATE_LABEL_MAX}
        disabled={readOnly}
        onChange={(event) => onChange({ label: event.target.value })}
      />
      {draft.kind === 'field' ? (
        <Input
          aria-label={t('Custom field name')}
          placeholder={t('Custom field name')}
          value={draft.field ?? ''}
          maxLength={GATE_NAME_MAX}
          disabled={readOnly}
          onChange={(event) => onChange({ field: event.target.value })}
        />
      ) : null}
      {draft.kind === 'no_label' ? (
        <Input
          aria-label={t('Label name')}
          placeholder={t('Label name')}
          value={draft.labelName ?? ''}
          maxLength={GATE_NAME_MAX}
          disabled={readOnly}
          onChange={(event) => onChange({ labelName: event.target.value })}
        />
      ) : null}
      {draft.kind === 'phase_done' ? (
        <OptionSelect
          size="sm"
          aria-label={t('Phase')}
          className="w-48"
          disabled={readOnly}
          value={draft.phase ?? 'testing'}
          onValueChange={(value) => onChange({ phase: value as ProductStatus })}
          options={PRODUCT_STATUSES.map((value) => ({ value, label: stageName(value) }))}
        />
      ) : null}
      {draft.kind === 'approval' ? (
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-muted-foreground text-xs">{t('Approved by anyone of')}</legend>
          <div className="flex flex-wrap gap-x-4 gap-y-2">
            {ROLES.filter((r) => r !== 'guest').map((role) => (
              <label key={role} htmlFor={`${id}-${role}`} className="flex items-center gap-2 text-sm">
                <Checkbox
                  id={`${id}-${role}`}
                  disabled={readOnly}
                  checked={(draft.roles ?? []).includes(role)}
                  onCheckedChange={(on) => onChange({ roles: toggle(draft.roles, role, on === true) })}
                />
                {roleName(role)}
              </label>
            ))}
            {(people ?? []).map((person) => (
              <label
                key={person.id}
                htmlFor={`${id}-${person.id}`}
                className="flex items-center gap-2 text-sm"
              >
                <Checkbox
                  id={`${id}-${person.id}`}
                  disabled={readOnly}
                  checked={(draft.userIds ?? []).includes(person.id)}
                  onCheckedChange={(on) =>
                    onChange({ userIds: toggle(draft.userIds, person.id, on === true) })
                  }
                />
                {person.name}
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
    </li>
  );
}
