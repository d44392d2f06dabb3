#!/usr/bin/env node
// ARCHITECTURE §3.14: boundaries are checked, not remembered. Fails when
//  - a web feature imports another feature (apps/web/src/features/<a> → features/<b>),
//  - apps/web/src/components, lib or hooks import a feature,
//  - a server module imports another module's repository
//    (apps/server/src/modules/<a> → modules/<b>/<b>.repository.ts).
// Pages in apps/web/src/app compose features; modules use each other's narrow entry points.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SOURCE = /\.(?:ts|tsx|mts|js|jsx|mjs)$/;
// Static imports and re-exports, side-effect imports, dynamic import() and vi.mock/importActual paths.
const SPECIFIERS = [
  /\b(?:import|export)\s[^'"]*?\sfrom\s*['"]([^'"]+)['"]/g,
  /\bimport\s*['"]([^'"]+)['"]/g,
  /\b(?:import|vi\.mock|vi\.doMock|vi\.importActual)\s*\(\s*['"]([^'"]+)['"]/g,
];

export function importsOf(source) {
  const found = new Set();
  for (const pattern of SPECIFIERS) {
    for (const match of source.matchAll(pattern)) found.add(match[1]);
  }
  return [...found];
}

const toPosix = (p) => p.split(path.sep).join('/');

/** Where a file sits: { kind: 'feature'|'web-shared'|'module'|'other', name? } (path relative to the root). */
export function placeOf(relativePath) {
  const p = toPosix(relativePath);
  let m = /^apps\/web\/src\/features\/([^/]+)\//.exec(p);
  if (m) return { kind: 'feature', name: m[1] };
  m = /^apps\/web\/src\/(components|lib|hooks)\//.exec(p);
  if (m) return { kind: 'web-shared', name: m[1] };
  m = /^apps\/server\/src\/modules\/([^/]+)\//.exec(p);
  if (m) return { kind: 'module', name: m[1] };
  return { kind: 'other' };
}

/** The rule an import from `from` to `to` (both relative to the root) breaks, or undefined. */
export function violationOf(from, to) {
  const source = placeOf(from);
  const target = placeOf(to);
  if (target.kind === 'feature') {
    if (source.kind === 'feature' && source.name !== target.name) {
      return `feature "${source.name}" imports feature "${target.name}" (compose them in apps/web/src/app instead)`;
    }
    if (source.kind === 'web-shared') {
      return `apps/web/src/${source.name} imports feature "${target.name}" (shared code must not depend on a feature)`;
    }
  }
  if (source.kind === 'module' && target.kind === 'module' && source.name !== target.name) {
    if (/\.repository(?:\.[a-z]+)?$/.test(toPosix(to).replace(SOURCE, ''))) {
      return `module "${source.name}" imports the repository of module "${target.name}" (use its narrow entry point)`;
    }
  }
  return undefined;
}

function* sourceFiles(dir) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (SOURCE.test(entry.name)) yield full;
  }
}

/** Every violation under `root` as { file, specifier, rule }. */
export function checkBoundaries(root) {
  const violations = [];
  for (const top of ['apps/web/src', 'apps/server/src']) {
    for (const file of sourceFiles(path.join(root, top))) {
      const from = path.relative(root, file);
      for (const specifier of importsOf(readFileSync(file, 'utf8'))) {
        if (!specifier.startsWith('.')) continue;
        const to = path.relative(root, path.resolve(path.dirname(file), specifier));
        const rule = violationOf(from, to);
        if (rule) violations.push({ file: toPosix(from), specifier, rule });
      }
    }
  }
  return violations;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const root = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'));
  const violations = checkBoundaries(root);
  for (const v of violations) console.error(`${v.file}: imports '${v.specifier}': ${v.rule}`);
  if (violations.length > 0) {
    console.error(`\n${violations.length} import(s) cross a boundary (docs: ARCHITECTURE §3.14).`);
    process.exit(1);
  }
  console.log('Boundaries: no feature, shared web code or module crosses into another.');
}
