// Loaded into the measured server with `node --import` by bench/memory.mjs (and so into every
// cluster worker, which inherits execArgv). On SIGUSR2 it writes what V8 and Node say about this
// process's memory to $MEMORY_PROBE_DIR/<pid>.json; nothing else. It uses only built-in modules
// (already in Node's startup snapshot), so it adds next to nothing to what it measures.
import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';

const dir = process.env.MEMORY_PROBE_DIR;
if (dir) {
  process.on('SIGUSR2', () => {
    const spaces = {};
    for (const s of v8.getHeapSpaceStatistics()) {
      spaces[s.space_name] = { size: s.space_size, used: s.space_used_size, physical: s.physical_space_size };
    }
    const heap = v8.getHeapStatistics();
    const file = path.join(dir, `${process.pid}.json`);
    fs.writeFileSync(
      `${file}.tmp`,
      JSON.stringify({
        usage: process.memoryUsage(),
        spaces,
        heap: {
          totalPhysical: heap.total_physical_size,
          malloced: heap.malloced_memory,
          peakMalloced: heap.peak_malloced_memory,
          contexts: heap.number_of_native_contexts,
        },
        code: v8.getHeapCodeStatistics(),
      }),
    );
    fs.renameSync(`${file}.tmp`, file);
  });
}
