// How the benchmarks launch Chromium: the browser and flags of the e2e tests (scripts/chromium.mjs).
import { chromiumLaunchOptions } from '../../scripts/chromium.mjs';

/** Playwright's launch options; throws with what to install when there is no browser. */
export const chromiumOptions = () => chromiumLaunchOptions();
