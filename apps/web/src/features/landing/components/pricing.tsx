import { CheckIcon } from 'lucide-react';
import { Link } from 'react-router';
import { buttonVariants } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { k, t } from '../../../lib/i18n/index.ts';
import { paths } from '../../../lib/paths.ts';
import { container, SectionHeading } from './section-heading.tsx';

type Tier = {
  name: string;
  price: string;
  period: string;
  description: string;
  features: string[];
  cta: string;
  featured?: boolean;
};

const tiers: Tier[] = [
  {
    name: k('Free'),
    price: '$0',
    period: k('forever'),
    description: k('For small teams getting their first product on the board.'),
    features: [
      k('Up to 5 members'),
      k('3 active products'),
      k('Board, tasks and calendar'),
      k('30 days of activity history'),
    ],
    cta: k('Start for free'),
  },
  {
    name: k('Team'),
    price: '$12',
    period: k('per member / month'),
    description: k('For growing teams shipping every week.'),
    features: [
      k('Unlimited members and products'),
      k('Teams, roles and invitations'),
      k('Smart alerts and real-time sync'),
      k('Reports and analytics'),
      k('Full activity history'),
    ],
    cta: k('Start 14-day trial'),
    featured: true,
  },
  {
    name: k('Enterprise'),
    price: k('Custom'),
    period: k('billed annually'),
    description: k('For organisations with security and compliance needs.'),
    features: [
      k('Everything in Team'),
      k('Single sign-on and enforced 2FA'),
      k('Audit log export'),
      k('Dedicated success manager'),
    ],
    cta: k('Choose Enterprise'),
  },
];

export function Pricing() {
  return (
    <section id="pricing" aria-labelledby="pricing-title" className="scroll-mt-14 py-20 sm:py-28">
      <div className={container}>
        <SectionHeading
          id="pricing-title"
          eyebrow={t('Pricing')}
          title={t('Simple plans that grow with your team')}
          description={t(
            'Start free, upgrade when you need more. Every plan includes the board, tasks and the calendar.',
          )}
        />
        <ul className="mx-auto mt-14 grid max-w-md gap-4 lg:max-w-none lg:grid-cols-3 lg:gap-6">
          {tiers.map((tier) => (
            <li
              key={tier.name}
              className={cn(
                'relative flex flex-col rounded-xl border bg-background p-6 shadow-xs sm:p-8',
                tier.featured && 'border-primary/50 shadow-md ring-1 ring-primary/50',
              )}
            >
              <div className="flex items-center justify-between gap-3">
                <h3 className="font-semibold text-base">{t(tier.name)}</h3>
                {tier.featured && (
                  <span className="rounded-full bg-primary/10 px-2.5 py-0.5 font-medium text-primary text-xs dark:bg-primary/20 dark:text-indigo-300">
                    {t('Most popular')}
                  </span>
                )}
              </div>
              <p className="mt-2 text-muted-foreground text-sm leading-6">{t(tier.description)}</p>
              <p className="mt-6 flex items-baseline gap-2">
                <span className="font-semibold text-4xl tabular-nums tracking-tight">{t(tier.price)}</span>
                <span className="text-muted-foreground text-sm">{t(tier.period)}</span>
              </p>
              <Link
                to={paths.auth()}
                className={buttonVariants({
                  variant: tier.featured ? 'default' : 'outline',
                  className: 'mt-6 w-full',
                })}
              >
                {t(tier.cta)}
              </Link>
              <ul className="mt-8 grid gap-3 border-t pt-6 text-sm">
                {tier.features.map((feature) => (
                  <li key={feature} className="flex gap-3">
                    <CheckIcon
                      aria-hidden="true"
                      className="mt-0.5 size-4 shrink-0 text-primary dark:text-indigo-400"
                    />
                    {t(feature)}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
