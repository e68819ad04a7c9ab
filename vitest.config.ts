import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Database tests share one PostgreSQL server; each test file makes its own schema-isolated database.
    fileParallelism: true,
  },
});
