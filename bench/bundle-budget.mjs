// Bundle budget: the JavaScript a browser downloads to show `/` and `/auth` from the production
// build (apps/web/dist). Each route is loaded in Chromium against a static server of dist, and
// every .js response is counted: the entry script, its static imports, modulepreloads and the
// lazy route chunk(s) the route pulls in. Each file is gzipped (zlib level 9) and the sizes are
// summed. Exit 1 when a route exceeds the budget. Figures go to bench/results/bundle.json.
// "wire" is what the production server actually sends a browser that accepts brotli for the
// route's JS and CSS: the build-time .br copy where the build wrote one, the file otherwise. Issue
// 17's target is 130 kB on the wire per route; a route in WIRE_BUDGETS fails above it.
// Each route's page is also checked for unstyled classes: the public pages load public.css, not
// every screen's index.css, and an element whose class only index.css styles fails the run.
//
// Usage: npm run build && npm run bench:bundle      (kB = 1000 bytes, as Vite prints them)

import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { chromium } from '@playwright/test';
import { chromiumOptions } from './lib/chromium.mjs';

// 150 kB per route, for '/' and '/auth' alike (issue 14: '/auth' was 172.8 kB under a 175 kB
// ceiling). How '/auth' meets it: docs/decisions/005-bundle-budget.md.
const TARGET_GZIP_KB = 150;
const BUDGETS = { '/': 150, '/auth': 150 };
// On the wire (brotli, JS + CSS): issue 17's 130 kB, met by both routes (119.4 and 128.2 kB when it
// was set; docs/decisions/005-bundle-budget.md says what moved).
const TARGET_WIRE_KB = 130;
const WIRE_BUDGETS = { '/': 130, '/auth': 130 };
const ROUTES = Object.keys(BUDGETS);
// Views opened by a click on a public page, checked for unstyled classes (below) after the load.
const VIEWS = {
  '/': [
    (page) => page.setViewportSize({ width: 390, height: 844 }),
    (page) => page.getByRole('button', { name: 'Menu' }).click(),
  ],
  '/auth': [
    (page) => page.getByRole('button', { name: 'Login' }).click(),
    (page) => page.getByRole('tab', { name: 'Sign Up' }).click(),
    (page) => page.getByRole('button', { name: 'Sign Up' }).click(),
    (page) => page.getByRole('tab', { name: 'Login' }).click(),
    (page) => page.getByRole('button', { name: 'Forgot password?' }).click(),
  ],
};

const root = fileURLToPath(new URL('..', import.meta.url));
const builtDist = path.join(root, 'apps/web/dist');
const resultsFile = path.join(root, 'bench/results/bundle.json');

const contentTypes = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
};

/** dist as the production server serves it: files, /api answered as signed out, index.html otherwise. */
function serveDist() {
  const server = http.createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
    if (pathname.startsWith('/api/')) {
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'Unauthorized', message: 'Not signed in', code: 'UNAUTHORIZED' }));
      return;
    }
    const file = path.join(dist, path.normalize(pathname));
    const isFile = file.startsWith(dist) && fs.statSync(file, { throwIfNoEntry: false })?.isFile();
    const target = isFile ? file : path.join(dist, 'index.html');
    res.writeHead(200, { 'content-type': contentTypes[path.extname(target)] ?? 'application/octet-stream' });
    fs.createReadStream(target).pipe(res);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

async function measure(browser, origin, route) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const scripts = new Set();
  let counting = true;
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (counting && url.origin === origin && /\.(js|css)$/.test(url.pathname)) scripts.add(url.pathname);
  });
  await page.goto(origin + route, { waitUntil: 'networkidle' });
  // The route's own content must be on screen, or we would be measuring a spinner.
  await page.locator('#root *').first().waitFor({ state: 'visible', timeout: 15_000 });
  // Every class on the page, escaped as in a selector, and the selectors of the loaded sheets.
  const seen = new Map();
  let selectors = '';
  const collect = async () => {
    const found = await page.evaluate(() => {
      const names = new Set();
      for (const element of document.querySelectorAll('*'))
        for (const name of element.classList) names.add(name);
      const texts = [];
      const walk = (rules) => {
        for (const rule of rules) {
          if (rule.selectorText) texts.push(rule.selectorText);
          if (rule.cssRules) walk(rule.cssRules);
        }
      };
      for (const sheet of document.styleSheets) walk(sheet.cssRules);
      return { classes: [...names].map((name) => [name, CSS.escape(name)]), selectors: texts.join('\n') };
    });
    for (const [name, escaped] of found.classes) seen.set(name, escaped);
    selectors = found.selectors;
  };
  await collect();
  // The views a public page opens without leaving it: not counted in the sizes (they load on a
  // click), but they must be styled by the same sheets.
  counting = false;
  for (const step of VIEWS[route] ?? []) {
    await step(page);
    await page.waitForLoadState('networkidle');
    await collect();
  }
  const classes = [...seen];
  await context.close();
  // A class some stylesheet of the build styles (index.css: every screen) that none of the
  // sheets this page loaded does. `group`/`peer` only mark a parent for other classes' variants.
  const selectorOf = (escaped) =>
    new RegExp(`\\.${escaped.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&')}(?![\\w-]|\\\\)`);
  const unstyled = classes
    .filter(([name]) => !/^(group|peer)(\/|$)/.test(name))
    .filter(([, escaped]) => selectorOf(escaped).test(allCss) && !selectorOf(escaped).test(selectors))
    .map(([name]) => name)
    .sort();

  const all = [...scripts].sort().map((pathname) => {
    const file = path.join(dist, pathname);
    const bytes = fs.readFileSync(file);
    const br = fs.statSync(`${file}.br`, { throwIfNoEntry: false });
    return {
      file: pathname.replace(/^\//, ''),
      raw: bytes.length,
      gzip: zlib.gzipSync(bytes, { level: 9 }).length,
      wire: br ? br.size : bytes.length,
    };
  });
  const files = all.filter((f) => f.file.endsWith('.js'));
  const sum = (list, key) => list.reduce((total, f) => total + f[key], 0);
  return {
    route,
    files,
    styles: all.filter((f) => f.file.endsWith('.css')),
    rawBytes: sum(files, 'raw'),
    gzipBytes: sum(files, 'gzip'),
    wireBytes: sum(all, 'wire'),
    unstyled,
  };
}

