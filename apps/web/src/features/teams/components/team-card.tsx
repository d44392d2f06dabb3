import { teamMessages as m, type Team } from '@shipyard/shared';
import { Mail, Trash2, UserRound, Users } from 'lucide-react';
import { useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  Card,
  CardAction,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { t } from '../../../lib/i18n/index.ts';
import { toast } from '../../../lib/toast.ts';
import { useDeleteTeam } from '../api/delete-team.ts';
import { activeCountLabel, memberCountLabel, roleLabel, TeamTypeBadge } from './team-labels.tsx';

export type TeamCardProps = {
  team: Team;
  onView: (team: Team) => void;
  /** After the team is deleted (its card, holding the focus, is gone). */
  onDeleted?: () => void;
};

/** teamMessages.deleteDescription in the reader's language (a test checks the English is the same). */
export const deleteTeamText = (team: string) =>
  t('Are you sure you want to delete {{team}}? This action cannot be undone.', { team });

/**
 * Spec §2.11: one team of the product: name, type, its lead's e-mail, the caller's role in it,
 * member and active member counts, 'View Members', and a delete button for those who manage it.
 */
export function TeamCard({ team, onView, onDeleted }: TeamCardProps) {
  const remove = useDeleteTeam();
  const [confirming, setConfirming] = useState(false);
  const titleId = useId();

  function confirmDelete() {
    remove.mutateAsync(team.id).then(
      () => {
        toast.success(t(m.deleted), { description: team.name });
        setConfirming(false);
        onDeleted?.();
      },
      (error: unknown) => toast.error(t(m.deleteFailed), { description: getErrorMessage(error) }),
    );
  }

  return (
    <Card className="h-full gap-4 py-5">
      <CardHeader className="px-5">
        <CardTitle as="h3" id={titleId} className="min-w-0 truncate text-base" title={team.name}>
          {team.name}
        </CardTitle>
        <TeamTypeBadge type={team.teamType} />
        {team.canManage ? (
          <CardAction>
            <ConfirmDialog
              open={confirming}
              onOpenChange={setConfirming}
              trigger={
                <Button
                  variant="ghost"
                  size="icon"
                  className="-mt-1 -me-2 size-8 text-muted-foreground hover:text-destructive"
                  aria-label={t('Delete {{name}}', { name: team.name })}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              }
              title={t(m.deleteTitle)}
              description={deleteTeamText(team.name)}
              confirmLabel={t('Delete')}
              pendingLabel={t('Deleting...')}
              pending={remove.isPending}
              onConfirm={confirmDelete}
            />
          </CardAction>
        ) : null}
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-3 px-5">
        {team.description ? (
          <CardDescription className="line-clamp-2 break-words">{team.description}</CardDescription>
        ) : null}
        <dl className="grid gap-1.5 text-sm">
          {team.email ? (
            <div className="flex min-w-0 items-center gap-2">
              <dt>
                <Mail className="size-4 text-muted-foreground" aria-hidden="true" />
                <span className="sr-only">{t('Lead e-mail')}</span>
              </dt>
              <dd className="truncate" title={team.lead ? `${team.lead.name} <${team.email}>` : team.email}>
                {team.email}
              </dd>
            </div>
          ) : null}
          {team.role ? (
            <div className="flex items-center gap-2">
              <dt>
                <UserRound className="size-4 text-muted-foreground" aria-hidden="true" />
                <span className="sr-only">{t('Your role')}</span>
              </dt>
              <dd>{roleLabel(team.role)}</dd>
            </div>
          ) : null}
          <div className="flex items-center gap-2">
            <dt>
              <Users className="size-4 text-muted-foreground" aria-hidden="true" />
              <span className="sr-only">{t('Members')}</span>
            </dt>
            <dd className="flex flex-wrap items-center gap-x-2 text-muted-foreground">
              <span className="text-foreground tabular-nums">{memberCountLabel(team.memberCount)}</span>
              <span aria-hidden="true">·</span>
              <span className="tabular-nums">{activeCountLabel(team.activeMembers)}</span>
            </dd>
          </div>
        </dl>
      </CardContent>
      <CardFooter className="px-5">
        <Button
          variant="outline"
          size="sm"
          className="w-full"
          data-team-id={team.id}
          // The same label on every card: the team's name tells them apart.
          aria-describedby={titleId}
          onClick={() => onView(team)}
        >
          <Users aria-hidden="true" />
          {t('View Members')}
        </Button>
      </CardFooter>
    </Card>
  );
}
