import { authScreenMessages as m } from '@shipyard/shared';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Form } from '../../../components/ui/form.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { t } from '../../../lib/i18n/index.ts';
import { lazyResolver } from '../../../lib/lazy-resolver.ts';
import { paths } from '../../../lib/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { useConfirmReset } from '../api/confirm-reset.ts';

/** The set-new-password view's form (spec §2.4), for the token of a mailed reset link. */
export function ResetPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const confirmReset = useConfirmReset();
  const form = useForm({
    resolver: lazyResolver(() => import('./auth-resolvers.ts').then((r) => r.resetResolver)),
    defaultValues: { password: '', confirmPassword: '' },
  });
  // This view replaces another one: move the focus into it, as the element that had it is gone.
  useEffect(() => form.setFocus('password'), [form]);

  const onSubmit = form.handleSubmit(({ password }) => {
    confirmReset.mutate(
      { token, newPassword: password },
      {
        onSuccess: () => {
          toast.success(m.resetDoneTitle, { description: m.resetDone });
          // The link is used up: drop it from the address and show the tabs, ready to log in.
          navigate(paths.auth(), { replace: true });
        },
        onError: (error) => {
          toast.error(m.errorTitle, { description: error.message || m.resetFailed });
        },
      },
    );
  });

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <TextField
          control={form.control}
          name="password"
          label={t('New Password')}
          type="password"
          autoComplete="new-password"
        />
        <TextField
          control={form.control}
          name="confirmPassword"
          label={t('Confirm Password')}
          type="password"
          autoComplete="new-password"
        />
        <Button type="submit" className="w-full" pending={confirmReset.isPending}>
          {t('Reset Password')}
        </Button>
      </form>
    </Form>
  );
}
