import {
  API_TOKEN_EXPIRY_DAYS,
  type ApiToken,
  type ApiTokenCreate,
  ApiTokenCreateSchema,
  type ApiTokenScope,
} from '@shipyard/shared';
import { Check, Copy, KeyRound } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { FormDialog, FormDialogFooter } from '../../../components/form-dialog.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n/index.ts';
import { toast } from '../../../lib/toast.ts';
import { useApiTokens, useCreateApiToken, useRevokeApiToken } from '../api/security.ts';

/** Settings → Account: personal API tokens for scripts (sent as `Authorization: Bearer`). */
export function ApiTokensCard() {
  const tokens = useApiTokens();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const revoke = useRevokeApiToken();
  // The header is code, never translated: the sentence is split where it goes.
  const [headerBefore, headerAfter] = t(
    'For scripts and integrations: send one as {{header}} (see the API docs).',
    { header: '\u0000' },
  ).split('\u0000');

  return (
    <SectionCard
      className="gap-6"
      title={t('API tokens')}
      description={
        <>
          {headerBefore}
          <code>Authorization: Bearer …</code>
          {headerAfter}{' '}
          {t(
            "A token cannot change your password, two-factor sign-in or tokens, nor anyone's account, role or the security settings.",
          )}
        </>
      }
      action={
        <Button size="sm" onClick={() => setCreating(true)}>
          {t('New token')}
        </Button>
      }
    >
      {tokens.isPending ? (
        <Skeleton className="h-16 w-full" />
      ) : tokens.isError ? (
        <ErrorState
          title={t('Could not load your API tokens')}
          error={tokens.error}
          onRetry={() => tokens.refetch()}
        />
      ) : tokens.data.length === 0 ? (
        <EmptyState
          icon={KeyRound}
          title={t('No API tokens')}
          description={t('Create one to call the API from a script.')}
        />
      ) : (
        <ul aria-label={t('API tokens')} className="divide-y rounded-md border">
          {tokens.data.map((token) => (
            <li key={token.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-3 py-2.5 text-sm">
              <span className="font-medium">{token.name}</span>
              <Badge variant="outline">{token.scope === 'read' ? t('Read only') : t('Read and write')}</Badge>
              <span className="text-muted-foreground text-xs">
                {t('Expires {{date}}', { date: formatDate(token.expires_at) })} ·{' '}
                {token.last_used_at
                  ? t('last used {{time}}', { time: formatDateTime(token.last_used_at) })
                  : t('never used')}
              </span>
              <Button
                variant="ghost"
                size="sm"
                className="ms-auto text-destructive"
                onClick={() => setRevoking(token)}
                aria-label={t('Revoke {{name}}', { name: token.name })}
              >
                {t('Revoke')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {creating && <CreateTokenDialog onClose={() => setCreating(false)} />}
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title={t('Revoke this token?')}
        description={t('Scripts using "{{name}}" stop working at once.', { name: revoking?.name ?? '' })}
        confirmLabel={t('Revoke')}
        pendingLabel={t('Revoking...')}
        pending={revoke.isPending}
        onConfirm={() => {
          if (!revoking) return;
          revoke.mutate(revoking.id, {
            onSuccess: () => {
              toast.success(t('Token revoked'));
              setRevoking(null);
            },
            onError: (error) =>
              toast.error(t('Could not revoke the token'), { description: getErrorMessage(error) }),
          });
        }}
      />
    </SectionCard>
  );
}

function CreateTokenDialog({ onClose }: { onClose: () => void }) {
  const create = useCreateApiToken();
  const id = useId();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<ApiTokenScope>('read');
  const [days, setDays] = useState<ApiTokenCreate['expires_in_days']>(30);
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ApiTokenCreateSchema.safeParse({ name, scope, expires_in_days: days });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? t('Check the fields'));
      return;
    }
    setError(null);
    create.mutate(parsed.data, {
      onSuccess: (answer) => setCreated(answer.token),
      onError: (failure) => setError(getErrorMessage(failure)),
    });
  };

  return (
    <FormDialog
      open
      onOpenChange={(open) => !open && onClose()}
      pending={create.isPending}
      className="sm:max-w-md"
    >
      <DialogHeader>
        <DialogTitle>{created ? t('Copy your new token') : t('New API token')}</DialogTitle>
        <DialogDescription>
          {created
            ? t('It is shown only now: store it where your script can read it.')
            : t('Name it after what will use it.')}
        </DialogDescription>
      </DialogHeader>
      {created ? (
        <div className="grid gap-3">
          <code
            data-testid="new-api-token"
            className="break-all rounded-md border bg-muted/50 p-3 font-mono text-xs"
          >
            {created}
          </code>
          <div className="flex justify-end gap-2">
            <Button
              variant="outline"
              onClick={() =>
                navigator.clipboard
                  .writeText(created)
                  .then(() => setCopied(true))
                  .catch(() =>
                    toast.error(t('Could not copy'), {
                      description: t('Select the token and copy it by hand.'),
                    }),
                  )
              }
            >
              {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
              {copied ? t('Copied') : t('Copy')}
            </Button>
            <Button onClick={onClose}>{t('Done')}</Button>
          </div>
        </div>
      ) : (
        <form onSubmit={submit} noValidate className="grid gap-4">
          <div className="grid gap-2">
            <Label htmlFor={`${id}-name`}>{t('Name')}</Label>
            <Input id={`${id}-name`} value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-scope`}>{t('Access')}</Label>
            <select
              id={`${id}-scope`}
              value={scope}
              onChange={(e) => setScope(e.target.value as ApiTokenScope)}
              className="h-9 rounded-md border border-input bg-transparent px-3 text-sm"
            >
              <option value="read">{t('Read only')}</option>
              <option value="write">{t('Read and write')}</option>
            </select>
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-expiry`}>{t('Expires after')}</Label>
            <select
              id={`${id}-expiry`}
              value={days}
              onChange={(e) => setDays(Number(e.target.value) as ApiTokenCreate['expires_in_days'])}
              className="h-9 rounded-md border border-input bg-transparent px-3 text-sm"
            >
              {API_TOKEN_EXPIRY_DAYS.map((d) => (
                <option key={d} value={d}>
                  {d === 365 ? t('1 year') : t('{{count}} days', { count: d })}
                </option>
              ))}
            </select>
          </div>
          {error && (
            <p role="alert" className="text-destructive text-sm">
              {error}
            </p>
          )}
          <FormDialogFooter pending={create.isPending} submitLabel={t('Create token')} />
        </form>
      )}
    </FormDialog>
  );
}
