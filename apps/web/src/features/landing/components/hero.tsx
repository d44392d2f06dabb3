import { ArrowRightIcon, StarIcon } from 'lucide-react';
import { Link } from 'react-router';
import { buttonVariants } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { t } from '../../../lib/i18n/index.ts';
import { paths } from '../../../lib/paths.ts';
import { container } from './section-heading.tsx';

const stageDots = ['bg-blue-500', 'bg-amber-500', 'bg-purple-500', 'bg-green-500', 'bg-zinc-400'] as const;

export function Hero() {
  return (
    <section aria-labelledby="hero-title" className="relative isolate overflow-hidden">
      {/* A faint grid that fades out: texture without a stock gradient. */}
      <div
        aria-hidden="true"
        className="-z-10 pointer-events-none absolute inset-0 bg-[linear-gradient(to_right,var(--border)_1px,transparent_1px),linear-gradient(to_bottom,var(--border)_1px,transparent_1px)] bg-[size:56px_56px] opacity-70 [mask-image:radial-gradient(ellipse_70%_60%_at_50%_0%,black_30%,transparent_100%)]"
      />
      <div className={cn(container, 'pt-16 pb-14 text-center sm:pt-24 sm:pb-16')}>
        <p className="inline-flex items-center gap-2.5 rounded-full border bg-background px-3 py-1 text-muted-foreground text-xs shadow-xs sm:text-[13px]">
          <span aria-hidden="true" className="-space-x-1 flex rtl:space-x-reverse">
            {stageDots.map((dot) => (
              <span key={dot} className={cn('size-2.5 rounded-full ring-2 ring-background', dot)} />
            ))}
          </span>
          {t('One board from planning to production')}
        </p>

        <h1
          id="hero-title"
          className="mx-auto mt-6 max-w-3xl text-balance font-semibold text-4xl tracking-tight sm:text-6xl sm:leading-[1.05]"
        >
          {t('Ship products together, from first plan to production')}
        </h1>
        <p className="mx-auto mt-5 max-w-2xl text-pretty text-base text-muted-foreground leading-7 sm:text-lg sm:leading-8">
          {t(
            'Shipyard is the shared workspace where product teams plan releases, track tasks and see every product move across one live board — so nobody has to ask where things stand.',
          )}
        </p>

        <div className="mt-9 flex flex-col justify-center gap-3 sm:flex-row">
          <Link to={paths.auth()} className={buttonVariants({ size: 'lg' })}>
            {t('Get Started')}
            <ArrowRightIcon />
          </Link>
          <a href="#how-it-works" className={buttonVariants({ variant: 'outline', size: 'lg' })}>
            {t('See Our Process')}
          </a>
        </div>
        <p className="mt-4 text-muted-foreground text-sm">
          {t('Free for small teams · Setup in under 2 minutes')}
        </p>

        <dl className="mx-auto mt-14 grid max-w-2xl grid-cols-3 divide-x rounded-xl border bg-background/80 shadow-xs backdrop-blur-sm rtl:divide-x-reverse">
          <div className="flex flex-col-reverse justify-end gap-1 px-3 py-4 sm:px-6 sm:py-5">
            <dt className="text-muted-foreground text-xs sm:text-sm">{t('teams')}</dt>
            <dd className="font-semibold text-xl tabular-nums tracking-tight sm:text-3xl">10,000+</dd>
          </div>
          <div className="flex flex-col-reverse justify-end gap-1 px-3 py-4 sm:px-6 sm:py-5">
            <dt className="flex items-center justify-center gap-1.5 text-muted-foreground text-xs sm:text-sm">
              <span aria-hidden="true" className="flex max-sm:hidden">
                {[1, 2, 3, 4, 5].map((star) => (
                  <StarIcon key={star} className="size-3.5 fill-amber-400 text-amber-400" />
                ))}
              </span>
              {t('average rating')}
            </dt>
            <dd className="font-semibold text-xl tabular-nums tracking-tight sm:text-3xl">4.9/5</dd>
          </div>
          <div className="flex flex-col-reverse justify-end gap-1 px-3 py-4 sm:px-6 sm:py-5">
            <dt className="text-muted-foreground text-xs sm:text-sm">{t('setup time')}</dt>
            <dd className="font-semibold text-xl tabular-nums tracking-tight sm:text-3xl">{t('< 2 min')}</dd>
          </div>
        </dl>
      </div>
    </section>
  );
}
