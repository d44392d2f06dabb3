// Opening a product's board, measured as a browser does it (issue 17): a "board" is every request
// the client makes to show the board, sent at once (in parallel, as the web app's columns ask),
// and it is done when the last answer has been read. Each of `connections` clients opens boards
// one after the other for `duration` seconds; the figures are boards a second and the time of one
// board (p50, p99). Requests ask for `Accept-Encoding: br, gzip` as Chromium does, so the server
// pays for the compression a real client makes it do; the answers are read, not decoded.

import http from 'node:http';
import zlib from 'node:zlib';

/** One GET with the given Accept-Encoding; resolves with the status and the bytes as sent. */
function get(agent, origin, path, headers) {
  return new Promise((resolve, reject) => {
    const req = http.get(new URL(path, origin), { agent, headers }, (res) => {
      let bytes = 0;
      const chunks = [];
      res.on('data', (chunk) => {
        bytes += chunk.length;
        chunks.push(chunk);
      });
      res.on('end', () =>
        resolve({ status: res.statusCode, bytes, encoding: res.headers['content-encoding'], chunks }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

/**
 * The sizes of a board's answers on the wire: raw JSON (no Accept-Encoding), brotli and gzip
 * (as the server compresses them), summed over the board's requests.
 */
export async function boardSizes(origin, headers, paths) {
  const agent = new http.Agent({ keepAlive: true });
  const sizes = { raw: 0, br: 0, gzip: 0, status: [] };
  try {
    for (const path of paths) {
      const raw = await get(agent, origin, path, { ...headers, 'accept-encoding': 'identity' });
      const br = await get(agent, origin, path, { ...headers, 'accept-encoding': 'br' });
      const gz = await get(agent, origin, path, { ...headers, 'accept-encoding': 'gzip' });
      sizes.raw += raw.bytes;
      sizes.br += br.encoding === 'br' ? br.bytes : Number.NaN;
      sizes.gzip += gz.encoding === 'gzip' ? gz.bytes : Number.NaN;
      sizes.status.push(raw.status);
      if (br.encoding === 'br') zlib.brotliDecompressSync(Buffer.concat(br.chunks)); // a sanity check
    }
  } finally {
    agent.destroy();
  }
  return sizes;
}

/**
 * `connections` clients opening boards (all `paths` at once each, or one after the other when
 * `sequential`: a page that needs the previous one's cursor) for `duration` s after `warmup` s.
 */
export async function loadBoards(
  origin,
  headers,
  paths,
  { connections, duration, warmup, sequential = false, cpu = () => [0, 0] },
) {
  // Up to six sockets per client, as a browser holds per origin.
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections * Math.min(6, paths.length) });
  const reqHeaders = { ...headers, 'accept-encoding': 'br, gzip' };
  const run = async (seconds, record) => {
    const times = [];
    let failed = 0;
    const end = performance.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (performance.now() < end) {
          const t = performance.now();
          const answers = [];
          if (sequential) for (const p of paths) answers.push(await get(agent, origin, p, reqHeaders));
          else answers.push(...(await Promise.all(paths.map((p) => get(agent, origin, p, reqHeaders)))));
          if (answers.some((a) => a.status !== 200)) failed++;
          if (record) times.push(performance.now() - t);
        }
      }),
    );
    return { times, failed };
  };
  try {
    if (warmup > 0) await run(warmup, false);
    const before = cpu();
    const { times, failed } = await run(duration, true);
    const [server, postgres] = cpu().map((c, i) => c - before[i]);
    times.sort((a, b) => a - b);
    return {
      boards: times.length,
      boardsPerSec: times.length / duration,
      requestsPerSec: (times.length * paths.length) / duration,
      latencyMs: {
        p50: quantile(times, 0.5),
        p90: quantile(times, 0.9),
        p99: quantile(times, 0.99),
        max: times.at(-1),
      },
      failed,
      cpuMsPerBoard: { server: (server * 1000) / times.length, postgres: (postgres * 1000) / times.length },
    };
  } finally {
    agent.destroy();
  }
}
