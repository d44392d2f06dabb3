import { zodResolver } from '@hookform/resolvers/zod';
import type { BaseSyntheticEvent } from 'react';
import {
  type FieldPath,
  type FieldValues,
  type Resolver,
  type UseFormProps,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod/mini';
import { getErrorMessage } from '../lib/api-client.ts';
import { applyServerFieldErrors } from '../lib/form-errors.ts';
import { toast } from '../lib/toast.ts';

export type ServerFormOptions<Values extends FieldValues, Output, Result> = Omit<
  UseFormProps<Values, unknown, Output>,
  'resolver'
> & {
  /**
   * The shared schema the form is checked against (ARCHITECTURE §3.1). The form holds only
   * strings, a narrower input than the schema accepts, so its input type is not tied to Values.
   */
  schema: z.ZodMiniType<Output, unknown>;
  /** Turns the form's values into the schema's input first (drop what is not sent). */
  prepare?: (values: Values) => Values;
  /**
   * The form's fields that the server may name in `details.fields` (the first one is focused), or
   * those of the values sent (a field per key of a record).
   */
  fields: readonly FieldPath<Values>[] | ((values: Values) => readonly FieldPath<Values>[]);
  /** Error codes that belong to one field (USERNAME_TAKEN → username). */
  codeToField?: Partial<Record<string, FieldPath<Values>>>;
  /** Sends the checked values; a rejection is the server's answer. */
  submit: (values: Output, form: UseFormReturn<Values, unknown, Output>) => Promise<Result>;
  onSuccess?: (result: Result, values: Output, form: UseFormReturn<Values, unknown, Output>) => void;
  /** The failure toast's title, when no field error could hold the answer. */
  failureTitle: string;
  /** The toast's text when the server gave none (spec §8.1); left out, the error's own text. */
  failureFallback?: string;
};

/**
 * A react-hook-form form on a shared zod schema whose submission reports a failure once
 * (ARCHITECTURE §3.3): the server's field errors go back onto the fields, anything else is a
 * toast. /auth's forms stay on lazyResolver (lib/lazy-resolver.ts) to keep zod out of its bundle.
 */
export function useServerForm<Values extends FieldValues, Output = Values, Result = unknown>({
  schema,
  prepare,
  fields,
  codeToField,
  submit,
  onSuccess,
  failureTitle,
  failureFallback,
  ...formOptions
}: ServerFormOptions<Values, Output, Result>) {
  const form = useForm<Values, unknown, Output>({ ...formOptions, resolver: resolverFor(schema, prepare) });

  const onSubmit: (event?: BaseSyntheticEvent) => Promise<void> = form.handleSubmit(async (values) => {
    let result: Result;
    try {
      result = await submit(values, form);
    } catch (error) {
      const named = typeof fields === 'function' ? fields(form.getValues()) : fields;
      if (!applyServerFieldErrors(error, form.setError, named, codeToField)) {
        toast.error(failureTitle, { description: getErrorMessage(error, failureFallback) });
      }
      return;
    }
    onSuccess?.(result, values, form);
  });

  return { form, onSubmit };
}

/**
 * What an edit sends: the fields whose form value differs from the one the form opened with, as
 * the schema turned them out, so a change someone made meanwhile to another field stays.
 */
export function changedFields<Values, Output>(
  fields: ReadonlyArray<keyof Values & keyof Output>,
  values: Output,
  raw: Values,
  initial: Values,
): Partial<Output> {
  const body: Partial<Output> = {};
  for (const field of fields) if (raw[field] !== initial[field]) body[field] = values[field];
  return body;
}

const resolvers = new WeakMap<object, Resolver<FieldValues, unknown, unknown>>();

function resolverFor<Values extends FieldValues, Output>(
  schema: z.ZodMiniType<Output, unknown>,
  prepare: ((values: Values) => Values) | undefined,
): Resolver<Values, unknown, Output> {
  // The one place the form's string values meet the schema's wider input (see `schema` above).
  let base = resolvers.get(schema) as Resolver<Values, unknown, Output> | undefined;
  if (!base) {
    base = zodResolver(schema as never) as unknown as Resolver<Values, unknown, Output>;
    resolvers.set(schema, base as unknown as Resolver<FieldValues, unknown, unknown>);
  }
  const checked = base;
  return prepare ? (values, context, options) => checked(prepare(values), context, options) : checked;
}
