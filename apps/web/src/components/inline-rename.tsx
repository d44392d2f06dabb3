import { type ComponentProps, useEffect, useRef } from 'react';
import { Input } from './ui/input.tsx';

type InlineRenameProps = Omit<
  ComponentProps<typeof Input>,
  'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'onKeyDown'
> & {
  /** The name as stored. */
  value: string;
  /** A changed, non-empty name (trimmed), once per change. */
  onRename: (name: string) => void;
  /** The edit is over: `byKey` when Enter or Escape ended it (the caller may move focus back). */
  onDone?: (byKey: boolean) => void;
};

/**
 * A name edited in place (labels, workflow states, fields, checklist items). Enter or leaving the
 * field saves a changed, non-empty name; Escape, an empty or an unchanged name puts the stored one
 * back. A new name from the server (another manager) shows unless the field is being edited.
 * Inside a panel that closes on Escape, pass `data-own-escape` so that Escape only cancels the edit.
 */
export function InlineRename({ value, onRename, onDone, ...input }: InlineRenameProps) {
  const field = useRef<HTMLInputElement>(null);
  const sent = useRef(value);
  useEffect(() => {
    sent.current = value;
    if (field.current && field.current !== document.activeElement) field.current.value = value;
  }, [value]);

  function commit(element: HTMLInputElement) {
    const name = element.value.trim();
    if (!name) element.value = sent.current;
    else if (name !== sent.current) {
      sent.current = name;
      onRename(name);
    }
  }

  return (
    <Input
      ref={field}
      defaultValue={value}
      {...input}
      onBlur={(event) => {
        commit(event.currentTarget);
        onDone?.(false);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          commit(event.currentTarget);
          onDone?.(true);
        } else if (event.key === 'Escape') {
          event.currentTarget.value = sent.current;
          onDone?.(true);
        }
      }}
    />
  );
}
