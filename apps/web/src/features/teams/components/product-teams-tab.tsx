import { teamMessages as m, type Role, roleRank, type Team } from '@shipyard/shared';
import { Plus, Users } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { EmptyState, EmptyStateButton } from '../../../components/empty-state.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardFooter, CardHeader } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useUrlState } from '../../../hooks/use-url-state.ts';
import { k, t } from '../../../lib/i18n/index.ts';
import { useProductTeams } from '../api/get-product-teams.ts';
import { CreateTeamDialog } from './create-team-dialog.tsx';
import { TeamCard } from './team-card.tsx';
import { TeamMembersView } from './team-members-view.tsx';

const productTeamsMessages = {
  loadFailed: k('Failed to load teams'),
  emptyHint: k('Create a team, then invite people to work on this product.'),
  emptyHintReadOnly: k('Teams added to this product will appear here.'),
} as const;

/** The URL parameter holding the team whose members are shown (spec §4 Teams view). */
const TEAM_PARAM = 'team';

export type ProductTeamsTabProps = {
  productId: string;
  /** The signed-in user: guests do not create teams. */
  viewer: { id: string; role: Role };
};

/**
 * Spec §2.11 Teams tab: the product's teams as cards, or the members of one of them. Which one
 * is shown lives in the URL (`?tab=teams&team={id}`), so a reload or a shared link keeps it and
 * the browser's Back returns to the list.
 */
export function ProductTeamsTab({ productId, viewer }: ProductTeamsTabProps) {
  const { values, set } = useUrlState({ [TEAM_PARAM]: '' });
  const teamId = values[TEAM_PARAM] || null;
  // Focus follows the user between the two views, never on a fresh page load.
  const [focus, setFocus] = useState<{ view: 'members' } | { view: 'list'; teamId: string } | null>(null);

  // Opening a team pushes a history entry, so Back returns to the list.
  const showTeam = (id: string | null) => set({ [TEAM_PARAM]: id }, { replace: false });

  if (teamId) {
    return (
      <TeamMembersView
        key={teamId}
        teamId={teamId}
        productId={productId}
        autoFocus={focus?.view === 'members'}
        onBack={() => {
          setFocus({ view: 'list', teamId });
          showTeam(null);
        }}
      />
    );
  }

  return (
    <TeamList
      productId={productId}
      canCreate={roleRank(viewer.role) >= roleRank('member')}
      focusTeamId={focus?.view === 'list' ? focus.teamId : undefined}
      onView={(team) => {
        setFocus({ view: 'members' });
        showTeam(team.id);
      }}
    />
  );
}

type TeamListProps = {
  productId: string;
  canCreate: boolean;
  /** The team whose 'View Members' button takes the focus (coming back from its members). */
  focusTeamId: string | undefined;
  onView: (team: Team) => void;
};

function TeamList({ productId, canCreate, focusTeamId, onView }: TeamListProps) {
  const teams = useProductTeams(productId);
  const [creating, setCreating] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const gridRef = useRef<HTMLUListElement>(null);
  const headingId = useId();
  const loaded = teams.isSuccess;

  useEffect(() => {
    if (!focusTeamId || !loaded) return;
    const buttons = gridRef.current?.querySelectorAll<HTMLElement>('[data-team-id]') ?? [];
    const button = Array.from(buttons).find((element) => element.dataset.teamId === focusTeamId);
    (button ?? headingRef.current)?.focus();
  }, [focusTeamId, loaded]);

  const openCreate = () => setCreating(true);

  let body: ReactNode;
  if (teams.isPending) {
    body = <TeamGridSkeleton />;
  } else if (teams.isError) {
    body = (
      <Card className="py-0">
        <ErrorState
          title={t(productTeamsMessages.loadFailed)}
          error={teams.error}
          onRetry={() => void teams.refetch()}
          retrying={teams.isFetching}
        />
      </Card>
    );
  } else if (teams.data.length === 0) {
    body = (
      <EmptyState
        icon={Users}
        title={t(m.emptyTeams)}
        description={t(canCreate ? productTeamsMessages.emptyHint : productTeamsMessages.emptyHintReadOnly)}
        action={
          canCreate ? (
            <EmptyStateButton icon={Plus} onClick={openCreate}>
              {t('Create New Team')}
            </EmptyStateButton>
          ) : null
        }
        className="rounded-xl border border-dashed py-12"
      />
    );
  } else {
    body = (
      <ul ref={gridRef} aria-labelledby={headingId} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {teams.data.map((team) => (
          <li key={team.id} className="min-w-0">
            <TeamCard team={team} onView={onView} onDeleted={() => headingRef.current?.focus()} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2
          id={headingId}
          ref={headingRef}
          tabIndex={-1}
          className="rounded-sm font-semibold text-lg tracking-tight outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          {t(m.myTeams)}
        </h2>
        {canCreate ? (
          <Button size="sm" onClick={openCreate}>
            <Plus aria-hidden="true" />
            {t('Create New Team')}
          </Button>
        ) : null}
      </div>
      {body}
      {canCreate ? (
        <CreateTeamDialog productId={productId} open={creating} onOpenChange={setCreating} />
      ) : null}
    </section>
  );
}

function TeamGridSkeleton() {
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      <span role="status" className="sr-only">
        {t('Loading teams')}
      </span>
      {[0, 1, 2].map((card) => (
        <Card key={card} className="gap-4 py-5">
          <CardHeader className="px-5">
            <Skeleton className="h-5 w-32" />
            <Skeleton className="h-5 w-20" />
          </CardHeader>
          <CardContent className="flex flex-col gap-2 px-5">
            <Skeleton className="h-4 w-48 max-w-full" />
            <Skeleton className="h-4 w-24" />
            <Skeleton className="h-4 w-36" />
          </CardContent>
          <CardFooter className="px-5">
            <Skeleton className="h-8 w-full" />
          </CardFooter>
        </Card>
      ))}
    </div>
  );
}
