import { AlertTriangle, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { t } from '../../../lib/i18n/index.ts';
import { paths } from '../../../lib/paths.ts';
import { aroundSlot, slot } from '../../../lib/text-slots.tsx';
import { useTeamOverview } from '../api/get-team-overview.ts';
import { MemberDots } from './member-dots.tsx';

/** 'Lead: not set', the 'not set' in italics. */
function LeadNotSet() {
  const [before, after] = aroundSlot(t('Lead: {{name}}', { name: slot('name') }));
  return (
    <>
      {before}
      <span className="italic">{t('not set')}</span>
      {after}
    </>
  );
}

/** Spec §2.8 Team Overview: each team, its lead and a few of its members. */
export function TeamOverviewCard() {
  const teams = useTeamOverview();

  let body: ReactNode;
  if (teams.isPending) {
    body = (
      <ul className="flex flex-col gap-4">
        <li className="sr-only">
          <span role="status">{t('Loading teams')}</span>
        </li>
        {[0, 1, 2].map((row) => (
          <li key={row} className="flex items-center justify-between gap-3">
            <div className="flex flex-col gap-1.5">
              <Skeleton className="h-4 w-28" />
              <Skeleton className="h-3 w-20" />
            </div>
            <Skeleton className="h-7 w-20 rounded-full" />
          </li>
        ))}
      </ul>
    );
  } else if (teams.isError) {
    body = (
      <p role="alert" className="flex items-start gap-2 text-destructive text-sm">
        <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        {getErrorMessage(teams.error)}
      </p>
    );
  } else if (teams.data.length === 0) {
    body = (
      <div className="flex flex-col items-center gap-1.5 py-6 text-center">
        <Users className="size-8 text-muted-foreground" aria-hidden="true" />
        <p className="font-medium text-sm">{t('No teams available')}</p>
        <p className="text-muted-foreground text-sm">{t('No data to display')}</p>
      </div>
    );
  } else {
    body = (
      <ul className="flex flex-col divide-y">
        {teams.data.map((team) => (
          <li key={team.id} className="flex items-center justify-between gap-3 py-3 first:pt-0 last:pb-0">
            <div className="flex min-w-0 flex-col gap-0.5">
              <Link
                to={paths.product(team.productId)}
                className="truncate rounded-sm font-medium text-sm outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
              >
                {team.name}
              </Link>
              <p className="truncate text-muted-foreground text-xs">
                {team.lead ? t('Lead: {{name}}', { name: team.lead }) : <LeadNotSet />}
              </p>
            </div>
            <MemberDots team={team} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle className="text-base">{t('Team Overview')}</CardTitle>
        <CardDescription>{t('Your teams and who leads them.')}</CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
