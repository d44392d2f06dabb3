import fs from 'node:fs';
import type { Role, SignedInAccount } from './api.ts';

// What global-setup hands to the test workers (separate processes): a JSON file named by an
// environment variable, which Playwright passes from global setup to every worker.

export const RUN_STATE_ENV = 'SHIPYARD_E2E_STATE';

export type RunState = {
  baseURL: string;
  mailDir: string;
  /** One signed-in account per role, created once per run; tests only read with them. */
  accounts: Record<Role, SignedInAccount>;
};

let cached: RunState | undefined;

export function runState(): RunState {
  if (cached) return cached;
  const file = process.env[RUN_STATE_ENV];
  if (!file) throw new Error(`${RUN_STATE_ENV} is not set: run the tests through e2e/playwright.config.ts`);
  cached = JSON.parse(fs.readFileSync(file, 'utf8')) as RunState;
  return cached;
}
