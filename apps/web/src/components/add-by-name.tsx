import { type ComponentProps, type FormEvent, type ReactNode, useState } from 'react';
import { getErrorMessage } from '../lib/api-client.ts';
import { cn } from '../lib/cn.ts';
import { toast } from '../lib/toast.ts';
import { Button, type ButtonProps } from './ui/button.tsx';
import { Input } from './ui/input.tsx';

/**
 * The "add one" form under a settings list (a label, a state, a field, a checklist item): a name,
 * the controls `beside` it, a submit button, then `children` (a palette). Enter adds; the name is
 * trimmed, the button waits for a name and for the save, and the field empties once it is saved.
 */
export function AddByName({
  label,
  placeholder = label,
  maxLength,
  submitLabel,
  submitVariant,
  pending = false,
  disabled = false,
  failureTitle,
  onAdd,
  beside,
  inputClassName,
  className,
  children,
  ...form
}: Omit<ComponentProps<'form'>, 'onSubmit'> & {
  /** The field's accessible name (and its placeholder unless one is given). */
  label: string;
  placeholder?: string;
  maxLength: number;
  submitLabel: ReactNode;
  submitVariant?: ButtonProps['variant'];
  /** A save is in flight elsewhere (the mutation's own state). */
  pending?: boolean;
  disabled?: boolean;
  /** The toast's title when the save fails; left out, the caller's mutation reports it. */
  failureTitle?: string;
  onAdd: (name: string) => Promise<unknown>;
  beside?: ReactNode;
  inputClassName?: string;
}) {
  const [name, setName] = useState('');
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const value = name.trim();
    if (!value || saving) return;
    setSaving(true);
    try {
      await onAdd(value);
      setName('');
    } catch (error) {
      // The text stays to try again.
      if (failureTitle) toast.error(failureTitle, { description: getErrorMessage(error) });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={submit} className={cn('grid gap-2', className)} {...form}>
      <div className="flex flex-wrap items-center gap-2">
        <Input
          value={name}
          onChange={(event) => setName(event.target.value)}
          maxLength={maxLength}
          placeholder={placeholder}
          aria-label={label}
          disabled={disabled}
          className={cn('h-10 min-w-40 flex-1 sm:h-8', inputClassName)}
        />
        {beside}
        <Button
          type="submit"
          size="sm"
          variant={submitVariant}
          disabled={disabled || !name.trim() || pending || saving}
          className="max-sm:h-10"
        >
          {submitLabel}
        </Button>
      </div>
      {children}
    </form>
  );
}
