import { defineConfig } from 'vitest/config';

/** `npm run bench` in this workspace: benchmarks only (the tests run from the root config). */
export default defineConfig({
  test: { benchmark: { include: ['bench/**/*.bench.ts'] }, hookTimeout: 120_000 },
});
