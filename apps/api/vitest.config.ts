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
    // One module graph per worker instead of one per file (decision 033): the API's files each imported the
    // whole server again. Every file makes its own apps, databases, ports and Redis prefixes, and the setup
    // file above still runs (and registers its hooks) before each file.
    isolate: false,
  },
});
