import { LEAD_ELIGIBLE_ROLES, teamMessages as m, type TeamDetail, type TeamMember } from '@shipyard/shared';
import { Crown, UserPlus, Users } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { EmptyState, EmptyStateButton } from '../../../components/empty-state.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { ExportCsvButton } from '../../../components/export-csv-button.tsx';
import { Avatar, AvatarFallback, AvatarImage } from '../../../components/ui/avatar.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../../components/ui/table.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatDate, initials } from '../../../lib/format.ts';
import { k, t } from '../../../lib/i18n/index.ts';
import { useTeam } from '../api/get-team.ts';
import { InviteMemberDialog } from './invite-member-dialog.tsx';
import { MemberActionsMenu } from './member-actions-menu.tsx';
import {
  activeCountLabel,
  MemberStatusBadge,
  memberCountLabel,
  roleLabel,
  TeamTypeBadge,
} from './team-labels.tsx';

const teamMembersMessages = {
  loadFailed: k('Failed to load team members'),
  emptyHintReadOnly: k('Members invited to this team will appear here.'),
  notJoined: k('Not joined yet'),
} as const;

export type TeamMembersViewProps = {
  teamId: string;
  /** The product the team belongs to: invitations are to its team (spec §7.4). */
  productId: string;
  onBack: () => void;
  /** Move the focus here on mount (the user came from the list, not from a page load). */
  autoFocus?: boolean;
};

const leadEligible = (member: TeamMember) => (LEAD_ELIGIBLE_ROLES as readonly string[]).includes(member.role);
const isSystemAdmin = (member: TeamMember) =>
  member.systemRole === 'admin' || member.systemRole === 'super admin';

/** Spec §2.11 Team members view: who is in the team, their role and status, and what a manager can do. */
export function TeamMembersView({ teamId, productId, onBack, autoFocus = false }: TeamMembersViewProps) {
  const team = useTeam(teamId);
  const [inviting, setInviting] = useState(false);
  const backRef = useRef<HTMLButtonElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (autoFocus) backRef.current?.focus();
  }, [autoFocus]);

  const canManage = team.data?.canManage ?? false;
  const openInvite = () => setInviting(true);

  let body: ReactNode;
  if (team.isPending) {
    body = <MemberRowsSkeleton />;
  } else if (team.isError) {
    body = (
      <ErrorState
        title={t(teamMembersMessages.loadFailed)}
        error={team.error}
        onRetry={() => void team.refetch()}
        retrying={team.isFetching}
      />
    );
  } else if (team.data.members.length === 0) {
    body = (
      <EmptyState
        icon={Users}
        title={t(m.emptyMembers)}
        description={canManage ? undefined : t(teamMembersMessages.emptyHintReadOnly)}
        action={
          canManage ? (
            <EmptyStateButton icon={UserPlus} onClick={openInvite}>
              {t('Add Team Member')}
            </EmptyStateButton>
          ) : null
        }
        className="py-12"
      />
    );
  } else {
    body = <MembersTable team={team.data} onRemoved={() => headingRef.current?.focus()} />;
  }

  return (
    <section
      aria-label={team.data ? t('{{team}} members', { team: team.data.name }) : t('Team members')}
      className="flex flex-col gap-4"
    >
      <div>
        <Button
          ref={backRef}
          variant="ghost"
          size="sm"
          className="-ms-2 text-muted-foreground"
          onClick={onBack}
        >
          {t('← Back to Teams')}
        </Button>
      </div>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1.5">
          {team.data ? (
            <>
              <div className="flex flex-wrap items-center gap-2">
                <h2
                  ref={headingRef}
                  tabIndex={-1}
                  className="min-w-0 break-words rounded-sm font-semibold text-lg tracking-tight outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
                >
                  {team.data.name}
                </h2>
                <TeamTypeBadge type={team.data.teamType} />
              </div>
              {team.data.description ? (
                <p className="max-w-prose break-words text-muted-foreground text-sm">
                  {team.data.description}
                </p>
              ) : null}
              <p className="text-muted-foreground text-sm">
                {memberCountLabel(team.data.memberCount)} · {activeCountLabel(team.data.activeMembers)}
              </p>
            </>
          ) : team.isPending ? (
            <>
              <Skeleton className="h-7 w-48" />
              <Skeleton className="h-4 w-64 max-w-full" />
            </>
          ) : null}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {team.data ? (
            <ExportCsvButton
              size="sm"
              path={`/team/${encodeURIComponent(teamId)}/members.csv`}
              fileName="shipyard-team-members.csv"
            />
          ) : null}
          {canManage ? (
            <Button size="sm" onClick={openInvite}>
              <UserPlus aria-hidden="true" />
              {t('Add Team Member')}
            </Button>
          ) : null}
        </div>
      </div>
      <Card className="py-0">
        <CardContent className="px-0">{body}</CardContent>
      </Card>
      {canManage && team.data ? (
        <InviteMemberDialog
          teamId={teamId}
          productId={team.data.productId || productId}
          open={inviting}
          onOpenChange={setInviting}
        />
      ) : null}
    </section>
  );
}

