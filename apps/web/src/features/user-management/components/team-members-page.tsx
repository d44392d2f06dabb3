import { type DirectoryMember, userManagementMessages as m } from '@shipyard/shared';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { LayoutGridIcon, ListIcon, PlusIcon, XIcon } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { ExportCsvButton } from '../../../components/export-csv-button.tsx';
import { OptionSelect } from '../../../components/option-select.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { SearchBox } from '../../../components/search-box.tsx';
import { Button } from '../../../components/ui/button.tsx';

import { Spinner } from '../../../components/ui/spinner.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { useUrlSearchState } from '../../../hooks/use-url-state.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { t } from '../../../lib/i18n/index.ts';
import {
  loadedMembers,
  teamMemberListQuery,
  teamMembersQueryOptions,
  totalMembers,
} from '../api/get-team-members.ts';
import type { Viewer } from './team-member-actions-menu.tsx';
import {
  departmentOptions,
  MembersEmptyState,
  MembersErrorState,
  memberCount,
} from './team-member-fields.tsx';
import { TeamMemberFormDialog } from './team-member-form-dialog.tsx';
import { TeamMemberGrid, TeamMemberGridSkeleton } from './team-member-grid.tsx';
import { TeamMemberList, TeamMemberListSkeleton } from './team-member-list.tsx';
import {
  defaultTeamSearch,
  departmentParam,
  isDepartment,
  isNarrowed,
  readTeamSearch,
  type TeamView,
  writeTeamSearch,
} from './team-search-params.ts';

/** Members per page; 'Load more' asks for the next. */
const PAGE_SIZE = 50;
/** The select value of 'All' (spec §5: the filter is 'All' or equal). */

// Filters push a history entry (Back undoes one); the list below keeps its scroll position.
const TEAM_URL_OPTIONS = { replace: false, preventScrollReset: true };

export type TeamMembersPageProps = {
  /** The signed-in admin: which roles they may grant, whom they may change (never delete themselves). */
  viewer: Viewer;
};

