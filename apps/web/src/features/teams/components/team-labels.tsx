import type { TeamMemberStatus, TeamType } from '@shipyard/shared';
import { cn } from '../../../lib/cn.ts';
import { formatNumber, statusLabel } from '../../../lib/format.ts';
import { k, t } from '../../../lib/i18n/index.ts';

const teamTypeLabels: Record<TeamType, string> = {
  development: k('Development'),
  design: k('Design'),
  qa: k('QA'),
  marketing: k('Marketing'),
  general: k('General'),
};

export const teamTypeLabel = (type: TeamType): string => t(teamTypeLabels[type]);

/** The roles a team member may have (lowercase, as stored), as shown. */
const roleLabels: Record<string, string> = {
  admin: k('Admin'),
  manager: k('Manager'),
  developer: k('Developer'),
  designer: k('Designer'),
  'qa engineer': k('QA Engineer'),
  'product manager': k('Product Manager'),
  others: k('Others'),
  member: k('Member'),
};

/** 'qa engineer' → 'QA Engineer', 'product manager' → 'Product Manager' (in the reader's language). */
export function roleLabel(role: string): string {
  const known = roleLabels[role.toLowerCase()];
  if (known) return t(known);
  return role
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => (word.toLowerCase() === 'qa' ? 'QA' : statusLabel(word)))
    .join(' ');
}

/** '3 members', '1 member'. */
export const memberCountLabel = (count: number): string =>
  t('{{number}} members', { count, number: formatNumber(count) });

/** '2 active'. */
export const activeCountLabel = (count: number): string =>
  t('{{number}} active', { count, number: formatNumber(count) });

export function TeamTypeBadge({ type, className }: { type: TeamType; className?: string }) {
  return (
    <span
      data-slot="team-type-badge"
      className={cn(
        'inline-flex w-fit shrink-0 items-center whitespace-nowrap rounded-md border bg-muted/60 px-2 py-0.5 font-medium text-muted-foreground text-xs',
        className,
      )}
    >
      {teamTypeLabel(type)}
    </span>
  );
}

const memberStatusLabels: Record<TeamMemberStatus, string> = {
  active: k('Active'),
  invited: k('Invited'),
  pending: k('Pending'),
  suspended: k('Suspended'),
};

// Active green, invited blue, pending amber, suspended gray, in both themes.
const statusTones: Record<TeamMemberStatus, string> = {
  active:
    'border-green-200 bg-green-50 text-green-700 dark:border-green-500/30 dark:bg-green-500/15 dark:text-green-300',
  invited:
    'border-blue-200 bg-blue-50 text-blue-700 dark:border-blue-500/30 dark:bg-blue-500/15 dark:text-blue-300',
  pending:
    'border-amber-200 bg-amber-50 text-amber-800 dark:border-amber-500/30 dark:bg-amber-500/15 dark:text-amber-300',
  suspended:
    'border-zinc-200 bg-zinc-100 text-zinc-700 dark:border-zinc-500/30 dark:bg-zinc-500/15 dark:text-zinc-300',
};

export function MemberStatusBadge({ status, className }: { status: TeamMemberStatus; className?: string }) {
  return (
    <span
      data-slot="member-status-badge"
      data-status={status}
      className={cn(
        'inline-flex w-fit shrink-0 items-center whitespace-nowrap rounded-md border px-2 py-0.5 font-medium text-xs',
        statusTones[status],
        className,
      )}
    >
      {t(memberStatusLabels[status])}
    </span>
  );
}
