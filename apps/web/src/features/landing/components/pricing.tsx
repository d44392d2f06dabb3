import { CheckIcon } from 'lucide-react';
import { Link } from 'react-router';
import { buttonVariants } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
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
    name: 'Free',
    price: '$0',
    period: 'forever',
    description: 'For small teams getting their first product on the board.',
    features: [
      'Up to 5 members',
      '3 active products',
      'Board, tasks and calendar',
      '30 days of activity history',
    ],
    cta: 'Start for free',
  },
  {
    name: 'Team',
    price: '$12',
    period: 'per member / month',
    description: 'For growing teams shipping every week.',
    features: [
      'Unlimited members and products',
      'Teams, roles and invitations',
      'Smart alerts and real-time sync',
      'Reports and analytics',
      'Full activity history',
    ],
    cta: 'Start 14-day trial',
    featured: true,
  },
  {
    name: 'Enterprise',
    price: 'Custom',
    period: 'billed annually',
    description: 'For organisations with security and compliance needs.',
    features: [
      'Everything in Team',
      'Single sign-on and enforced 2FA',
      'Audit log export',
      'Dedicated success manager',
    ],
    cta: 'Choose Enterprise',
  },
];

export function Pricing() {
  return (
    <section id="pricing" aria-labelledby="pricing-title" className="scroll-mt-14 py-20 sm:py-28">
      <div className={container}>
        <SectionHeading
          id="pricing-title"
          eyebrow="Pricing"
          title="Simple plans that grow with your team"
          description="Start free, upgrade when you need more. Every plan includes the board, tasks and the calendar."
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
                <h3 className="font-semibold text-base">{tier.name}</h3>
                {tier.featured && (
                  <span className="rounded-full bg-primary/10 px-2.5 py-0.5 font-medium text-primary text-xs dark:bg-primary/20 dark:text-indigo-300">
                    Most popular
                  </span>
                )}
              </div>
              <p className="mt-2 text-muted-foreground text-sm leading-6">{tier.description}</p>
              <p className="mt-6 flex items-baseline gap-2">
                <span className="font-semibold text-4xl tabular-nums tracking-tight">{tier.price}</span>
                <span className="text-muted-foreground text-sm">{tier.period}</span>
              </p>
              <Link
                to={paths.auth()}
                className={buttonVariants({
                  variant: tier.featured ? 'default' : 'outline',
                  className: 'mt-6 w-full',
                })}
              >
                {tier.cta}
              </Link>
              <ul className="mt-8 grid gap-3 border-t pt-6 text-sm">
                {tier.features.map((feature) => (
                  <li key={feature} className="flex gap-3">
                    <CheckIcon
                      aria-hidden="true"
                      className="mt-0.5 size-4 shrink-0 text-primary dark:text-indigo-400"
                    />
                    {feature}
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
