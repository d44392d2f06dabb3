import type { TwoFactorSetup } from '@shipyard/shared';
import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
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
      submitLabel="Turn on two-factor sign-in"
      hint="The 6-digit code your app shows now."
    >
      <ol className="grid list-decimal gap-3 pl-5 text-sm">
        <li>Scan this QR code with an authenticator app (1Password, Google Authenticator, Authy…).</li>
        <li className="list-none">
          <QrCode
            value={setup.otpauth_url}
            label="QR code for your authenticator app"
            className="mx-auto size-44"
          />
        </li>
        <li>
          Or enter this key:{' '}
          <code data-testid="totp-secret" className="break-all font-mono text-xs">
            {grouped(setup.secret)}
          </code>
        </li>
        <li>Type the code the app shows.</li>
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
      .catch(() => toast.error('Could not copy', { description: 'Select the codes and copy them by hand.' }));
  };
  return (
    <div className="grid gap-3">
      <p className="text-sm">
        Keep these recovery codes somewhere safe. Each works once, if you lose your phone. They are shown only
        now.
      </p>
      <ul
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-x-4 gap-y-1 rounded-md border bg-muted/50 p-3 font-mono text-sm"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <Button type="button" variant="outline" size="sm" onClick={copy} className="justify-self-start">
        {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
        {copied ? 'Copied' : 'Copy codes'}
      </Button>
    </div>
  );
}
