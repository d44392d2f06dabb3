import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A form resolver whose schema code (zod, @hookform/resolvers) is fetched on the form's first
 * validation instead of with the page: the public /auth page stays within its bundle budget
 * (docs/decisions/005-bundle-budget.md). A failed fetch is retried on the next validation.
 */
export function lazyResolver<Input extends FieldValues, Context, Output>(
  load: () => Promise<Resolver<Input, Context, Output>>,
): Resolver<Input, Context, Output> {
  let loading: Promise<Resolver<Input, Context, Output>> | undefined;
  return async (values, context, options) => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return (await loading)(values, context, options);
  };
}
