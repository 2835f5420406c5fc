import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    include: ['src/**/*.test.ts', 'examples/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // One throwaway PostgreSQL cluster and one redis-server for the run (the PostgreSQL store tests; with
    // ASCENSO_TEST_DIALECT=postgres every suite, each app on Redis under a key prefix of its own).
    globalSetup: ['../../tooling/test-services/postgres-global-setup.ts', '../../tooling/test-services/redis-global-setup.ts'],
    setupFiles: ['./src/testing/pg-test-setup.ts'],
  },
});
