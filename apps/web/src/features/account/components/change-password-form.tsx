import { type ChangePassword, ChangePasswordSchema, accountMessages as m } from '@shipyard/shared';
import { Button } from '../../../components/ui/button.tsx';
import { Form } from '../../../components/ui/form.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useServerForm } from '../../../hooks/use-server-form.ts';
import { toast } from '../../../lib/toast.ts';
import { useChangePassword } from '../api/change-password.ts';

const fields = [
  { name: 'currentPassword', label: 'Current Password', autoComplete: 'current-password' },
  { name: 'newPassword', label: 'New Password', autoComplete: 'new-password' },
  { name: 'confirmPassword', label: 'Confirm Password', autoComplete: 'new-password' },
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
      toast.success(m.passwordUpdatedTitle, { description: m.passwordUpdated });
    },
    failureTitle: m.passwordChangeFailedTitle,
  });

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="grid gap-5">
        {fields.map(({ name, label, autoComplete }) => (
          <TextField
            key={name}
            control={form.control}
            name={name}
            label={label}
            type="password"
            autoComplete={autoComplete}
          />
        ))}
        <div className="flex justify-end">
          <Button type="submit" pending={change.isPending}>
            {change.isPending ? 'Updating...' : 'Update Password'}
          </Button>
        </div>
      </form>
    </Form>
  );
}
