import type { TwoFactorSetup } from '@shipyard/shared';
import { ShieldCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { CodeForm } from '../../../components/code-form.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { RecoveryCodes, TwoFactorEnrolment } from '../../../components/two-factor-enrolment.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { t } from '../../../lib/i18n/index.ts';
import { toast } from '../../../lib/toast.ts';
import {
  useDisableTwoFactor,
  useEnableTwoFactor,
  useStartTwoFactor,
  useTwoFactorStatus,
} from '../api/security.ts';

/** Settings → Account: two-factor sign-in with an authenticator app (TOTP). */
export function TwoFactorCard() {
  const status = useTwoFactorStatus();
  const [dialog, setDialog] = useState<'setup' | 'disable' | null>(null);

  return (
    <Card className="gap-6">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          {t('Two-factor sign-in')}
          {status.data?.enabled && (
            <Badge variant="secondary">
              <ShieldCheck aria-hidden="true" />
              {t('On')}
            </Badge>
          )}
        </CardTitle>
        <CardDescription>
          {t('After your password, sign-in asks for a code from an authenticator app on your phone.')}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {status.isPending ? (
          <Skeleton className="h-9 w-40" />
        ) : status.isError ? (
          <ErrorState
            title={t('Could not load two-factor sign-in')}
            error={status.error}
            onRetry={() => status.refetch()}
          />
        ) : status.data.enabled ? (
          <>
            <p className="text-muted-foreground text-sm">
              {t('{{number}} of 10 recovery codes left.', { number: status.data.recovery_codes_left })}
            </p>
            <Button variant="outline" className="justify-self-start" onClick={() => setDialog('disable')}>
              {t('Turn off')}
            </Button>
          </>
        ) : (
          <>
            {status.data.required && (
              <p className="text-sm">{t('Your organisation requires two-factor sign-in: set it up now.')}</p>
            )}
            <Button className="justify-self-start" onClick={() => setDialog('setup')}>
              {t('Set up two-factor sign-in')}
            </Button>
          </>
        )}
      </CardContent>
      {dialog === 'setup' && <SetupDialog onClose={() => setDialog(null)} />}
      {dialog === 'disable' && <DisableDialog onClose={() => setDialog(null)} />}
    </Card>
  );
}

function SetupDialog({ onClose }: { onClose: () => void }) {
  const start = useStartTwoFactor();
  const enable = useEnableTwoFactor();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  // One secret per opening of the dialog (a ref: effects run twice in development).
  const started = useRef(false);
  const { mutate } = start;
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    mutate(undefined, { onSuccess: setSetup });
  }, [mutate]);

  return (
    <FormDialog
      open
      onOpenChange={(open) => !open && onClose()}
      pending={enable.isPending}
      className="sm:max-w-md"
    >
      <DialogHeader>
        <DialogTitle>{codes ? t('Save your recovery codes') : t('Set up two-factor sign-in')}</DialogTitle>
        <DialogDescription>
          {codes ? t('Two-factor sign-in is on.') : t('Use an authenticator app on your phone.')}
        </DialogDescription>
      </DialogHeader>
      {codes ? (
        <>
          <RecoveryCodes codes={codes} />
          <Button onClick={onClose}>{t('Done')}</Button>
        </>
      ) : setup ? (
        <TwoFactorEnrolment
          setup={setup}
          onEnable={(code) =>
            enable.mutateAsync(code).then((answer) => {
              setCodes(answer.recovery_codes);
              toast.success(t('Two-factor sign-in is on'));
            })
          }
        />
      ) : start.isError ? (
        <p role="alert" className="text-destructive text-sm">
          {getErrorMessage(start.error)}
        </p>
      ) : (
        <Skeleton className="mx-auto size-44" />
      )}
    </FormDialog>
  );
}

function DisableDialog({ onClose }: { onClose: () => void }) {
  const disable = useDisableTwoFactor();
  return (
    <FormDialog
      open
      onOpenChange={(open) => !open && onClose()}
      pending={disable.isPending}
      className="sm:max-w-md"
    >
      <DialogHeader>
        <DialogTitle>{t('Turn off two-factor sign-in')}</DialogTitle>
        <DialogDescription>
          {t('Enter a current code from your app, or one of your recovery codes.')}
        </DialogDescription>
      </DialogHeader>
      <CodeForm
        allowRecoveryCode
        label={t('Code or recovery code')}
        submitLabel={t('Turn off')}
        onSubmit={(code) =>
          disable.mutateAsync(code).then(() => {
            toast.success(t('Two-factor sign-in is off'));
            onClose();
          })
        }
      />
    </FormDialog>
  );
}
