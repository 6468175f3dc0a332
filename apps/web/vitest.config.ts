import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { ISOLATED } from './vitest.isolated.config.ts';

export default defineProject({
  plugins: [react()],
  resolve: {
    alias: { '@': decodeURIComponent(new URL('./src', import.meta.url).pathname) },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // Files share their worker's modules instead of importing React, the router and the app again for
    // each file (most of a component test file's time); module-level stores are reset after each test
    // (src/test/setup.ts). Tests that make a module fail to load need modules of their own: see
    // vitest.isolated.config.ts.
    isolate: false,
    exclude: ISOLATED,
    unstubGlobals: true,
    restoreMocks: true,
    // Component tests share two cores with the server's suites in one run; a user-event sequence
    // can take longer than vitest's default 5 s there without anything being wrong.
    testTimeout: 15_000,
  },
});
