import { defineConfig } from 'vitest/config';

const withPostgres = Boolean(process.env.TEST_DATABASE_URL);
const integration = (name: string, db: 'pglite' | 'postgres') => ({
  test: {
    name,
    include: ['apps/server/test/**/*.test.ts'],
    globalSetup: ['apps/server/test/helpers/global-setup.ts'],
    env: { TEST_DB: db },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/shared/src/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
            'apps/web/src/**/*.test.{ts,tsx}',
          ],
          setupFiles: ['apps/web/src/test/setup.ts'],
        },
      },
      integration('integration', 'pglite'),
      {
        // The printer agent against a real IPP printer (ippeveprinter).
        test: {
          name: 'agent',
          include: ['apps/agent/test/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      ...(withPostgres ? [integration('integration-pg', 'postgres')] : []),
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
