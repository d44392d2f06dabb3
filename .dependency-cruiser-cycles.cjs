// No cycles between folders (issue 26), checked by `npm run lint` on the code without its tests:
// a test imports its subject and the test kit (apps/server/src/testing, apps/web/src/test), which
// builds the whole app, so with tests every folder that has one would be "circular" with the kit.
// Why and how to add an exception: docs/decisions/026-boundaries-checked.md.
const { options } = require('./.dependency-cruiser.cjs');

const TESTS = ['\\.test\\.tsx?$', '^apps/server/src/testing/', '^apps/web/src/test/'];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-folder-cycles',
      severity: 'error',
      scope: 'folder',
      comment:
        'Two folders import each other (directly or through others). Decide which one is the lower ' +
        'layer and move what both need there, or have the lower one receive it as a dependency.',
      from: {},
      to: { circular: true },
    },
  ],
  options: { ...options, exclude: { path: [options.exclude.path, ...TESTS] } },
};
