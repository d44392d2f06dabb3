import { securityMessages } from '@shipyard/shared';
import { useEffect, useRef, useState } from 'react';
import { api, setReauthHandler } from '../lib/api-client.ts';
import { t } from '../lib/i18n/index.ts';
import { CodeForm } from './code-form.tsx';
import { FormDialog } from './form-dialog.tsx';
import { Button } from './ui/button.tsx';
import { DialogDescription, DialogHeader, DialogTitle } from './ui/dialog.tsx';

type Asked = { password: boolean; done: (confirmed: boolean) => void };

/**
 * Issue 27 #2: what needs a recent sign-in (granting admin, linking a sign-in provider) answers
 * 403 REAUTH_REQUIRED. Mounted once in the signed-in shell, this asks for the password (or a
 * two-factor code) in a dialog, re-authenticates, and lets the API client send the call again;
 * the screen that made the call never sees the refusal. Cancelling answers it the refusal.
 */
export function ReauthDialogHost() {
  const [asked, setAsked] = useState<Asked | null>(null);
  // Calls refused at once share one dialog.
  const pending = useRef<Promise<boolean> | null>(null);

  useEffect(() => {
    setReauthHandler((details) => {
      pending.current ??= new Promise<boolean>((resolve) => {
        const password = (details as { password?: unknown } | undefined)?.password !== false;
        setAsked({
          password,
          done: (confirmed) => {
            pending.current = null;
            setAsked(null);
            resolve(confirmed);
          },
        });
      });
      return pending.current;
    });
    return () => {
      setReauthHandler(undefined);
      pending.current = null;
    };
  }, []);

  return (
    <FormDialog
      open={asked !== null}
      onOpenChange={(open) => {
        if (!open) asked?.done(false);
      }}
      pending={false}
      className="sm:max-w-md"
    >
      {asked && <ReauthForm hasPassword={asked.password} onConfirmed={() => asked.done(true)} />}
    </FormDialog>
  );
}

function ReauthForm({ hasPassword, onConfirmed }: { hasPassword: boolean; onConfirmed: () => void }) {
  const [withCode, setWithCode] = useState(!hasPassword);
  const confirm = async (body: { password: string } | { code: string }) => {
    await api.post('/auth/reauthenticate', body);
    onConfirmed();
  };
  return (
    <div className="grid gap-4">
      <DialogHeader>
        <DialogTitle>{t('Confirm it is you')}</DialogTitle>
        <DialogDescription>
          {withCode
            ? t('Enter a code from your authenticator app, or a recovery code, to continue.')
            : t('Enter your password again to continue.')}{' '}
          {t('You will not be asked again for 10 minutes.')}
        </DialogDescription>
      </DialogHeader>
      <CodeForm
        key={withCode ? 'code' : 'password'}
        password={!withCode}
        label={withCode ? t('Authentication code') : t('Password')}
        allowRecoveryCode
        hint={hasPassword ? undefined : t(securityMessages.reauthNoPassword)}
        submitLabel={t('Confirm')}
        onSubmit={(value) => confirm(withCode ? { code: value } : { password: value })}
      />
      {hasPassword && (
        <Button
          type="button"
          variant="link"
          className="h-auto justify-self-start p-0"
          onClick={() => setWithCode(!withCode)}
        >
          {withCode ? t('Use your password instead') : t('Use a two-factor code instead')}
        </Button>
      )}
    </div>
  );
}
