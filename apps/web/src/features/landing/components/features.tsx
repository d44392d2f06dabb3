import type { LucideIcon } from 'lucide-react';
import { BellRingIcon, BlocksIcon, GlobeIcon, ShieldCheckIcon, UsersIcon, ZapIcon } from 'lucide-react';
import { k, t } from '../../../lib/i18n/index.ts';
import { container, SectionHeading } from './section-heading.tsx';

type Feature = { icon: LucideIcon; title: string; description: string };

const features: Feature[] = [
  {
    icon: UsersIcon,
    title: k('Team collaboration'),
    description: k(
      'Teams, roles and invitations per product. Plan, assign and discuss the work where the work lives.',
    ),
  },
  {
    icon: BellRingIcon,
    title: k('Smart alerts'),
    description: k(
      'Hear about the stage change, the task on your plate or the invite you were waiting for — and nothing else.',
    ),
  },
  {
    icon: ZapIcon,
    title: k('Fast real-time sync'),
    description: k(
      'Board moves, task updates and progress appear for everyone at once. No refresh, no stale status.',
    ),
  },
  {
    icon: ShieldCheckIcon,
    title: k('Enterprise security'),
    description: k('Role-based access, secure sessions and a complete activity history of every change.'),
  },
  {
    icon: GlobeIcon,
    title: k('Global reach'),
    description: k(
      'Distributed teams stay in step, with calendars and dates shown in each member’s own time zone.',
    ),
  },
  {
    icon: BlocksIcon,
    title: k('Easy integration'),
    description: k(
      'Connect GitHub, Slack, AWS and the rest of your stack without changing how your team works.',
    ),
  },
];

export function Features() {
  return (
    <section
      id="features"
      aria-labelledby="features-title"
      className="scroll-mt-14 pt-12 pb-20 sm:pt-16 sm:pb-28"
    >
      <div className={container}>
        <SectionHeading
          id="features-title"
          eyebrow={t('Features')}
          title={t('Everything a product team needs, nothing it doesn’t')}
          description={t(
            'Shipyard replaces the status spreadsheet, the scattered chat threads and the weekly where-are-we meeting with one calm place to work.',
          )}
        />
        <ul className="mt-14 grid gap-px overflow-hidden rounded-xl border bg-border sm:grid-cols-2 lg:grid-cols-3">
          {features.map((feature) => (
            <li key={feature.title} className="bg-background p-6 sm:p-8">
              <span className="flex size-9 items-center justify-center rounded-lg border bg-muted/40 text-primary shadow-xs dark:text-indigo-400">
                <feature.icon aria-hidden="true" className="size-[18px]" />
              </span>
              <h3 className="mt-5 font-semibold text-[15px]">{t(feature.title)}</h3>
              <p className="mt-2 text-muted-foreground text-sm leading-6">{t(feature.description)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
