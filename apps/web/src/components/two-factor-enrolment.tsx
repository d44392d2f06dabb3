import type { TwoFactorSetup } from '@shipyard/shared';
import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { t } from '../lib/i18n/index.ts';
import { toast } from '../lib/toast.ts';
import { CodeForm } from './code-form.tsx';
import { QrCode } from './qr-code.tsx';
import { Button } from './ui/button.tsx';

/** The secret in groups of four, easier to type into an app by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * Enrolment: scan the QR code (or type the key), then the app's first code turns two-factor on.
 * Used from Settings → Account and from sign-in when an admin requires it.
 */
export function TwoFactorEnrolment({
  setup,
  onEnable,
}: {
  setup: TwoFactorSetup;
  onEnable: (code: string) => Promise<unknown>;
}) {
  return (
    <CodeForm
      onSubmit={onEnable}
      submitLabel={t('Turn on two-factor sign-in')}
      hint={t('The 6-digit code your app shows now.')}
    >
      <ol className="grid list-decimal gap-3 ps-5 text-sm">
        <li>{t('Scan this QR code with an authenticator app (1Password, Google Authenticator, Authy…).')}</li>
        <li className="list-none">
          <QrCode
            value={setup.otpauth_url}
            label={t('QR code for your authenticator app')}
            className="mx-auto size-44"
          />
        </li>
        <li>
          {t('Or enter this key:')}{' '}
          <code data-testid="totp-secret" className="break-all font-mono text-xs">
            {grouped(setup.secret)}
          </code>
        </li>
        <li>{t('Type the code the app shows.')}</li>
      </ol>
    </CodeForm>
  );
}

/** The ten recovery codes, shown once, with a copy button. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  const [copied, setCopied] = useState(false);
  const copy = () => {
    navigator.clipboard
      .writeText(codes.join('\n'))
      .then(() => setCopied(true))
      .catch(() =>
        toast.error(t('Could not copy'), { description: t('Select the codes and copy them by hand.') }),
      );
  };
  return (
    <div className="grid gap-3">
      <p className="text-sm">
        {t(
          'Keep these recovery codes somewhere safe. Each works once, if you lose your phone. They are shown only now.',
        )}
      </p>
      <ul
        aria-label={t('Recovery codes')}
        className="grid grid-cols-2 gap-x-4 gap-y-1 rounded-md border bg-muted/50 p-3 font-mono text-sm"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <Button type="button" variant="outline" size="sm" onClick={copy} className="justify-self-start">
        {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
        {copied ? t('Copied') : t('Copy codes')}
      </Button>
    </div>
  );
}
