import type { SessionInfo } from '@shipyard/shared';
import { ErrorState } from '../../../components/error-state.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
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
      title="Sessions"
      description="Browsers signed in to your account."
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
                toast.error('Could not sign out the other sessions', {
                  description: getErrorMessage(error),
                }),
            })
          }
        >
          Sign out other sessions
        </Button>
      }
    >
      {sessions.isPending ? (
        <Skeleton className="h-16 w-full" />
      ) : sessions.isError ? (
        <ErrorState
          title="Could not load your sessions"
          error={sessions.error}
          onRetry={() => sessions.refetch()}
        />
      ) : (
        <ul aria-label="Sessions" className="divide-y rounded-md border">
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
      {session.current && <Badge variant="secondary">This browser</Badge>}
      <span className="text-muted-foreground text-xs">
        {session.ip ?? 'Unknown address'} · signed in {formatDateTime(session.created_at)} · last seen{' '}
        {formatDateTime(session.last_seen_at)}
      </span>
      {!session.current && (
        <Button
          variant="ghost"
          size="sm"
          className="ml-auto"
          pending={end.isPending}
          aria-label={`Sign out ${session.browser}`}
          onClick={() =>
            end.mutate(session.id, {
              onSuccess: () => toast.success('Session ended'),
              onError: (error) =>
                toast.error('Could not end the session', { description: getErrorMessage(error) }),
            })
          }
        >
          Sign out
        </Button>
      )}
    </li>
  );
}
