import { authScreenMessages as m } from '@shipyard/shared';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { Form } from '../../../components/ui/form.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { t } from '../../../lib/i18n/index.ts';
import { lazyResolver } from '../../../lib/lazy-resolver.ts';
import { toast } from '../../../lib/toast.ts';
import { useRequestReset } from '../api/request-reset.ts';
import { emailFieldProps } from './auth-form.tsx';

type ForgotPasswordFormProps = {
  defaultEmail?: string;
  /** A send attempt completed, whether or not it worked: the view goes back to the tabs (spec §2.4). */
  onDone: () => void;
};

/** The forgot-password view's form (spec §2.4): an email field and 'Send Reset Link'. */
export function ForgotPasswordForm({ defaultEmail = '', onDone }: ForgotPasswordFormProps) {
  const requestReset = useRequestReset();
  const form = useForm({
    resolver: lazyResolver(() => import('./auth-resolvers.ts').then((r) => r.resetRequestResolver)),
    defaultValues: { email: defaultEmail },
  });
  // This view replaces another one: move the focus into it, as the element that had it is gone.
  useEffect(() => form.setFocus('email'), [form]);

  const onSubmit = form.handleSubmit((values) => {
    requestReset.mutate(values, {
      onSuccess: () => {
        toast.success(m.resetSentTitle, { description: m.resetSent });
      },
      onError: () => {
        toast.error(m.errorTitle, { description: m.resetSendFailed });
      },
      onSettled: onDone,
    });
  });

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <TextField control={form.control} name="email" {...emailFieldProps} />
        <Button type="submit" className="w-full" pending={requestReset.isPending}>
          {t('Send Reset Link')}
        </Button>
      </form>
    </Form>
  );
}
