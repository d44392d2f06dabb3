import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { getErrorMessage } from '../lib/api-client.ts';
import { t } from '../lib/i18n/index.ts';
import { Button } from './ui/button.tsx';
import { Input } from './ui/input.tsx';
import { Label } from './ui/label.tsx';

export type CodeFormProps = {
  /** Sends the typed code; a rejection's message is shown under the field. */
  onSubmit: (code: string) => Promise<unknown>;
  submitLabel: ReactNode;
  label?: string;
  hint?: ReactNode;
  /** Also accept a recovery code (letters and dashes), not only six digits. */
  allowRecoveryCode?: boolean;
  /** Ask for the account's password instead of a code (re-authentication, issue 27 #2). */
  password?: boolean;
  children?: ReactNode;
};

/**
 * One field for a two-factor code (sign-in's second step, enrolment, turning it off), or for the
 * password typed again.
 */
export function CodeForm({
  onSubmit,
  submitLabel,
  label = t('Authentication code'),
  hint,
  allowRecoveryCode = false,
  password = false,
  children,
}: CodeFormProps) {
  const id = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = password ? code : code.trim();
    if (password ? value === '' : value.length < 6) {
      setError(password ? t('Enter your password') : t('Enter the 6-digit code from your authenticator app'));
      return;
    }
    setPending(true);
    setError(null);
    try {
      await onSubmit(value);
    } catch (failure) {
      setError(t(getErrorMessage(failure)));
      setPending(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      {children}
      <div className="grid gap-2">
        <Label htmlFor={id}>{label}</Label>
        <Input
          id={id}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          {...(password
            ? { type: 'password', autoComplete: 'current-password', maxLength: 256 }
            : {
                autoComplete: 'one-time-code',
                inputMode: allowRecoveryCode ? 'text' : 'numeric',
                maxLength: 32,
              })}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
          autoFocus
        />
        {hint && !error && (
          <p id={`${id}-hint`} className="text-muted-foreground text-xs">
            {hint}
          </p>
        )}
        {error && (
          <p id={`${id}-error`} role="alert" className="text-destructive text-sm">
            {error}
          </p>
        )}
      </div>
      <Button type="submit" pending={pending}>
        {submitLabel}
      </Button>
    </form>
  );
}
