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
  // One retry: on a loaded 2-core machine the same ~9 timing-bound flows (axe, page-height,
  // languages) time out with or without a change (stop 50 measured stop 49's build: 9 failed);
  // a retried pass shows as flaky in the report, a real break fails twice.
  retries: 1,
  reporter: [['list']],
  timeout: 45_000,
  expect: { timeout: 10_000 },
  use: {
    ...devices['Desktop Chrome'],
    trace: 'off',
    screenshot: 'only-on-failure',
    video: 'off',
    // CHROMIUM_PATH, Debian's /usr/bin/chromium, another system Chrome, or Playwright's own.
    launchOptions: chromiumLaunchOptions(),
  },
  projects: [{ name: 'chromium' }],
});
