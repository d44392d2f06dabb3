import { accountMessages as m } from '@shipyard/shared';
import { LogOutIcon } from 'lucide-react';
import { SectionCard } from '../../../components/section-card.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
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
        toast.success(m.signedOutTitle, { description: m.signedOut });
        onSignedOut();
      },
      onError: () => toast.error(m.signOutFailed),
    });

  return (
    <SectionCard className="gap-4" title="Account" description="Your session on this device.">
      <section
        aria-labelledby="danger-zone-title"
        className="flex flex-col gap-3 rounded-lg border border-destructive/40 p-4 sm:flex-row sm:items-center sm:justify-between"
      >
        <div className="space-y-1">
          <h3 id="danger-zone-title" className="font-medium text-destructive text-sm">
            Danger Zone
          </h3>
          <p className="text-muted-foreground text-sm">Sign out of your account on this device.</p>
        </div>
        <Button variant="destructive" size="sm" disabled={signOut.isPending} onClick={onClick}>
          {signOut.isPending ? (
            <Spinner label="Signing out" aria-hidden="true" />
          ) : (
            <LogOutIcon aria-hidden="true" />
          )}
          Sign Out
        </Button>
      </section>
    </SectionCard>
  );
}
