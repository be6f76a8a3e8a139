import { defineConfig } from 'vitest/config';

/**
 * One Vitest project per package, so a tier can run alone: `npm run test:unit` runs shared and web (pure
 * code and components, no database); `npm test` runs all three. The server's tests are mostly integration
 * tests on real databases (an SQLite file per suite, and PostgreSQL too when TEST_DATABASE_URL is set), so
 * its files run in separate forks.
 */
export default defineConfig({
  test: {
    testTimeout: 20_000,
    hookTimeout: 30_000,
    projects: [
      { extends: true, test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'], environment: 'node' } },
      {
        extends: true,
        // Component tests choose happy-dom per file (// @vitest-environment happy-dom).
        test: { name: 'web', include: ['packages/web/src/**/*.test.{ts,tsx}'], environment: 'node' },
      },
      {
        extends: true,
        test: { name: 'server', include: ['packages/server/src/**/*.test.ts'], environment: 'node', pool: 'forks' },
      },
    ],
  },
});
