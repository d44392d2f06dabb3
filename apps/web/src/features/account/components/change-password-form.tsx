import { zodResolver } from '@hookform/resolvers/zod';
import { type ChangePassword, ChangePasswordSchema, accountMessages as m } from '@shipyard/shared';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import {
  Form,
  FormControl,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '../../../components/ui/form.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { applyServerFieldErrors } from '../../../lib/form-errors.ts';
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
  const form = useForm<ChangePassword>({ resolver: zodResolver(ChangePasswordSchema), defaultValues: empty });
  const change = useChangePassword();

  const onSubmit = form.handleSubmit((values) =>
    change.mutateAsync(values).then(
      () => {
        form.reset(empty);
        toast.success(m.passwordUpdatedTitle, { description: m.passwordUpdated });
      },
      (error: unknown) => {
        const names = fields.map((field) => field.name);
        if (applyServerFieldErrors(error, form.setError, names)) return;
        toast.error(m.passwordChangeFailedTitle, {
          description: getErrorMessage(error),
        });
      },
    ),
  );

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="grid gap-5">
        {fields.map(({ name, label, autoComplete }) => (
          <FormField
            key={name}
            control={form.control}
            name={name}
            render={({ field }) => (
              <FormItem>
                <FormLabel>{label}</FormLabel>
                <FormControl>
                  <Input type="password" autoComplete={autoComplete} {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
        ))}
        <div className="flex justify-end">
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? (
              <>
                <Spinner label="Updating password" aria-hidden="true" />
                Updating...
              </>
            ) : (
              'Update Password'
            )}
          </Button>
        </div>
      </form>
    </Form>
  );
}
