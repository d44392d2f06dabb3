import { authScreenMessages as m } from '@shipyard/shared';
import { Button } from '../../../components/ui/button.tsx';
import { t } from '../../../lib/i18n/index.ts';
import { toast } from '../../../lib/toast.ts';
import { useRegister } from '../api/register.ts';
import { AuthTextField, emailFieldProps, useAuthForm } from './auth-form.tsx';

type SignUpFormProps = {
  /** The account exists; the user must verify `email` before logging in (spec §2.4). */
  onSignedUp: (email: string) => void;
};

/** The Sign Up tab (spec §2.4): name, email, password, a Sign Up button with a loading state. */
export function SignUpForm({ onSignedUp }: SignUpFormProps) {
  const registerMutation = useRegister();
  const form = useAuthForm({
    defaultValues: { name: '', email: '', password: '' },
    loadValidator: () => import('./auth-validators.ts').then((v) => v.validateRegister),
  });

  const onSubmit = form.handleSubmit((values) => {
    registerMutation.mutate(values, {
      onSuccess: () => {
        toast.success(m.accountCreatedTitle, { description: m.accountCreated });
        onSignedUp(values.email);
      },
      onError: (error) => {
        toast.error(m.signUpFailedTitle, { description: error.message || m.unknownError });
      },
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <AuthTextField
        field={form.field('name')}
        label={t('Name')}
        autoComplete="name"
        placeholder="Ada Lovelace"
      />
      <AuthTextField field={form.field('email')} {...emailFieldProps} />
      <AuthTextField
        field={form.field('password')}
        label={t('Password')}
        type="password"
        autoComplete="new-password"
      />
      <Button type="submit" className="w-full" pending={registerMutation.isPending}>
        {t('Sign Up')}
      </Button>
    </form>
  );
}
