import { type Login, LoginSchema, type Register, RegisterSchema } from '@shipyard/shared';
import type { Validation, Validator } from './auth-form.tsx';

// The Login and Sign Up checks, in a chunk the forms load on their first submit (auth-form.tsx):
// zod stays off the sign-in page's first load. The first message of each field, and the parsed
// (trimmed, lower-cased) values, as @hookform/resolvers' zodResolver gave them.
type Schema<V> = {
  safeParseAsync: (
    data: unknown,
  ) => Promise<
    | { success: true; data: V }
    | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } }
  >;
};

function validatorOf<V extends Record<string, string>>(schema: Schema<V>): Validator<V> {
  return async (values): Promise<Validation<V>> => {
    const result = await schema.safeParseAsync(values);
    if (result.success) return { values: result.data };
    const errors: Partial<Record<string, string>> = {};
    for (const issue of result.error.issues) {
      const key = issue.path.map(String).join('.');
      errors[key] ??= issue.message;
    }
    return { errors: errors as Partial<Record<keyof V & string, string>> };
  };
}

export const validateLogin = validatorOf<Login>(LoginSchema);
export const validateRegister = validatorOf<Register>(RegisterSchema);
