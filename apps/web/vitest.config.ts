import { defineProject } from 'vitest/config';

/** The web app's pure logic (realtime client, toast queue, helpers); UI flows are covered by Playwright. */
export default defineProject({
  test: { name: 'web', include: ['src/**/*.test.ts', 'src/**/*.test.tsx'], environment: 'node' },
});
