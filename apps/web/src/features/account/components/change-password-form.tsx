import { type ChangePassword, ChangePasswordSchema, accountMessages as m } from '@shipyard/shared';
import { Button } from '../../../components/ui/button.tsx';
import { Form } from '../../../components/ui/form.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useServerForm } from '../../../hooks/use-server-form.ts';
import { k, t } from '../../../lib/i18n/index.ts';
import { toast } from '../../../lib/toast.ts';
import { useChangePassword } from '../api/change-password.ts';

const fields = [
  { name: 'currentPassword', label: k('Current Password'), autoComplete: 'current-password' },
  { name: 'newPassword', label: k('New Password'), autoComplete: 'new-password' },
  { name: 'confirmPassword', label: k('Confirm Password'), autoComplete: 'new-password' },
] as const;

const empty: ChangePassword = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Spec §2.17 Account tab: change the password while signed in. */
export function ChangePasswordForm() {
  const change = useChangePassword();
  const { form, onSubmit } = useServerForm<ChangePassword>({
    schema: ChangePasswordSchema,
    defaultValues: empty,
    fields: fields.map((field) => field.name),
    submit: (values) => change.mutateAsync(values),
    onSuccess: (_answer, _values, { reset }) => {
      reset(empty);
      toast.success(t(m.passwordUpdatedTitle), { description: t(m.passwordUpdated) });
    },
    failureTitle: t(m.passwordChangeFailedTitle),
  });

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="grid gap-5">
        {fields.map(({ name, label, autoComplete }) => (
          <TextField
            key={name}
            control={form.control}
            name={name}
            label={t(label)}
            type="password"
            autoComplete={autoComplete}
          />
        ))}
        <div className="flex justify-end">
          <Button type="submit" pending={change.isPending}>
            {change.isPending ? t('Updating...') : t('Update Password')}
          </Button>
        </div>
      </form>
    </Form>
  );
}
