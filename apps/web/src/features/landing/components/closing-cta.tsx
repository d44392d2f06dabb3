import { ArrowRightIcon, CalendarDaysIcon } from 'lucide-react';
import { Link } from 'react-router';
import { buttonVariants } from '../../../components/ui/button.tsx';
import { t } from '../../../lib/i18n/index.ts';
import { paths } from '../../../lib/paths.ts';
import { container } from './section-heading.tsx';

export const salesEmail = 'sales@shipyard.example';

export function ClosingCta() {
  return (
    <section aria-labelledby="closing-cta-title" className="pb-20 sm:pb-28">
      <div className={container}>
        <div className="relative isolate overflow-hidden rounded-2xl border bg-muted/30 px-6 py-14 text-center sm:px-12 sm:py-20">
          <div
            aria-hidden="true"
            className="-z-10 pointer-events-none absolute inset-0 bg-[linear-gradient(to_right,var(--border)_1px,transparent_1px),linear-gradient(to_bottom,var(--border)_1px,transparent_1px)] bg-[size:40px_40px] opacity-60 [mask-image:radial-gradient(ellipse_60%_80%_at_50%_100%,black,transparent)]"
          />
          <h2
            id="closing-cta-title"
            className="mx-auto max-w-2xl text-balance font-semibold text-3xl tracking-tight sm:text-4xl"
          >
            {t('Get your next product from plan to production')}
          </h2>
          <p className="mx-auto mt-4 max-w-xl text-pretty text-base text-muted-foreground leading-7 sm:text-lg">
            {t(
              'Join 10,000+ teams who plan, build and ship on Shipyard. Free to start, no credit card required.',
            )}
          </p>
          <div className="mt-9 flex flex-col justify-center gap-3 sm:flex-row">
            <Link to={paths.auth()} className={buttonVariants({ size: 'lg' })}>
              {t('Start Your Free Trial')}
              <ArrowRightIcon />
            </Link>
            <a
              href={`mailto:${salesEmail}?subject=${encodeURIComponent(t('Shipyard demo'))}`}
              className={buttonVariants({ variant: 'outline', size: 'lg' })}
            >
              <CalendarDaysIcon />
              {t('Schedule a Demo')}
            </a>
          </div>
        </div>
      </div>
    </section>
  );
}
