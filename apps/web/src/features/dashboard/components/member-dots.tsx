import type { TeamOverviewItem } from '@shipyard/shared';
import { cn } from '../../../lib/cn.ts';
import { initials } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n/index.ts';
import { personColour } from '../../../lib/person-colour.ts';

/** Spec §9: team avatar dots are capped at 5. */
const MEMBER_DOTS_MAX = 5;

type MemberDotsProps = { team: Pick<TeamOverviewItem, 'members' | 'sample'> };

/** Up to 5 coloured initials, overlapping, then '+N' for the members not shown. */
export function MemberDots({ team }: MemberDotsProps) {
  const shown = team.sample.slice(0, MEMBER_DOTS_MAX);
  const more = Math.max(0, team.members - shown.length);
  return (
    <div className="flex items-center">
      <ul className="flex -space-x-1 rtl:space-x-reverse" aria-label={t('Members')}>
        {shown.map((member) => (
          <li
            key={member._id}
            title={member.name}
            className={cn(
              'flex size-7 shrink-0 items-center justify-center rounded-full font-semibold text-[10px] text-white leading-none ring-2 ring-card',
              personColour(member._id),
            )}
          >
            <span aria-hidden="true">{initials(member.name)}</span>
            <span className="sr-only">{member.name}</span>
          </li>
        ))}
      </ul>
      {more > 0 ? (
        <span className="ms-1.5 rounded-full bg-muted px-2 py-0.5 font-medium text-muted-foreground text-xs tabular-nums">
          <span aria-hidden="true">+{more}</span>
          <span className="sr-only">{t('+{{count}} more', { count: more })}</span>
        </span>
      ) : null}
    </div>
  );
}
