import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

/** Test files that make a lazily loaded module fail to load: they need a fresh module graph each. */
export const ISOLATED = ['src/app/app-errors.test.tsx'];

export default defineProject({
  plugins: [react()],
  resolve: {
    alias: { '@': decodeURIComponent(new URL('./src', import.meta.url).pathname) },
  },
  test: {
    name: 'web-isolated',
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ISOLATED,
    unstubGlobals: true,
    restoreMocks: true,
    testTimeout: 15_000,
  },
});
