// Memory of the server idle after boot (issue 17: ≤ 120 MB), as `npm start` runs it: the production
// build (apps/server/dist/main.js) on a fresh DATA_DIR with the bundled PostgreSQL, no request made.
// At each --at second after "ready" it prints, per server process (the cluster's primary and workers
// with WEB_CONCURRENCY > 1; PostgreSQL's processes are not counted):
//   - the kernel's view: /proc/<pid>/status (VmRSS = RssAnon + RssFile + RssShmem) and smaps_rollup
//     (Pss, Private/Shared), then smaps summed by mapping: anonymous memory (V8's heap, malloc) vs
//     file-backed (the node binary's text, shared libraries, native addons: clean pages, shared with
//     every other node process and droppable by the kernel, but counted in RSS);
//   - Node's and V8's view, from inside (bench/lib/memory-probe.mjs, loaded with --import, answers
//     SIGUSR2): process.memoryUsage() and v8.getHeapSpaceStatistics().
//
// Usage (from the repository root, after `npm run build`):
//   npm run bench:memory [-- --at 2,10,60] [-- --processes 1|2] [-- --main other/main.js] [-- --runs 1]
// --processes sets WEB_CONCURRENCY (unset: what `npm start` does, one process with the bundled
// database). --main measures another build (e.g. a copy of dist/ kept inside the repository so that
// its packages resolve). Writes bench/results/memory.json.

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { freePort, root } from './lib/server.mjs';

const { values: args } = parseArgs({
  options: {
    at: { type: 'string', default: '2,10,60' },
    processes: { type: 'string' },
    main: { type: 'string', default: path.join(root, 'apps/server/dist/main.js') },
    runs: { type: 'string', default: '1' },
    quiet: { type: 'boolean', default: false },
  },
});
const at = args.at.split(',').map(Number);
const runs = Number(args.runs);
if (!at.every((n) => n >= 0) || !(runs >= 1) || (args.processes && !(Number(args.processes) >= 1))) {
  console.error(
    'usage: node bench/memory.mjs [--at 2,10,60] [--processes N] [--main dist/main.js] [--runs 1]',
  );
  process.exit(2);
}
const main = path.resolve(args.main);
if (!fs.existsSync(main)) {
  console.error(`${main} is missing: npm run build first`);
  process.exit(2);
}
const MB = (bytes) => (bytes / 1024 / 1024).toFixed(1);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ---- the kernel's view ------------------------------------------------------------------------

/** kB fields of a /proc file of "Name:   123 kB" lines, in bytes. */
function kbFields(text) {
  const out = {};
  for (const m of text.matchAll(/^(\w+):\s+(\d+) kB$/gm)) out[m[1]] = Number(m[2]) * 1024;
  return out;
}

/** What the process's resident pages are: smaps summed by the kind of mapping. */
function smapsByKind(pid) {
  const text = fs.readFileSync(`/proc/${pid}/smaps`, 'utf8');
  const kinds = {};
  const files = {};
  let name = '';
  for (const line of text.split('\n')) {
    const header = line.match(/^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/);
    if (header) {
      name = header[1];
      continue;
    }
    const m = line.match(/^(Rss|Pss):\s+(\d+) kB$/);
    if (!m) continue;
    const bytes = Number(m[2]) * 1024;
    const kind =
      name === '' || name.startsWith('[anon')
        ? 'anonymous'
        : name === '[heap]'
          ? 'anonymous (brk heap: malloc)'
          : name.startsWith('[')
            ? `other ${name}`
            : name === fs.realpathSync(process.execPath)
              ? 'file: the node binary'
              : name.endsWith('.node')
                ? 'file: native addons (.node)'
                : 'file: shared libraries and other files';
    kinds[kind] ??= { rss: 0, pss: 0 };
    kinds[kind][m[1] === 'Rss' ? 'rss' : 'pss'] += bytes;
    if (kind.startsWith('file') && m[1] === 'Rss') files[name] = (files[name] ?? 0) + bytes;
  }
  return { kinds, files };
}

function kernelView(pid) {
  const status = kbFields(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  const rollup = kbFields(fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'));
  return {
    rss: status.VmRSS,
    rssAnon: status.RssAnon,
    rssFile: status.RssFile,
    rssShmem: status.RssShmem,
    pss: rollup.Pss,
    pssAnon: rollup.Pss_Anon,
    pssFile: rollup.Pss_File,
    sharedClean: rollup.Shared_Clean,
    privateClean: rollup.Private_Clean,
    privateDirty: rollup.Private_Dirty,
    ...smapsByKind(pid),
  };
}

// ---- the processes ----------------------------------------------------------------------------

const commOf = (pid) => {
  try {
    return fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return '';
  }
};
/** The node processes whose parent is `pid` (cluster workers; PostgreSQL's processes are not node). */
function nodeChildren(pid) {
  const out = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid && commOf(entry).startsWith('node')) out.push(Number(entry));
    } catch {}
  }
  return out;
}

/** Asks a process (with the probe loaded) for its own view; undefined if it does not answer. */
async function insideView(pid, probeDir) {
  const file = path.join(probeDir, `${pid}.json`);
  fs.rmSync(file, { force: true });
  process.kill(pid, 'SIGUSR2');
  for (let i = 0; i < 100; i++) {
    await sleep(20);
    if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8'));
  }
  return undefined;
}

