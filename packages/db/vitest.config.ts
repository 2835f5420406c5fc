import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'db',
    include: ['src/**/*.test.ts'],
    // One throwaway PostgreSQL cluster for the run; each PostgreSQL test file makes its own databases on it.
    globalSetup: ['../../tooling/test-services/postgres-global-setup.ts'],
  },
});
