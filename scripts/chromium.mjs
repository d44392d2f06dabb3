#!/usr/bin/env node
// Where the browser tests (e2e/) and the browser benchmarks (bench/) find Chromium, so that
// `npm test` works on a fresh machine: CHROMIUM_PATH if set, then a system Chromium or Chrome
// (Debian's /usr/bin/chromium first), then the browser Playwright downloaded, if any.
// `node scripts/chromium.mjs --ensure` (the first step of `npm test`) installs Debian's chromium
// where that is possible (root with apt-get), and otherwise stops at once with one line saying
// what to run, instead of failing ten minutes later in the first browser test.
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The flags every headless run uses (no sandbox as root, no GPU, no calls home: the network is closed). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const SYSTEM_NAMES = ['chromium', 'chromium-browser', 'google-chrome-stable', 'google-chrome'];
const MAC_APPS = [
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
];

const runnable = (file) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

function onPath(name, env, probe) {
  for (const dir of (env.PATH ?? '').split(path.delimiter)) {
    if (dir && probe(path.join(dir, name))) return path.join(dir, name);
  }
  return undefined;
}

/** The browser Playwright installed with `npx playwright install`, when it is there. */
function playwrightsOwn(probe) {
  try {
    const { chromium } = createRequire(import.meta.url)('playwright-core');
    const file = chromium.executablePath();
    return file && probe(file) ? file : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The Chromium to launch: `{ path, source }`, or `{ error }` saying why there is none (a
 * CHROMIUM_PATH that does not run is an error, not a reason to look elsewhere). `probe` tells
 * whether a file can be run (tests replace it).
 */
export function findChromium(env = process.env, probe = runnable) {
  if (env.CHROMIUM_PATH) {
    return probe(env.CHROMIUM_PATH)
      ? { path: env.CHROMIUM_PATH, source: 'CHROMIUM_PATH' }
      : { error: `CHROMIUM_PATH=${env.CHROMIUM_PATH} is not an executable file` };
  }
  for (const name of SYSTEM_NAMES) {
    const file = probe(`/usr/bin/${name}`) ? `/usr/bin/${name}` : onPath(name, env, probe);
    if (file) return { path: file, source: 'system' };
  }
  for (const file of MAC_APPS) if (probe(file)) return { path: file, source: 'system' };
  const own = playwrightsOwn(probe);
  if (own) return { path: own, source: 'playwright' };
  return { error: 'no Chromium or Chrome was found' };
}

/** Playwright's launch options; throws with what to do when there is no browser. */
export function chromiumLaunchOptions(env = process.env) {
  const found = findChromium(env);
  if (!found.path) throw new Error(`${found.error}: ${advice()}`);
  return { executablePath: found.path, args: CHROMIUM_ARGS };
}

const advice = () =>
  'run `sudo apt-get install -y chromium` (Debian, Ubuntu) or set CHROMIUM_PATH to a Chrome or Chromium binary';

const canInstallWithApt = () => process.getuid?.() === 0 && runnable('/usr/bin/apt-get');

function aptInstall() {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', 'chromium'],
  ]) {
    const run = spawnSync('apt-get', args, { env, stdio: ['ignore', 'ignore', 'inherit'] });
    if (run.status !== 0) return false;
  }
  return true;
}

/** `--ensure`: exit 0 with a browser found (installing Debian's where possible), 1 with one line. */
export function ensureChromium(
  env = process.env,
  { install = aptInstall, canInstall = canInstallWithApt, probe = runnable } = {},
) {
  let found = findChromium(env, probe);
  if (!found.path && !env.CHROMIUM_PATH && canInstall()) {
    console.log("browser tests: no Chromium found; installing Debian's chromium (apt-get install chromium)");
    if (install()) found = findChromium(env, probe);
  }
  if (found.path) return { ok: true, line: `browser tests: Chromium at ${found.path}` };
  return { ok: false, line: `npm test needs Chromium for its browser tests: ${found.error}; ${advice()}.` };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  if (process.argv[2] !== '--ensure') {
    const found = findChromium();
    console.log(found.path ?? found.error);
    process.exit(found.path ? 0 : 1);
  }
  const result = ensureChromium();
  (result.ok ? console.log : console.error)(result.line);
  process.exit(result.ok ? 0 : 1);
}
