import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: 'happy-dom',
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['./src/test/setup.ts'],
      restoreMocks: true,
      unstubGlobals: true,
      // Dialog flows type and click through user-event: on a loaded 2-core CI machine a few take
      // longer than vitest's 5 s default without anything being wrong.
      testTimeout: 15_000,
    },
  }),
);
