import { defineProject } from 'vitest/config';

// The throwaway services the other suites start: they must start, answer and leave nothing behind.
export default defineProject({ test: { name: 'test-services', include: ['*.test.ts'], testTimeout: 60_000 } });
