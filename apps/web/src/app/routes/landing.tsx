import { LandingPage } from '../../features/landing/components/landing-page.tsx';
import { t } from '../../lib/i18n/index.ts';

export function Component() {
  return (
    <>
      <title>{t('Shipyard — ship products from planning to production')}</title>
      <LandingPage />
    </>
  );
}
