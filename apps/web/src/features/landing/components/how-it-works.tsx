import type { LucideIcon } from 'lucide-react';
import { ArrowDownIcon, RocketIcon, SlidersHorizontalIcon, UsersIcon } from 'lucide-react';
import { buttonVariants } from '../../../components/ui/button.tsx';
import { k, t } from '../../../lib/i18n/index.ts';
import { container, SectionHeading } from './section-heading.tsx';

type Step = { icon: LucideIcon; title: string; description: string; details: string[] };

const steps: Step[] = [
  {
    icon: RocketIcon,
    title: k('Quick setup'),
    description: k(
      'Create your account and your workspace in under 2 minutes. No credit card, no sales call.',
    ),
    details: [k('Email or Google sign-in'), k('Workspace ready instantly')],
  },
  {
    icon: SlidersHorizontalIcon,
    title: k('Configure workspace'),
    description: k('Add your products, set up teams and invite teammates with the roles they need.'),
    details: [k('Products and stages'), k('Teams, roles and invites')],
  },
  {
    icon: UsersIcon,
    title: k('Start collaborating'),
    description: k(
      'Move products across the board, assign tasks and watch progress update for everyone, live.',
    ),
    details: [k('Board, tasks and calendar'), k('Alerts and activity history')],
  },
];

export function HowItWorks() {
  return (
    <section
      id="how-it-works"
      aria-labelledby="how-it-works-title"
      className="scroll-mt-14 border-y bg-muted/30 py-20 sm:py-28"
    >
      <div className={container}>
        <SectionHeading
          id="how-it-works-title"
          eyebrow={t('How it works')}
          title={t('From sign-up to shipping in three steps')}
          description={t(
            'No onboarding project, no consultants. Your team is working on the board the same afternoon.',
          )}
        />

        <ol className="mt-14 grid gap-4 md:grid-cols-3 md:gap-6">
          {steps.map((step, index) => (
            <li
              key={step.title}
              className="relative flex flex-col rounded-xl border bg-background p-6 shadow-xs"
            >
              <div className="flex items-center justify-between">
                <span className="flex size-9 items-center justify-center rounded-lg bg-primary text-primary-foreground shadow-xs">
                  <step.icon aria-hidden="true" className="size-[18px]" />
                </span>
                <span className="font-medium text-muted-foreground text-xs tabular-nums">
                  {t('Step {{number}}', { number: index + 1 })}
                </span>
              </div>
              <h3 className="mt-5 font-semibold text-[15px]">{t(step.title)}</h3>
              <p className="mt-2 flex-1 text-muted-foreground text-sm leading-6">{t(step.description)}</p>
              <ul className="mt-5 grid gap-1.5 border-t pt-4 text-[13px]">
                {step.details.map((detail) => (
                  <li key={detail} className="flex items-center gap-2">
                    <span aria-hidden="true" className="size-1.5 rounded-full bg-primary/70" />
                    {t(detail)}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>

        <div className="mt-10 flex justify-center">
          <a href="#showcase" className={buttonVariants({ variant: 'outline' })}>
            {t('Explore Dashboard')}
            <ArrowDownIcon />
          </a>
        </div>
      </div>
    </section>
  );
}
