import type { Task } from '@shipyard/shared';
import { Avatar, AvatarFallback, AvatarImage, InitialsAvatar } from '../../../components/ui/avatar.tsx';
import { cn } from '../../../lib/cn.ts';
import { initials } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n/index.ts';
import { personColour } from '../../../lib/person-colour.ts';

/**
 * Spec §2.11: the team's name plus ' Team'; without a team 'No team' (issue 28 replaces the spec's
 * 'Unassigned Team', which read as a team of that name; docs/decisions/035-fast-creation.md).
 */
export function teamLabel(team: Task['team']): string {
  return team ? t('{{name}} Team', { name: team.name }) : t('No team');
}

/** A name that takes a second line from lg on instead of being cut (the list's column). */
export const WRAPPED_NAME = 'lg:line-clamp-2 lg:whitespace-normal lg:break-words';

/** The assignee's avatar (or initials) and name, or 'Unassigned'. */
export function TaskAssignee({
  assignee,
  className,
  wrapName = false,
}: {
  assignee: Task['assignee'];
  className?: string;
  /** From lg on, a long name takes a second line instead of being cut (the list's column). */
  wrapName?: boolean;
}) {
  if (!assignee) {
    return (
      <span className={cn('inline-flex min-w-0 items-center gap-1.5 text-muted-foreground', className)}>
        <span
          aria-hidden="true"
          className="size-5 shrink-0 rounded-full border border-muted-foreground/40 border-dashed"
        />
        <span className="truncate">{t('Unassigned')}</span>
      </span>
    );
  }
  const initialsClass = cn('font-semibold text-[8px] text-white leading-none', personColour(assignee.id));
  return (
    <span className={cn('inline-flex min-w-0 items-center gap-1.5', className)}>
      {assignee.avatar_url ? (
        <Avatar className="size-5">
          <AvatarImage src={assignee.avatar_url} alt="" />
          <AvatarFallback aria-hidden="true" className={initialsClass}>
            {initials(assignee.name)}
          </AvatarFallback>
        </Avatar>
      ) : (
        // Nothing to load: the fallback's elements alone, without Radix's state (a list mounts many).
        <InitialsAvatar className="size-5" fallbackClassName={initialsClass}>
          {initials(assignee.name)}
        </InitialsAvatar>
      )}
      <span className={cn('truncate', wrapName && WRAPPED_NAME)} title={assignee.name}>
        {assignee.name}
      </span>
    </span>
  );
}
