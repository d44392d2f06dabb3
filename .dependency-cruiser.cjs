// Import boundaries (ARCHITECTURE §2 and §3.14), checked by `npm run lint` through
// scripts/depcruise.mjs. Why these rules and how to add an exception:
// docs/decisions/026-boundaries-checked.md. Every rule has a test in scripts/boundaries.test.mjs.
// Cycles between folders are checked by .dependency-cruiser-cycles.cjs, on the code without its tests.
const SERVER = '^apps/server/src';
const WEB = '^apps/web/src';
const EXCLUDED = '(^|/)(node_modules|dist|\\.tsbuild|test-results|playwright-report)/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'module-internals',
      severity: 'error',
      comment:
        'A server module reaches into another module. Use what the other module offers through its ' +
        'modules/<m>/index.ts (add the entry point there if it is missing); the files beside it are its own.',
      from: { path: `${SERVER}/modules/([^/]+)/` },
      to: {
        path: `${SERVER}/modules/[^/]+/`,
        pathNot: [`${SERVER}/modules/$1/`, `${SERVER}/modules/[^/]+/index\\.ts$`],
      },
    },
    {
      name: 'module-internals-from-outside',
      severity: 'error',
      comment:
        'Code outside a server module (app, platform, lib, testing, bench, e2e) reaches into a module. ' +
        'Import modules/<m>/index.ts instead, and have the module export what you need there.',
      from: { pathNot: `${SERVER}/modules/[^/]+/` },
      to: { path: `${SERVER}/modules/[^/]+/`, pathNot: `${SERVER}/modules/[^/]+/index\\.ts$` },
    },
    {
      name: 'lib-imports-no-module',
      severity: 'error',
      comment:
        'apps/server/src/lib/ holds pure helpers every module shares, so it imports no module and no ' +
        'platform plugin. Move the code that needs a module into that module (or into platform/).',
      from: { path: `${SERVER}/lib/` },
      to: { path: `${SERVER}/(modules|platform)/` },
    },
    {
      name: 'platform-imports-no-module',
      severity: 'error',
      comment:
        'A platform plugin is what every module is handed, so it cannot depend on a module. Let the ' +
        'module register with the platform (a decorator or hook it offers) instead.',
      from: { path: `${SERVER}/platform/` },
      to: { path: `${SERVER}/modules/` },
    },
    {
      name: 'feature-imports-feature',
      severity: 'error',
      comment:
        'A web feature imports another feature. Features never know each other: compose them in a page ' +
        'under apps/web/src/app, or move what both need into components/, hooks/ or lib/.',
      from: { path: `${WEB}/features/([^/]+)/` },
      to: { path: `${WEB}/features/`, pathNot: `${WEB}/features/$1/` },
    },
    {
      name: 'shared-web-imports-feature',
      severity: 'error',
      comment:
        'apps/web/src/components, hooks and lib are building blocks every feature uses, so they import ' +
        'no feature. Pass what they need in as props or arguments, or move the code into the feature.',
      from: { path: `${WEB}/(components|hooks|lib)/` },
      to: { path: `${WEB}/features/` },
    },
    {
      name: 'feature-internals',
      severity: 'error',
      comment:
        'Outside a feature, use only its public files: features/<f>/api/ (fetchers, query options, hooks, ' +
        'keys, changes) and features/<f>/components/. Its tests and any other folder are its own.',
      from: { pathNot: `${WEB}/features/` },
      to: {
        path: [`${WEB}/features/[^/]+/(?!api/|components/)`, `${WEB}/features/.+\\.test\\.tsx?$`],
      },
    },
    {
      name: 'shared-imports-no-app',
      severity: 'error',
      comment:
        'packages/shared is imported by the server and the web app, so it imports neither. Move the code ' +
        'it needs into packages/shared.',
      from: { path: '^packages/shared/' },
      to: { path: '^apps/' },
    },
  ],
  options: {
    // swc (not tsc) parses TypeScript: the project's typescript@7 has no compiler API.
    parser: 'swc',
    doNotFollow: { path: 'node_modules' },
    exclude: { path: EXCLUDED },
    // Mocked and actual module paths in tests are dependencies too.
    exoticRequireStrings: ['vi.mock', 'vi.doMock', 'vi.importActual'],
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'default'],
      extensions: ['.ts', '.tsx', '.mjs', '.js'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
