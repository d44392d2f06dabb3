import { accountMessages as m, PersonalInfoSchema, type User } from '@shipyard/shared';
import { useId } from 'react';
import type { z } from 'zod/mini';
import { Button } from '../../../components/ui/button.tsx';
import { Form } from '../../../components/ui/form.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useServerForm } from '../../../hooks/use-server-form.ts';
import { t } from '../../../lib/i18n/index.ts';
import { toast } from '../../../lib/toast.ts';
import { useUpdateProfile } from '../api/update-profile.ts';

type PersonalInfoInput = z.input<typeof PersonalInfoSchema>;
type PersonalInfo = z.output<typeof PersonalInfoSchema>;

const fields = ['username', 'full_name'] as const;

const valuesOf = (user: User) => ({ username: user.username ?? '', full_name: user.full_name });

export type ProfileFormProps = {
  user: User;
  /** Called with the user the server answered, so the session (and the sidebar) shows the change. */
  onUpdated: (user: User) => void;
};

/** Spec §2.18 'Personal Information': email (read-only), username and full name. */
export function ProfileForm({ user, onUpdated }: ProfileFormProps) {
  const update = useUpdateProfile();
  const { form, onSubmit } = useServerForm<PersonalInfoInput, PersonalInfo, User>({
    schema: PersonalInfoSchema,
    defaultValues: valuesOf(user),
    fields,
    codeToField: { USERNAME_TAKEN: 'username' },
    submit: (values) => update.mutateAsync(values),
    onSuccess: (updated, _values, { reset }) => {
      reset(valuesOf(updated));
      onUpdated(updated);
      toast.success(t(m.profileUpdatedTitle), { description: t(m.profileUpdated) });
    },
    failureTitle: t(m.profileUpdateFailedTitle),
    failureFallback: t(m.profileUpdateFailed),
  });

  const emailId = useId();
  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="grid gap-5">
        <div className="grid gap-2">
          <Label htmlFor={emailId}>{t('Email')}</Label>
          <Input
            id={emailId}
            type="email"
            value={user.email}
            readOnly
            aria-describedby={`${emailId}-note`}
            className="bg-muted/50 text-muted-foreground"
          />
          <p id={`${emailId}-note`} className="text-muted-foreground text-xs">
            {t(m.emailReadOnly)}
          </p>
        </div>
        <TextField control={form.control} name="username" label={t('Username')} autoComplete="username" />
        <TextField control={form.control} name="full_name" label={t('Full Name')} autoComplete="name" />
        <div className="flex justify-end">
          <Button type="submit" pending={update.isPending}>
            {update.isPending ? t('Saving...') : t('Save Changes')}
          </Button>
        </div>
      </form>
    </Form>
  );
}
