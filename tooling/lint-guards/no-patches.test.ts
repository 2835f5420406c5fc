import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Decision 021: dependencies are used as shipped. No patched copy of any package comes back.

const root = fileURLToPath(new URL('../..', import.meta.url));
const read = (file: string) => readFileSync(`${root}/${file}`, 'utf8');

describe('dependencies as shipped', () => {
  it('has no patches/ folder', () => {
    expect(existsSync(`${root}/patches`)).toBe(false);
  });

  it('declares no patched dependency (package.json pnpm.patchedDependencies, pnpm-workspace.yaml, the lockfile)', () => {
    const manifest = JSON.parse(read('package.json')) as { pnpm?: { patchedDependencies?: unknown } };
    expect(manifest.pnpm?.patchedDependencies).toBeUndefined();
    expect(read('pnpm-workspace.yaml')).not.toMatch(/^\s*patchedDependencies\s*:/m);
    expect(read('pnpm-lock.yaml')).not.toMatch(/^patchedDependencies\s*:/m);
  });
});