/** Spec §2.12 User Management (/team): everyone with an account, as a list or a grid. */
export function TeamMembersPage({ viewer }: TeamMembersPageProps) {
  const [state, update] = useUrlSearchState(readTeamSearch, writeTeamSearch, TEAM_URL_OPTIONS);
  const narrowed = isNarrowed(state);

  const listParams = useMemo(
    () => ({ search: state.search, department: departmentParam(state), limit: PAGE_SIZE }),
    [state],
  );
  const query = useInfiniteQuery({
    ...teamMembersQueryOptions(listParams),
    placeholderData: keepPreviousData,
  });
  const members = useMemo(() => loadedMembers(query.data), [query.data]);
  const total = totalMembers(query.data);

  const [dialog, setDialog] = useState<{ open: boolean; member?: DirectoryMember | undefined }>({
    open: false,
  });
  const onAdd = useCallback(() => setDialog({ open: true, member: undefined }), []);
  const onEdit = useCallback((member: DirectoryMember) => setDialog({ open: true, member }), []);
  const onDialogOpenChange = useCallback(
    (open: boolean) => setDialog((current) => ({ ...current, open })),
    [],
  );

  const onSearch = useCallback((search: string) => update({ search }, { replace: true }), [update]);
  const clearFilters = () => update({ ...defaultTeamSearch, view: state.view });

  const emptyAction = narrowed ? (
    <Button variant="outline" size="sm" onClick={clearFilters}>
      <XIcon aria-hidden="true" />
      {t('Clear filters')}
    </Button>
  ) : (
    <Button size="sm" onClick={onAdd}>
      <PlusIcon aria-hidden="true" />
      {t(m.addButton)}
    </Button>
  );

  function content(view: TeamView) {
    if (query.isPending) return view === 'list' ? <TeamMemberListSkeleton /> : <TeamMemberGridSkeleton />;
    if (query.isError && !query.data) {
      return <MembersErrorState error={query.error} onRetry={() => void query.refetch()} />;
    }
    if (members.length === 0) return <MembersEmptyState narrowed={narrowed} action={emptyAction} />;
    return view === 'list' ? (
      <div className="overflow-hidden rounded-xl border bg-card">
        <TeamMemberList members={members} viewer={viewer} onEdit={onEdit} />
      </div>
    ) : (
      <TeamMemberGrid members={members} viewer={viewer} onEdit={onEdit} />
    );
  }

  const loaded = !query.isPending && !(query.isError && !query.data);

  return (
    <div className="mx-auto grid w-full min-w-0 max-w-7xl grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeader
        title={t('Team')}
        description={t(
          'User management: everyone with an account, their department, role, projects and skills.',
        )}
        actions={
          <>
            <ExportCsvButton
              path={`/team/all-team-members.csv?${teamMemberListQuery(listParams, 1)}`}
              fileName="shipyard-users.csv"
            />
            <Button onClick={onAdd}>
              <PlusIcon aria-hidden="true" />
              {t(m.addButton)}
            </Button>
          </>
        }
      />

      <Tabs
        value={state.view}
        onValueChange={(view) => update({ view: view === 'grid' ? 'grid' : 'list' })}
        className="min-w-0 gap-4"
      >
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center">
          {/* Name or role (and e-mail), sent once typing pauses; follows the URL when it changes. */}
          <SearchBox
            value={state.search}
            onChange={onSearch}
            label={t('Search team members')}
            placeholder={t(m.searchPlaceholder)}
            className="sm:max-w-xs"
          />
          <OptionSelect
            aria-label={t('Filter by department')}
            className="w-full min-w-0 sm:w-48"
            value={state.department ?? ''}
            onValueChange={(value) => update({ department: isDepartment(value) ? value : undefined })}
            allLabel={t('All')}
            options={departmentOptions()}
          />
          {narrowed ? (
            <Button variant="ghost" onClick={clearFilters} className="self-start sm:self-auto">
              <XIcon aria-hidden="true" />
              {t('Clear filters')}
            </Button>
          ) : null}
          {/* On a phone the tabs take a row of their own, each half of it. */}
          <TabsList className="grid h-9 w-full grid-cols-2 sm:ms-auto sm:inline-flex sm:w-fit">
            <TabsTrigger value="list" className="px-3">
              <ListIcon aria-hidden="true" />
              {t('List View')}
            </TabsTrigger>
            <TabsTrigger value="grid" className="px-3">
              <LayoutGridIcon aria-hidden="true" />
              {t('Grid View')}
            </TabsTrigger>
          </TabsList>
        </div>

        {loaded && members.length > 0 ? (
          <div className="flex min-h-5 items-center gap-2">
            <p className="font-medium text-sm tabular-nums" aria-live="polite">
              {memberCount(total)}
            </p>
            {query.isFetching && !query.isFetchingNextPage ? (
              <Spinner label={t('Updating team members')} className="text-muted-foreground" />
            ) : null}
          </div>
        ) : null}

        {(['list', 'grid'] as const).map((view) => (
          <TabsContent
            key={view}
            value={view}
            className={cn('min-w-0 transition-opacity', query.isPlaceholderData && 'opacity-60')}
          >
            {state.view === view ? content(view) : null}
          </TabsContent>
        ))}

        {query.hasNextPage ? (
          <div className="flex flex-col items-center gap-2">
            {query.isFetchNextPageError ? (
              <p role="alert" className="text-destructive text-sm">
                {getErrorMessage(query.error)}
              </p>
            ) : null}
            <Button
              variant="outline"
              pending={query.isFetchingNextPage}
              onClick={() => void query.fetchNextPage()}
            >
              {query.isFetchingNextPage
                ? t('Loading more...')
                : t('Load more ({{loaded}} of {{total}})', { loaded: members.length, total })}
            </Button>
          </div>
        ) : null}
      </Tabs>

      <TeamMemberFormDialog
        open={dialog.open}
        onOpenChange={onDialogOpenChange}
        member={dialog.member}
        viewer={viewer}
      />
    </div>
  );
}
