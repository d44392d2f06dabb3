import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiRequestError } from './api-client.ts';
import { t } from './i18n/index.ts';

function fieldErrorsOf(error: ApiRequestError): Record<string, string[]> {
  const details = error.details;
  if (typeof details !== 'object' || details === null || !('fields' in details)) return {};
  const fields = (details as { fields: unknown }).fields;
  if (typeof fields !== 'object' || fields === null) return {};
  const result: Record<string, string[]> = {};
  for (const [name, messages] of Object.entries(fields)) {
    if (Array.isArray(messages)) result[name] = messages.filter((m): m is string => typeof m === 'string');
  }
  return result;
}

/**
 * Puts the server's field errors (`details.fields`, or an error code that belongs to one field)
 * back on the form's fields. Answers whether it placed any, so the caller toasts only otherwise
 * (ARCHITECTURE §3.3: nothing is reported twice).
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly FieldPath<T>[],
  codeToField: Partial<Record<string, FieldPath<T>>> = {},
): boolean {
  if (!(error instanceof ApiRequestError)) return false;
  let placed = false;
  const byField = fieldErrorsOf(error);
  for (const field of fields) {
    const message = byField[field]?.[0];
    if (message) {
      // The server's English text in the reader's language (issue 33, locales/<code>/messages.json).
      setError(field, { type: 'server', message: t(message) }, { shouldFocus: !placed });
      placed = true;
    }
  }
  const codeField = error.code ? codeToField[error.code] : undefined;
  if (!placed && codeField) {
    setError(codeField, { type: 'server', message: error.message }, { shouldFocus: true });
    placed = true;
  }
  return placed;
}