// Below md the table folds into one card per member: each cell a line, labelled by its column
// (the data-label, drawn by CSS so the table's text stays the same for assistive technology).
const foldedCell =
  'max-md:col-start-1 max-md:block max-md:p-0 max-md:whitespace-normal max-md:text-xs max-md:before:me-1.5 max-md:before:font-medium max-md:before:text-muted-foreground max-md:before:content-[attr(data-label)]';

function MembersTable({ team, onRemoved }: { team: TeamDetail; onRemoved: () => void }) {
  return (
    <Table className="max-md:block">
      <TableHeader className="max-md:sr-only">
        <TableRow className="hover:bg-transparent">
          <TableHead className="ps-4 sm:ps-6">{t('Name')}</TableHead>
          <TableHead>{t('Email')}</TableHead>
          <TableHead>{t('Role')}</TableHead>
          <TableHead>{t('Status')}</TableHead>
          <TableHead>{t('Joined')}</TableHead>
          <TableHead className="w-16 pe-4 text-end sm:pe-6">{t('Actions')}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody className="max-md:block">
        {team.members.map((member) => {
          const suspended = member.status === 'suspended';
          return (
            <TableRow
              key={member._id}
              data-status={member.status}
              className={cn(
                'max-md:grid max-md:grid-cols-[minmax(0,1fr)_auto] max-md:gap-x-3 max-md:gap-y-1 max-md:px-4 max-md:py-3',
                suspended && 'opacity-60',
              )}
            >
              <TableCell className="ps-4 max-md:col-start-1 max-md:p-0 max-md:pb-1 sm:ps-6">
                <MemberName member={member} />
              </TableCell>
              <TableCell data-label={t('Email')} className={cn(foldedCell, 'max-w-64 truncate')}>
                <span title={member.user.email}>{member.user.email}</span>
              </TableCell>
              <TableCell data-label={t('Role')} className={foldedCell}>
                {roleLabel(member.role)}
              </TableCell>
              <TableCell data-label={t('Status')} className={foldedCell}>
                <MemberStatusBadge status={member.status} />
              </TableCell>
              <TableCell data-label={t('Joined')} className={cn(foldedCell, 'text-muted-foreground')}>
                {member.joined_at ? (
                  <time dateTime={member.joined_at}>{formatDate(member.joined_at)}</time>
                ) : (
                  <>
                    <span aria-hidden="true">—</span>
                    <span className="sr-only">{t(teamMembersMessages.notJoined)}</span>
                  </>
                )}
              </TableCell>
              <TableCell className="pe-4 text-end max-md:col-start-2 max-md:row-span-5 max-md:row-start-1 max-md:p-0 sm:pe-6">
                {team.canManage && leadEligible(member) ? (
                  <MemberActionsMenu
                    teamId={team.id}
                    teamName={team.name}
                    member={member}
                    onRemoved={onRemoved}
                  />
                ) : null}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

function MemberName({ member }: { member: TeamMember }) {
  const { user } = member;
  return (
    <div className="flex min-w-0 items-center gap-3">
      <Avatar className="size-8" aria-hidden="true">
        {user.avatar ? <AvatarImage src={user.avatar} alt="" /> : null}
        <AvatarFallback>{initials(user.name)}</AvatarFallback>
      </Avatar>
      <div className="flex min-w-0 flex-wrap items-center gap-x-1.5 gap-y-1">
        <span className="truncate font-medium">{user.name}</span>
        {isSystemAdmin(member) ? <span className="text-muted-foreground text-xs">{t('(Admin)')}</span> : null}
        {member.is_lead ? (
          <span
            data-slot="lead-badge"
            className="inline-flex items-center gap-1 whitespace-nowrap rounded-md border border-primary/20 bg-primary/10 px-1.5 py-px font-medium text-[11px] text-primary leading-4 dark:text-ring"
          >
            <Crown className="size-3" aria-hidden="true" />
            {t('Current Lead')}
          </span>
        ) : null}
      </div>
    </div>
  );
}

function MemberRowsSkeleton() {
  return (
    <div>
      <span role="status" className="sr-only">
        {t('Loading team members')}
      </span>
      {[0, 1, 2].map((row) => (
        <div key={row} className="flex items-center gap-3 border-b px-4 py-3 last:border-0 sm:px-6">
          <Skeleton className="size-8 rounded-full" />
          <Skeleton className="h-4 w-36" />
          <Skeleton className="hidden h-4 w-44 md:block" />
          <Skeleton className="hidden h-4 w-20 md:block" />
          <Skeleton className="hidden h-5 w-16 md:block" />
          <Skeleton className="ms-auto size-8" />
        </div>
      ))}
    </div>
  );
}
