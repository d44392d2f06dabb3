import { holdYoungGeneration } from './process/boot-heap.ts';

// The server's entry point (dist/main.js in the build). Before anything else is loaded, the young
// generation is held at its initial size for the boot (process/boot-heap.ts, issue 17); start.ts
// (config → database → migrate → listen) and every package it needs are loaded after that, which is
// why this import is dynamic: the build keeps it a separate file (build.mjs, `splitting`).
holdYoungGeneration();
await import('./start.ts');
