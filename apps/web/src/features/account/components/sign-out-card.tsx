import { accountMessages as m } from '@shipyard/shared';
import { LogOutIcon } from 'lucide-react';
import { SectionCard } from '../../../components/section-card.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { t } from '../../../lib/i18n/index.ts';
import { toast } from '../../../lib/toast.ts';
import { useSignOut } from '../api/sign-out.ts';

export type SignOutCardProps = {
  /** After the server ended the session: forget the cached user and go to /auth (spec §4). */
  onSignedOut: () => void;
};

/** Spec §2.18: the Account card, whose Danger Zone holds Sign Out. */
export function SignOutCard({ onSignedOut }: SignOutCardProps) {
  const signOut = useSignOut();
  const onClick = () =>
    signOut.mutate(undefined, {
      onSuccess: () => {
        toast.success(t(m.signedOutTitle), { description: t(m.signedOut) });
        onSignedOut();
      },
      onError: () => toast.error(t(m.signOutFailed)),
    });

  return (
    <SectionCard className="gap-4" title={t('Account')} description={t('Your session on this device.')}>
      <section
        aria-labelledby="danger-zone-title"
        className="flex flex-col gap-3 rounded-lg border border-destructive/40 p-4 sm:flex-row sm:items-center sm:justify-between"
      >
        <div className="space-y-1">
          <h3 id="danger-zone-title" className="font-medium text-destructive text-sm">
            {t('Danger Zone')}
          </h3>
          <p className="text-muted-foreground text-sm">{t('Sign out of your account on this device.')}</p>
        </div>
        <Button variant="destructive" size="sm" disabled={signOut.isPending} onClick={onClick}>
          {signOut.isPending ? (
            <Spinner label={t('Signing out')} aria-hidden="true" />
          ) : (
            <LogOutIcon aria-hidden="true" />
          )}
          {t('Sign Out')}
        </Button>
      </section>
    </SectionCard>
  );
}
