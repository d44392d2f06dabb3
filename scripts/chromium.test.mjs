// node --test scripts/chromium.test.mjs: how `npm test` finds, installs or asks for Chromium.
// `probe` stands in for the file system: which files can be run on the imagined machine.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ensureChromium, findChromium } from './chromium.mjs';

const only =
  (...files) =>
  (file) =>
    files.includes(file);
const nothing = () => false;

test('CHROMIUM_PATH wins over every other browser', () => {
  const probe = only('/opt/chrome', '/usr/bin/chromium');
  assert.deepEqual(findChromium({ CHROMIUM_PATH: '/opt/chrome' }, probe), {
    path: '/opt/chrome',
    source: 'CHROMIUM_PATH',
  });
});

test("without CHROMIUM_PATH, Debian's /usr/bin/chromium comes first, then Chrome on the PATH", () => {
  assert.equal(
    findChromium({}, only('/usr/bin/chromium', '/usr/bin/google-chrome')).path,
    '/usr/bin/chromium',
  );
  assert.deepEqual(findChromium({ PATH: '/opt/bin:/usr/local/bin' }, only('/usr/local/bin/google-chrome')), {
    path: '/usr/local/bin/google-chrome',
    source: 'system',
  });
});

test('a CHROMIUM_PATH that does not run is an error naming it, not a reason to look elsewhere', () => {
  const probe = only('/usr/bin/chromium');
  const found = findChromium({ CHROMIUM_PATH: '/opt/nope' }, probe);
  assert.equal(found.path, undefined);
  assert.equal(found.error, 'CHROMIUM_PATH=/opt/nope is not an executable file');
  const result = ensureChromium(
    { CHROMIUM_PATH: '/opt/nope' },
    { probe, canInstall: () => true, install: () => true },
  );
  assert.equal(result.ok, false);
  assert.match(result.line, /^npm test needs Chromium for its browser tests: CHROMIUM_PATH=\/opt\/nope/);
});

test('with a browser found, --ensure says where in one line and installs nothing', () => {
  let installed = false;
  const result = ensureChromium(
    {},
    { probe: only('/usr/bin/chromium'), canInstall: () => true, install: () => (installed = true) },
  );
  assert.deepEqual(result, { ok: true, line: 'browser tests: Chromium at /usr/bin/chromium' });
  assert.equal(installed, false);
});

test("without a browser, as root with apt-get, --ensure installs Debian's chromium and uses it", () => {
  const installedFiles = [];
  const result = ensureChromium(
    {},
    {
      probe: (file) => installedFiles.includes(file),
      canInstall: () => true,
      install: () => installedFiles.push('/usr/bin/chromium') > 0,
    },
  );
  assert.deepEqual(result, { ok: true, line: 'browser tests: Chromium at /usr/bin/chromium' });
});

test('without a browser and without a way to install one, --ensure stops with one line saying what to run', () => {
  const result = ensureChromium({}, { probe: nothing, canInstall: () => false, install: () => true });
  assert.equal(result.ok, false);
  assert.equal(result.line.split('\n').length, 1);
  assert.match(result.line, /sudo apt-get install -y chromium/);
  assert.match(result.line, /CHROMIUM_PATH/);
});

test('a failed install ends in the same one line', () => {
  const result = ensureChromium({}, { probe: nothing, canInstall: () => true, install: () => false });
  assert.equal(result.ok, false);
  assert.match(
    result.line,
    /^npm test needs Chromium for its browser tests: no Chromium or Chrome was found; run/,
  );
});
