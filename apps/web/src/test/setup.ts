import '@testing-library/jest-dom/vitest';
// English plural forms, as the signed-in shell loads them.
import '../lib/i18n/english-plurals.ts';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

// Tests have no server: the shell's realtime client stays idle, as in a browser without
// WebSocket (happy-dom has one, which would dial localhost). Realtime tests hand in a fake.
beforeEach(() => {
  vi.stubGlobal('WebSocket', undefined);
});

// Testing Library only cleans up by itself when test globals are on; ours are imported explicitly.
afterEach(() => {
  cleanup();
});
