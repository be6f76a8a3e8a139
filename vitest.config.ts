import { defineConfig } from 'vitest/config';

/**
 * Unit and integration tests of every package. Integration tests use real databases (an SQLite file per
 * suite, and PostgreSQL too when TEST_DATABASE_URL is set), so files run in separate forks.
 */
export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.{ts,tsx}'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
