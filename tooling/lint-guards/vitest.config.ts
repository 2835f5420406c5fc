import { defineProject } from 'vitest/config';

// These tests run ESLint on the repository's config: its first lint loads the config, the parsers and the
// import resolver, which takes seconds on a loaded machine (beyond vitest's default 5 s).
export default defineProject({ test: { name: 'lint-guards', testTimeout: 30_000 } });
