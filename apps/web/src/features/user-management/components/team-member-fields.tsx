import {
  DEPARTMENTS,
  type Department,
  type DirectoryMember,
  userManagementMessages as m,
  type Role,
} from '@shipyard/shared';
import { UsersIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { Avatar, AvatarFallback, AvatarImage } from '../../../components/ui/avatar.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatNumber, initials } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n/index.ts';
import { departmentLabels, roleLabels } from './user-management-texts.ts';

// The pieces of a member that both views of User Management show the same way.

/** A stored department in the reader's language; an unknown one as it is stored. */
function departmentLabel(department: string): string {
  return Object.hasOwn(departmentLabels, department)
    ? t(departmentLabels[department as Department])
    : department.charAt(0).toUpperCase() + department.slice(1);
}

/** 'super admin' → 'Super Admin'. */
/** The departments as a select's options, by their labels. */
export const departmentOptions = () =>
  DEPARTMENTS.map((department) => ({ value: department, label: departmentLabel(department) }));

export const roleLabel = (role: Role) => t(roleLabels[role]);

/** '1 team member', '1,204 team members'. */
export const memberCount = (n: number) => t('{{number}} team members', { count: n, number: formatNumber(n) });

function MemberAvatar({
  member,
  className,
}: {
  member: Pick<DirectoryMember, 'name' | 'avatar'>;
  className?: string;
}) {
  return (
    <Avatar className={cn('size-9', className)}>
      {member.avatar ? <AvatarImage src={member.avatar} alt="" /> : null}
      <AvatarFallback
        aria-hidden="true"
        className="bg-primary/10 font-semibold text-primary dark:bg-primary/25 dark:text-foreground"
      >
        {initials(member.name)}
      </AvatarFallback>
    </Avatar>
  );
}

/** Name and e-mail beside the avatar; a disabled account says so. */
export function MemberIdentity({ member, className }: { member: DirectoryMember; className?: string }) {
  return (
    <div className={cn('flex min-w-0 items-center gap-3', className)}>
      <MemberAvatar member={member} />
      <div className="grid min-w-0 gap-0.5">
        <span className="flex min-w-0 items-center gap-2">
          <span className="truncate font-medium" title={member.name}>
            {member.name}
          </span>
          {member.disabled ? (
            <Badge variant="outline" className="text-muted-foreground">
              {t('Disabled')}
            </Badge>
          ) : null}
        </span>
        <span className="truncate text-muted-foreground text-xs" title={member.email}>
          {member.email}
        </span>
      </div>
    </div>
  );
}

const roleTone: Record<Role, string> = {
  'super admin': 'border-transparent bg-primary text-primary-foreground',
  admin: 'border-transparent bg-primary/10 text-primary dark:bg-primary/25 dark:text-foreground',
  member: 'border-transparent bg-secondary text-secondary-foreground',
  guest: 'text-muted-foreground',
};

/** The system role as a badge, and the job title under it when there is one. */
export function MemberRole({ member, className }: { member: DirectoryMember; className?: string }) {
  return (
    <div className={cn('grid min-w-0 justify-items-start gap-1', className)}>
      <Badge variant="outline" className={roleTone[member.role]}>
        {roleLabel(member.role)}
      </Badge>
      {member.position ? (
        <span className="max-w-full truncate text-muted-foreground text-xs" title={member.position}>
          {member.position}
        </span>
      ) : null}
    </div>
  );
}

export function MemberDepartment({ department }: { department: string | null }) {
  return department ? (
    <span>{departmentLabel(department)}</span>
  ) : (
    <span className="text-muted-foreground">—</span>
  );
}

/**
 * A few names as chips and '+N' for the rest (its title lists the loaded ones). `total` is how
 * many there are when the list holds only the first of them (a member's products).
 */
export function Chips({
  label,
  items,
  total = items.length,
  shown = 3,
  empty,
  className,
}: {
  label: string;
  items: readonly string[];
  total?: number;
  shown?: number;
  empty?: string;
  className?: string;
}) {
  if (items.length === 0) return <span className="text-muted-foreground text-xs">{empty ?? t('None')}</span>;
  const visible = items.slice(0, shown);
  const rest = Math.max(0, total - visible.length);
  return (
    <ul aria-label={label} className={cn('flex min-w-0 flex-wrap gap-1', className)}>
      {visible.map((item) => (
        <li key={item} className="min-w-0 max-w-full">
          <Badge variant="secondary" className="block max-w-full truncate font-normal" title={item}>
            {item}
          </Badge>
        </li>
      ))}
      {rest > 0 ? (
        <li>
          <Badge
            variant="outline"
            className="font-normal text-muted-foreground"
            title={items.slice(shown).join(', ') || undefined}
          >
            <span aria-hidden="true">+{formatNumber(rest)}</span>
            <span className="sr-only">{t('and {{number}} more', { number: formatNumber(rest) })}</span>
          </Badge>
        </li>
      ) : null}
    </ul>
  );
}

/** No member to show: an icon, the text and the next action (ARCHITECTURE §6). */
export function MembersEmptyState({ narrowed, action }: { narrowed: boolean; action?: ReactNode }) {
  return (
    <EmptyState
      icon={UsersIcon}
      title={t(m.empty)}
      description={
        narrowed
          ? t('No one matches this search and department.')
          : t('Add the people who work on your products.')
      }
      action={action}
      className="rounded-xl border bg-card"
    />
  );
}

/** A failed load: the error's text (spec §8.1) and a way to try again. */
export function MembersErrorState({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return <ErrorState error={error} onRetry={onRetry} className="rounded-xl border bg-card" />;
}
