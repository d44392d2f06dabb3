import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// process/boot-heap.ts in a fresh node (a test runner's heap has grown long before): held, the
// new space keeps its initial size however much survives; released, it grows again as V8 wants.

const bootHeap = fileURLToPath(new URL('./boot-heap.ts', import.meta.url));
const script = `
import v8 from 'node:v8';
import { holdYoungGeneration, releaseYoungGeneration } from ${JSON.stringify(bootHeap)};
const newSpace = () => v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size;
const keep = [];
const survive = () => { for (let i = 0; i < 300_000; i++) keep.push({ i, s: 'x' + i, a: [i] }); };
const initial = newSpace();
holdYoungGeneration();
survive();
const held = newSpace();
releaseYoungGeneration();
survive();
console.log(JSON.stringify({ initial, held, released: newSpace() }));
`;

function run(execArgv: string[]) {
  const out = spawnSync(
    process.execPath,
    [...execArgv, '--import', 'tsx', '--input-type=module', '-e', script],
    {
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
    },
  );
  expect(out.stderr).toBe('');
  return JSON.parse(out.stdout) as { initial: number; held: number; released: number };
}

describe('boot heap', () => {
  it('holds the new space at its initial size during boot and lets it grow once released', () => {
    const { initial, held, released } = run([]);
    expect(held).toBe(initial);
    expect(released).toBeGreaterThan(initial);
  }, 30_000);

  it('leaves a semi-space flag given to node alone', () => {
    const { initial, held } = run(['--max-semi-space-size=64']);
    expect(held).toBeGreaterThan(initial);
  }, 30_000);
});
