import { FIELD_TEXT_MAX, FIELD_URL_MAX, type Field, type FieldValue, fieldValueText } from '@shipyard/shared';
import { useState } from 'react';
import { OptionSelect } from '../../../components/option-select.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { t } from '../../../lib/i18n/index.ts';

/** Someone a person field may name: whoever sees the product (the task form's assignee choices). */
type FieldPerson = { id: string; name: string };

type EditorProps = {
  field: Field;
  value: FieldValue | undefined;
  /** null clears the value. */
  onChange: (value: FieldValue | null) => void;
  people?: readonly FieldPerson[];
  disabled?: boolean;
  id?: string;
};

const NONE = '';

/**
 * One field's value, edited by its type: text, number, date and URL save on blur or Enter, a select
 * or a person on choice, a checkbox on tick, a multi select by toggling its options.
 */
export function FieldValueEditor({ field, value, onChange, people = [], disabled, id }: EditorProps) {
  const label = field.name;
  switch (field.type) {
    case 'checkbox':
      return (
        <Checkbox
          id={id}
          aria-label={label}
          checked={value === true}
          disabled={disabled}
          onCheckedChange={(checked) => onChange(checked === true ? true : null)}
        />
      );
    case 'select':
      return (
        <OptionSelect
          id={id}
          aria-label={label}
          size="sm"
          className="w-full"
          disabled={disabled}
          value={typeof value === 'string' ? value : NONE}
          allLabel={t('None')}
          options={field.options.map((o) => ({ value: o.id, label: o.name, icon: <Dot color={o.color} /> }))}
          onValueChange={(next) => onChange(next === NONE ? null : next)}
        />
      );
    case 'person':
      return (
        <OptionSelect
          id={id}
          aria-label={label}
          size="sm"
          className="w-full"
          disabled={disabled}
          value={typeof value === 'string' ? value : NONE}
          allLabel={t('Nobody')}
          options={people.map((p) => ({ value: p.id, label: p.name }))}
          onValueChange={(next) => onChange(next === NONE ? null : next)}
        />
      );
    case 'multi_select': {
      const chosen = Array.isArray(value) ? value : [];
      return (
        <fieldset aria-label={label} className="flex flex-wrap gap-1.5" disabled={disabled}>
          {field.options.map((o) => {
            const on = chosen.includes(o.id);
            return (
              <button
                key={o.id}
                type="button"
                aria-pressed={on}
                className="inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs aria-pressed:border-foreground/40 aria-pressed:bg-accent disabled:opacity-50"
                onClick={() => {
                  const next = on ? chosen.filter((c) => c !== o.id) : [...chosen, o.id];
                  onChange(next.length === 0 ? null : next);
                }}
              >
                <Dot color={o.color} />
                {o.name}
              </button>
            );
          })}
        </fieldset>
      );
    }
    default:
      return <TextLikeEditor field={field} value={value} onChange={onChange} disabled={disabled} id={id} />;
  }
}

const INPUT_TYPE = { text: 'text', number: 'number', date: 'date', url: 'url' } as const;

function TextLikeEditor({ field, value, onChange, disabled, id }: EditorProps) {
  const shown = fieldValueText(field, value);
  const [draft, setDraft] = useState(shown);
  const [was, setWas] = useState(shown);
  // A new value from the server (another browser) replaces the draft.
  if (shown !== was) {
    setWas(shown);
    setDraft(shown);
  }
  const type = field.type === 'number' || field.type === 'date' || field.type === 'url' ? field.type : 'text';
  const commit = () => {
    const text = draft.trim();
    if (text === shown) return;
    if (text === '') return onChange(null);
    onChange(field.type === 'number' ? Number(text) : text);
  };
  return (
    <Input
      id={id}
      aria-label={field.name}
      type={INPUT_TYPE[type]}
      className="h-8"
      value={draft}
      disabled={disabled}
      step={field.type === 'number' ? 'any' : undefined}
      maxLength={field.type === 'url' ? FIELD_URL_MAX : field.type === 'text' ? FIELD_TEXT_MAX : undefined}
      placeholder={field.type === 'url' ? 'https://' : t('Empty')}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') event.currentTarget.blur();
      }}
    />
  );
}

export function Dot({ color }: { color: string }) {
  return (
    <span
      aria-hidden="true"
      className="inline-block size-2 shrink-0 rounded-full"
      style={{ background: color }}
    />
  );
}
