import { LandingPage } from '../../features/landing/components/landing-page.tsx';

export function Component() {
  return (
    <>
      <title>Shipyard — ship products from planning to production</title>
      <LandingPage />
    </>
  );
}
