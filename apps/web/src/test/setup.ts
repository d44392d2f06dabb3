import '@testing-library/jest-dom/vitest';
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
