import { type ChangeEvent, type ComponentProps, type FormEvent, useId, useRef, useState } from 'react';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { t } from '../../../lib/i18n/index.ts';

/**
 * The Login and Sign Up forms' state, without react-hook-form: the sign-in page's first load
 * leaves out the form stack's 14 kB (docs/decisions/005-bundle-budget.md). It behaves as those
 * forms did with react-hook-form's defaults: nothing is checked before the first submit; a submit
 * checks every field, shows the first message of each and focuses the first field in error; after
 * it, a field is checked again as it changes. The checks are the shared zod schemas, loaded on the
 * first submit (auth-validators.ts). The views behind a link (forgot password, reset, forced
 * change, two-factor) keep react-hook-form.
 */
export type Validation<V> = { values: V; errors?: undefined } | { values?: undefined; errors: Errors<V> };
export type Validator<V> = (values: V) => Promise<Validation<V>>;
type Errors<V> = Partial<Record<keyof V & string, string>>;

export type AuthFieldProps = {
  name: string;
  value: string;
  error: string | undefined;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  ref: (element: HTMLInputElement | null) => void;
};

export function useAuthForm<V extends Record<string, string>>({
  defaultValues,
  loadValidator,
}: {
  defaultValues: V;
  loadValidator: () => Promise<Validator<V>>;
}) {
  const [values, setValues] = useState(defaultValues);
  const [errors, setErrors] = useState<Errors<V>>({});
  const latest = useRef(values);
  const submitted = useRef(false);
  const inputs = useRef(new Map<string, HTMLInputElement>());
  const loading = useRef<Promise<Validator<V>> | undefined>(undefined);

  const validate = async (current: V) => {
    // A failed fetch of the validator is retried on the next check.
    loading.current ??= loadValidator().catch((error: unknown) => {
      loading.current = undefined;
      throw error;
    });
    return (await loading.current)(current);
  };

  const field = (name: keyof V & string): AuthFieldProps => ({
    name,
    value: values[name] ?? '',
    error: errors[name],
    onChange: (event) => {
      const next = { ...latest.current, [name]: event.target.value };
      latest.current = next;
      setValues(next);
      if (!submitted.current) return;
      void validate(next).then((result) => {
        // A later keystroke has its own check under way.
        if (latest.current !== next) return;
        setErrors((previous) => ({ ...previous, [name]: result.errors?.[name] }));
      });
    },
    ref: (element) => {
      if (element) inputs.current.set(name, element);
      else inputs.current.delete(name);
    },
  });

  const handleSubmit = (onValid: (values: V) => void) => async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submitted.current = true;
    const result = await validate(latest.current);
    const { errors: found } = result;
    if (found) {
      setErrors(found);
      const first = Object.keys(defaultValues).find((name) => found[name as keyof V & string]);
      if (first) inputs.current.get(first)?.focus();
      return;
    }
    setErrors({});
    onValid(result.values as V);
  };

  return { field, handleSubmit, getValues: (name: keyof V & string) => latest.current[name] };
}

/** The e-mail field of every /auth form: its label, keyboard, autofill hint and example. */
export const emailFieldProps = {
  // A getter: read when a form spreads it, in the reader's language.
  get label() {
    return t('Email');
  },
  type: 'email',
  autoComplete: 'email',
  placeholder: 'you@company.com',
} as const;

type AuthTextFieldProps = Omit<
  ComponentProps<typeof Input>,
  'name' | 'value' | 'defaultValue' | 'onChange' | 'ref'
> & {
  field: AuthFieldProps;
  label: string;
};

/** The same markup, ids and aria as components/ui/text-field.tsx, for a useAuthForm field. */
export function AuthTextField({ field: { error, ...field }, label, ...input }: AuthTextFieldProps) {
  const id = useId();
  const formItemId = `${id}-form-item`;
  const formDescriptionId = `${id}-form-item-description`;
  const formMessageId = `${id}-form-item-message`;
  return (
    <div data-slot="form-item" className="grid gap-2">
      <Label
        data-slot="form-label"
        data-error={!!error}
        className="data-[error=true]:text-destructive"
        htmlFor={formItemId}
      >
        {label}
      </Label>
      <Input
        {...input}
        {...field}
        data-slot="form-control"
        id={formItemId}
        aria-describedby={error ? `${formDescriptionId} ${formMessageId}` : formDescriptionId}
        aria-invalid={!!error}
      />
      {error && (
        <p data-slot="form-message" id={formMessageId} className="text-destructive text-sm">
          {t(error)}
        </p>
      )}
    </div>
  );
}
