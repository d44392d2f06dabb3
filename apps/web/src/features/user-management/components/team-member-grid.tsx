import { memo } from 'react';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/cn.ts';
import { t } from '../../../lib/i18n/index.ts';
import { TeamMemberActionsMenu, type TeamMemberActionsMenuProps } from './team-member-actions-menu.tsx';
import { Chips, MemberDepartment, MemberIdentity, MemberRole } from './team-member-fields.tsx';
import type { TeamMembersViewProps } from './team-member-list.tsx';

/** Spec §2.12 Grid View: a card per member with what a list row shows, and the same menu. */
export function TeamMemberGrid({ members, viewer, onEdit }: TeamMembersViewProps) {
  return (
    <ul aria-label={t('Team members')} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {members.map((member) => (
        <MemberCard key={member.id} member={member} viewer={viewer} onEdit={onEdit} />
      ))}
    </ul>
  );
}

const MemberCard = memo(function MemberCard({ member, viewer, onEdit }: TeamMemberActionsMenuProps) {
  return (
    <li
      data-member-id={member.id}
      aria-label={member.name}
      className={cn(
        'flex min-w-0 flex-col gap-4 rounded-xl border bg-card p-4 text-card-foreground shadow-xs',
        member.disabled && 'text-muted-foreground',
      )}
    >
      <div className="flex items-start gap-2">
        <MemberIdentity member={member} className="flex-1" />
        <TeamMemberActionsMenu member={member} viewer={viewer} onEdit={onEdit} />
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm">
        <div className="grid content-start gap-1">
          <dt className="text-muted-foreground text-xs">{t('Department')}</dt>
          <dd>
            <MemberDepartment department={member.department} />
          </dd>
        </div>
        <div className="grid content-start gap-1">
          <dt className="text-muted-foreground text-xs">{t('Role')}</dt>
          <dd>
            <MemberRole member={member} />
          </dd>
        </div>
        <div className="col-span-2 grid gap-1">
          <dt className="text-muted-foreground text-xs">{t('Projects')}</dt>
          <dd>
            <Chips
              label={t('Projects of {{name}}', { name: member.name })}
              items={member.projects}
              total={member.projectCount}
            />
          </dd>
        </div>
        <div className="col-span-2 grid gap-1">
          <dt className="text-muted-foreground text-xs">{t('Skills')}</dt>
          <dd>
            <Chips label={t('Skills of {{name}}', { name: member.name })} items={member.skills} shown={5} />
          </dd>
        </div>
      </dl>
    </li>
  );
});

export function TeamMemberGridSkeleton() {
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {Array.from({ length: 6 }, (_, card) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholders, never reordered
        <div key={card} className="grid gap-4 rounded-xl border bg-card p-4">
          <div className="flex items-center gap-3">
            <Skeleton className="size-9 rounded-full" />
            <div className="grid flex-1 gap-1.5">
              <Skeleton className="h-4 w-2/5" />
              <Skeleton className="h-3 w-3/5" />
            </div>
          </div>
          <div className="grid grid-cols-2 gap-3">
            <Skeleton className="h-8" />
            <Skeleton className="h-8" />
          </div>
          <Skeleton className="h-5 w-3/4" />
          <Skeleton className="h-5 w-1/2" />
        </div>
      ))}
    </div>
  );
}
