#!/usr/bin/env node
// Runs dependency-cruiser's own command line (arguments passed through) after one fix to its swc
// parser. dependency-cruiser 17 (the last line that runs on Node 20) parses every file with swc's
// TypeScript syntax without `tsx`, so the first JSX element aborts the whole run; 18.3 fixed it
// upstream (sverweij/dependency-cruiser#1081) but needs Node 22. We cannot use its tsc parser:
// our typescript@7 is the native compiler and has no JavaScript API.
// Remove this file once the project runs on Node 22: pin dependency-cruiser 18 and call `depcruise`.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const swc = require('@swc/core');
const parseFileSync = swc.parseFileSync;
swc.parseFileSync = (file, options) =>
  parseFileSync(file, /\.[jt]sx$/.test(file) ? { ...options, tsx: true } : options);

// The package exports no bin path; its entry is src/main/index.mjs, two folders below bin/.
await import(new URL('../../bin/dependency-cruise.mjs', import.meta.resolve('dependency-cruiser')).href);
