import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from '../scripts/chromium.mjs';

// End-to-end flows in Debian's Chromium against the production build (`npm run build` first):
// global-setup starts apps/server/dist/main.js on a free port with a fresh DATA_DIR and a loopback
// SMTP receiver, and hands the base URL to the tests (see support/test.ts).

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: 'test-results',
  globalSetup: './global-setup.ts',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  // Two cores: two browsers beside the server and its PostgreSQL.
  workers: 2,
  // One retry: a retried pass shows as flaky in the report, a real break fails twice.
  retries: 1,
  reporter: [['list']],
  // On a loaded 2-core machine four pages booting at once (two workers, two-browser flows) take
  // 8-15 s to show their data and a long flow 45-60 s; a check that fails still fails, only later.
  timeout: 90_000,
  expect: { timeout: 20_000 },
  use: {
    ...devices['Desktop Chrome'],
    trace: 'off',
    screenshot: 'only-on-failure',
    video: 'off',
    // A fresh context per flow would install the service worker and precache the whole app shell
    // (about 200 files) beside the flow itself, the largest share of a run's CPU on two cores:
    // blocked here, allowed by offline.spec.ts, the flows about the worker.
    serviceWorkers: 'block',
    // CHROMIUM_PATH, Debian's /usr/bin/chromium, another system Chrome, or Playwright's own.
    launchOptions: chromiumLaunchOptions(),
  },
  projects: [{ name: 'chromium' }],
});
