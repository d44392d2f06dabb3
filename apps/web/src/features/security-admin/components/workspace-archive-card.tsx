import type { archiveMessages } from '@shipyard/shared';
import { Archive } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { SectionCard } from '../../../components/section-card.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { ApiRequestError, getErrorMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { saveBlob } from '../../../lib/download.ts';
import { formatBytes } from '../../../lib/format.ts';
import { k, t } from '../../../lib/i18n/index.ts';
import { toast } from '../../../lib/toast.ts';
import { type ExportProgress, exportWorkspace } from '../api/export-workspace.ts';

/** The spec's text (shared archiveMessages), marked for translation. */
const passwordRequired: typeof archiveMessages.passwordRequired = k(
  'Enter your password to export the workspace.',
);

/**
 * Settings → Security, for super admins: the whole workspace as one JSON archive
 * (docs/decisions/020-workspace-archive.md), with the password asked again and progress shown.
 */
export function WorkspaceArchiveCard() {
  const id = useId();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  // Only a missing or wrong password marks the field; a refusal for another reason (too many
  // exports, one already running, no connection) is told under it without blaming the password.
  const [passwordInvalid, setPasswordInvalid] = useState(false);
  const [progress, setProgress] = useState<ExportProgress>();
  const running = useRef<AbortController | null>(null);
  const pending = progress !== undefined;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!password) {
      setError(t(passwordRequired));
      setPasswordInvalid(true);
      return;
    }
    setError(undefined);
    setPasswordInvalid(false);
    const controller = new AbortController();
    running.current = controller;
    setProgress({ received: 0, estimate: undefined });
    try {
      const { blob, filename } = await exportWorkspace(password, setProgress, controller.signal);
      saveBlob(blob, filename);
      setPassword('');
      toast.success(t('Workspace exported'), { description: `${filename} (${formatBytes(blob.size)})` });
    } catch (err) {
      if (!controller.signal.aborted) {
        setError(getErrorMessage(err));
        setPasswordInvalid(err instanceof ApiRequestError && err.status === 400);
      }
    } finally {
      running.current = null;
      setProgress(undefined);
    }
  }

  // The command is code, never translated: the sentence is split where it goes.
  const [commandBefore, commandAfter] = t('Restore it into a new, empty instance with {{command}}.', {
    command: '\u0000',
  }).split('\u0000');

  const percent =
    progress?.estimate && progress.estimate > 0
      ? Math.min(99, Math.floor((progress.received / progress.estimate) * 100))
      : undefined;

  return (
    <SectionCard
      className="gap-4"
      title={t('Workspace archive')}
      description={
        <>
          {t(
            'Every account (with its password hash), product, team, task, comment, event, service, activity, notification, the audit log and every uploaded file, as one JSON file. Keep it as safe as a database backup.',
          )}{' '}
          {commandBefore}
          <code className="whitespace-nowrap">npm run import-archive</code>
          {commandAfter}
        </>
      }
    >
      <form onSubmit={onSubmit} className="grid max-w-sm gap-3" noValidate>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-password`}>{t('Your password')}</Label>
          <Input
            id={`${id}-password`}
            type="password"
            autoComplete="current-password"
            value={password}
            disabled={pending}
            aria-invalid={passwordInvalid || undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(e) => setPassword(e.target.value)}
          />
          {error && (
            <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
        </div>
        <div className="flex items-center gap-2">
          <Button type="submit" pending={pending}>
            {pending ? null : <Archive aria-hidden="true" />}
            {t('Export workspace')}
          </Button>
          {pending && (
            <Button type="button" variant="outline" onClick={() => running.current?.abort()}>
              {t('Cancel')}
            </Button>
          )}
        </div>
        {progress && (
          <div className="grid gap-1.5" aria-live="polite">
            {/* The app's own bar (as a product's progress), not the browser's grey <progress>. */}
            <div
              role="progressbar"
              aria-label={t('Export progress')}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              className="h-1.5 w-full overflow-hidden rounded-full bg-muted"
            >
              <div
                className={cn(
                  'h-full rounded-full bg-primary transition-[width] duration-300 motion-reduce:transition-none dark:bg-ring',
                  percent === undefined && 'w-1/3 animate-pulse',
                )}
                style={percent === undefined ? undefined : { width: `${percent}%` }}
              />
            </div>
            <p className="text-sm text-muted-foreground">
              {progress.received === 0
                ? t('Preparing the archive…')
                : progress.estimate
                  ? t('{{received}} received of about {{estimate}}', {
                      received: formatBytes(progress.received),
                      estimate: formatBytes(progress.estimate),
                    })
                  : t('{{received}} received', { received: formatBytes(progress.received) })}
            </p>
          </div>
        )}
      </form>
    </SectionCard>
  );
}