// ---- one boot -----------------------------------------------------------------------------------

function print(label, pid, k, inside) {
  const line = (...cols) => console.log(`    ${cols.join('')}`);
  line(
    `${label} pid ${pid}: RSS ${MB(k.rss)} MB (anon ${MB(k.rssAnon)} + file ${MB(k.rssFile)} + shmem ${MB(k.rssShmem)}),`,
    ` PSS ${MB(k.pss)} MB (anon ${MB(k.pssAnon)}, file ${MB(k.pssFile)}), private dirty ${MB(k.privateDirty)} MB`,
  );
  for (const [kind, v] of Object.entries(k.kinds).sort((a, b) => b[1].rss - a[1].rss)) {
    if (v.rss >= 512 * 1024) line(`  smaps ${kind}: RSS ${MB(v.rss)} MB, PSS ${MB(v.pss)} MB`);
  }
  if (!inside) return line('  (no answer from the probe)');
  const u = inside.usage;
  line(
    `  memoryUsage: rss ${MB(u.rss)}, heapTotal ${MB(u.heapTotal)}, heapUsed ${MB(u.heapUsed)},`,
    ` external ${MB(u.external)}, arrayBuffers ${MB(u.arrayBuffers)} MB; V8 malloced ${MB(inside.heap.malloced)} MB`,
  );
  line(
    '  heap spaces (size/used MB): ',
    Object.entries(inside.spaces)
      .filter(([, s]) => s.size > 0)
      .map(([name, s]) => `${name.replace('_space', '')} ${MB(s.size)}/${MB(s.used)}`)
      .join(', '),
  );
  line(
    `  code: bytecode+metadata ${MB(inside.code.bytecode_and_metadata_size)} MB,`,
    ` source ${MB(inside.code.external_script_source_size)} MB`,
  );
}

async function boot(run) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shipyard-memory-'));
  fs.chmodSync(dataDir, 0o755); // the bundled PostgreSQL runs as the postgres user when we are root
  const probeDir = path.join(dataDir, 'probe');
  fs.mkdirSync(probeDir);
  const port = await freePort();
  const env = {
    ...process.env,
    DATA_DIR: path.join(dataDir, 'data'),
    PORT: String(port),
    MEMORY_PROBE_DIR: probeDir,
  };
  for (const name of [
    'DATABASE_URL',
    'REDIS_URL',
    'SMTP_URL',
    'S3_BUCKET',
    'SEED_DEMO',
    'METRICS_PORT',
    'NODE_OPTIONS',
  ]) {
    delete env[name];
  }
  if (args.processes) env.WEB_CONCURRENCY = args.processes;
  else delete env.WEB_CONCURRENCY;
  const probe = path.join(root, 'bench/lib/memory-probe.mjs');
  const child = spawn(process.execPath, ['--import', probe, main], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const ready = new Promise((resolve, reject) => {
    const onData = (d) => {
      output += d;
      if (/ready on /.test(output)) resolve();
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`the server exited (${code}) before ready:\n${output}`)));
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const kill = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(kill);
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  process.once('SIGINT', () => stop().finally(() => process.exit(130)));
  const samples = [];
  try {
    const t0 = Date.now();
    await ready;
    console.log(
      `run ${run}: ready ${((Date.now() - t0) / 1000).toFixed(1)} s after spawn (${path.relative(root, main)})`,
    );
    const readyAt = Date.now();
    for (const second of at) {
      await sleep(Math.max(0, readyAt + second * 1000 - Date.now()));
      const pids = [child.pid, ...nodeChildren(child.pid)];
      const processes = [];
      for (const [i, pid] of pids.entries()) {
        const kernel = kernelView(pid);
        const inside = await insideView(pid, probeDir);
        processes.push({
          role: i === 0 ? (pids.length > 1 ? 'primary' : 'server') : 'worker',
          pid,
          kernel,
          inside,
        });
      }
      const total = processes.reduce((a, p) => ({ rss: a.rss + p.kernel.rss, pss: a.pss + p.kernel.pss }), {
        rss: 0,
        pss: 0,
      });
      console.log(
        `  ${second} s after ready: ${processes.length} node process(es), RSS ${MB(total.rss)} MB in all, PSS ${MB(total.pss)} MB`,
      );
      if (!args.quiet) for (const p of processes) print(p.role, p.pid, p.kernel, p.inside);
      samples.push({
        second,
        total,
        processes: processes.map(({ kernel: { files, ...kernel }, ...p }) => ({ ...p, kernel })),
      });
    }
  } finally {
    await stop();
  }
  return samples;
}

const results = [];
for (let run = 1; run <= runs; run++) results.push(await boot(run));
if (runs > 1) {
  for (const [i, second] of at.entries()) {
    const rss = results.map((r) => r[i].total.rss).sort((a, b) => a - b);
    console.log(
      `${second} s after ready, RSS over ${runs} runs: median ${MB(rss[Math.floor(runs / 2)])} MB (${rss.map(MB).join(', ')})`,
    );
  }
}
fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
fs.writeFileSync(
  path.join(root, 'bench/results/memory.json'),
  JSON.stringify(
    {
      main: path.relative(root, main),
      processes: args.processes ?? 'default',
      at,
      unit: 'bytes',
      runs: results,
    },
    null,
    1,
  ),
);
