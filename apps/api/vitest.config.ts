import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    include: ['src/**/*.test.ts', 'examples/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});
