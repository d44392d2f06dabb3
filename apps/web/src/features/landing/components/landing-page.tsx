import { t } from '../../../lib/i18n/index.ts';
import { ClosingCta } from './closing-cta.tsx';
import { DashboardShowcase } from './dashboard-showcase.tsx';
import { Features } from './features.tsx';
import { Hero } from './hero.tsx';
import { HowItWorks } from './how-it-works.tsx';
import { Pricing } from './pricing.tsx';
import { PublicFooter } from './public-footer.tsx';
import { PublicHeader } from './public-header.tsx';
import { Testimonials } from './testimonials.tsx';

/** The public home page (spec §2.2): header, marketing sections, footer with the contact details. */
export function LandingPage() {
  return (
    <div className="relative flex min-h-dvh flex-col overflow-x-clip bg-background">
      <a
        href="#main"
        className="-translate-y-16 fixed top-2 start-2 z-50 rounded-md bg-background px-3 py-2 font-medium text-sm shadow-md outline-none ring-ring/50 transition-transform focus-visible:translate-y-0 focus-visible:ring-[3px]"
      >
        {t('Skip to content')}
      </a>
      <PublicHeader />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <Hero />
        <Features />
        <HowItWorks />
        <DashboardShowcase />
        <Testimonials />
        <Pricing />
        <ClosingCta />
      </main>
      <PublicFooter />
    </div>
  );
}