const kB = (bytes) => (bytes / 1000).toFixed(1);

if (!fs.existsSync(path.join(builtDist, 'index.html'))) {
  console.error('apps/web/dist/index.html is missing: run `npm run build` first');
  process.exit(1);
}
// Measured on a copy: a build started meanwhile must not swap the hashed chunks under the page.
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'shipyard-bundle-'));
fs.cpSync(builtDist, dist, { recursive: true });
const assetsDir = path.join(dist, 'assets');
const allCss = fs
  .readdirSync(assetsDir)
  .filter((name) => name.endsWith('.css'))
  .map((name) => fs.readFileSync(path.join(assetsDir, name), 'utf8'))
  .join('\n');

const server = await serveDist();
const origin = `http://127.0.0.1:${server.address().port}`;
const browser = await chromium.launch(chromiumOptions());

let results;
try {
  results = [];
  for (const route of ROUTES) results.push(await measure(browser, origin, route));
} finally {
  await browser.close();
  server.close();
  fs.rmSync(dist, { recursive: true, force: true });
}

const rows = [
  [
    'route',
    'files',
    'raw kB',
    'gzip kB',
    'budget kB',
    `target ${TARGET_GZIP_KB} kB`,
    'wire JS+CSS br kB',
    'wire budget kB',
    `wire target ${TARGET_WIRE_KB} kB`,
  ],
  ...results.map((r) => [
    r.route,
    String(r.files.length),
    kB(r.rawBytes),
    kB(r.gzipBytes),
    `${BUDGETS[r.route]}${r.gzipBytes > BUDGETS[r.route] * 1000 ? ' OVER' : ' ok'}`,
    r.gzipBytes > TARGET_GZIP_KB * 1000 ? 'missed' : 'met',
    kB(r.wireBytes),
    WIRE_BUDGETS[r.route] === undefined
      ? '-'
      : `${WIRE_BUDGETS[r.route]}${r.wireBytes > WIRE_BUDGETS[r.route] * 1000 ? ' OVER' : ' ok'}`,
    r.wireBytes > TARGET_WIRE_KB * 1000 ? 'missed' : 'met',
  ]),
];
const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
for (const [index, row] of rows.entries()) {
  console.log(row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  '));
  if (index === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '));
}
for (const r of results) {
  console.log(`\n${r.route}:`);
  for (const f of [...r.files, ...r.styles])
    console.log(
      `  ${kB(f.gzip).padStart(7)} kB gzip  ${kB(f.wire).padStart(7)} kB br  ${kB(f.raw).padStart(7)} kB  ${f.file}`,
    );
}

fs.mkdirSync(path.dirname(resultsFile), { recursive: true });
const report = {
  targetGzipKB: TARGET_GZIP_KB,
  budgetsGzipKB: BUDGETS,
  targetWireKB: TARGET_WIRE_KB,
  budgetsWireKB: WIRE_BUDGETS,
  gzipLevel: 9,
  unit: 'bytes',
  routes: results,
};
fs.writeFileSync(resultsFile, `${JSON.stringify(report, null, 2)}\n`);
console.log(`\nwritten to ${path.relative(root, resultsFile)}`);

const problems = [
  ...results
    .filter((r) => r.gzipBytes > BUDGETS[r.route] * 1000)
    .map((r) => `${r.route} ${kB(r.gzipBytes)} kB gzip (budget ${BUDGETS[r.route]} kB)`),
  ...results
    .filter((r) => WIRE_BUDGETS[r.route] !== undefined && r.wireBytes > WIRE_BUDGETS[r.route] * 1000)
    .map((r) => `${r.route} ${kB(r.wireBytes)} kB on the wire (budget ${WIRE_BUDGETS[r.route]} kB)`),
  ...results
    .filter((r) => r.unstyled.length > 0)
    .map(
      (r) =>
        `${r.route} shows classes its stylesheets do not style (add the file that uses them to apps/web/src/public.css): ${r.unstyled.join(' ')}`,
    ),
];
if (problems.length > 0) {
  console.error(`\nOver budget or unstyled: ${problems.join('; ')}`);
  process.exit(1);
}
