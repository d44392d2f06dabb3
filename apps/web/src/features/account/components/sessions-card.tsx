import type { SessionInfo } from '@shipyard/shared';
import { ErrorState } from '../../../components/error-state.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n/index.ts';
import { toast } from '../../../lib/toast.ts';
import { useEndOtherSessions, useEndSession, useSessions } from '../api/security.ts';

/** Settings → Account: where the account is signed in; end any session, or all the others. */
export function SessionsCard() {
  const sessions = useSessions();
  const endOthers = useEndOtherSessions();
  const others = sessions.data?.filter((s) => !s.current).length ?? 0;

  return (
    <SectionCard
      className="gap-6"
      title={t('Sessions')}
      description={t('Browsers signed in to your account.')}
      action={
        <Button
          variant="outline"
          size="sm"
          disabled={others === 0}
          pending={endOthers.isPending}
          onClick={() =>
            endOthers.mutate(undefined, {
              onSuccess: (answer) => toast.success(answer.message),
              onError: (error) =>
                toast.error(t('Could not sign out the other sessions'), {
                  description: getErrorMessage(error),
                }),
            })
          }
        >
          {t('Sign out other sessions')}
        </Button>
      }
    >
      {sessions.isPending ? (
        <Skeleton className="h-16 w-full" />
      ) : sessions.isError ? (
        <ErrorState
          title={t('Could not load your sessions')}
          error={sessions.error}
          onRetry={() => sessions.refetch()}
        />
      ) : (
        <ul aria-label={t('Sessions')} className="divide-y rounded-md border">
          {sessions.data.map((session) => (
            <SessionRow key={session.id} session={session} />
          ))}
        </ul>
      )}
    </SectionCard>
  );
}

function SessionRow({ session }: { session: SessionInfo }) {
  const end = useEndSession();
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-1 px-3 py-2.5 text-sm">
      <span className="font-medium">{session.browser}</span>
      {session.current && <Badge variant="secondary">{t('This browser')}</Badge>}
      <span className="text-muted-foreground text-xs">
        {session.ip ?? t('Unknown address')} ·{' '}
        {t('signed in {{time}}', { time: formatDateTime(session.created_at) })} ·{' '}
        {t('last seen {{time}}', { time: formatDateTime(session.last_seen_at) })}
      </span>
      {!session.current && (
        <Button
          variant="ghost"
          size="sm"
          className="ms-auto"
          pending={end.isPending}
          aria-label={t('Sign out {{browser}}', { browser: session.browser })}
          onClick={() =>
            end.mutate(session.id, {
              onSuccess: () => toast.success(t('Session ended')),
              onError: (error) =>
                toast.error(t('Could not end the session'), { description: getErrorMessage(error) }),
            })
          }
        >
          {t('Sign out')}
        </Button>
      )}
    </li>
  );
}
