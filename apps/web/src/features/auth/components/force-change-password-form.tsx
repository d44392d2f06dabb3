import { authScreenMessages as m, PASSWORD_MIN_RESET } from '@shipyard/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Form, FormControl, FormField, FormItem, FormLabel } from '../../../components/ui/form.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { t } from '../../../lib/i18n/index.ts';
import { lazyResolver } from '../../../lib/lazy-resolver.ts';
import { paths } from '../../../lib/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { useForceChangePassword } from '../api/force-change-password.ts';
import { sessionKey } from '../api/get-session.ts';

type ForceChangePasswordFormProps = {
  /** The temporary token from the login answer (details.temp_token). */
  tempToken: string;
  /** The temporary token is no longer accepted: the user has to log in again. */
  onExpired: () => void;
};

/**
 * The forced password change (spec §2.4, §5): one New Password field of at least 8 characters.
 * A too-short password is not sent; the spec reports it as an error toast, not under the field.
 */
export function ForceChangePasswordForm({ tempToken, onExpired }: ForceChangePasswordFormProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const changePassword = useForceChangePassword();
  const form = useForm({
    resolver: lazyResolver(() => import('./auth-resolvers.ts').then((r) => r.forcedNewPasswordResolver)),
    defaultValues: { new_password: '' },
  });
  // This view replaces another one: move the focus into it, as the element that had it is gone.
  useEffect(() => form.setFocus('new_password'), [form]);

  const onSubmit = form.handleSubmit(
    ({ new_password }) => {
      changePassword.mutate(
        { temp_token: tempToken, new_password },
        {
          onSuccess: (user) => {
            toast.success(m.passwordChangedTitle, {
              description: m.passwordChanged,
            });
            // Signed in by the change: the guard takes the user on. Without a session, back to login.
            if (user) queryClient.setQueryData(sessionKey, user);
            else navigate(paths.auth(), { replace: true });
          },
          onError: (error) => {
            toast.error(m.passwordChangeFailedTitle, { description: error.message });
            if (error instanceof ApiRequestError && error.status === 401) onExpired();
          },
        },
      );
    },
    (errors) => {
      toast.error(m.errorTitle, { description: errors.new_password?.message });
    },
  );

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <FormField
          control={form.control}
          name="new_password"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{t('New Password')}</FormLabel>
              <FormControl>
                <Input
                  type="password"
                  autoComplete="new-password"
                  required
                  minLength={PASSWORD_MIN_RESET}
                  {...field}
                />
              </FormControl>
            </FormItem>
          )}
        />
        <Button type="submit" className="w-full" pending={changePassword.isPending}>
          {changePassword.isPending ? t('Updating...') : t('Change Password')}
        </Button>
      </form>
    </Form>
  );
}
