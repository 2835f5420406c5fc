import { defineConfig } from 'vitest/config';

// One vitest run covers every package: unit tests beside the code, integration tests in apps/api.
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/api'],
  },
});
