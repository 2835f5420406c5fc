import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from './guard-eslint';

// `pnpm lint` is `turbo run lint lint:root` (decision 033, addendum on lint per package): each workspace package
// lints its own folder, the root task lints everything else. Nothing falls between them: every folder the
// workspace globs match is a package with the same `lint` script, and the root task leaves out exactly those globs.

const readJson = (path: string) => JSON.parse(readFileSync(join(root, path), 'utf8'));

/** The `packages:` globs of pnpm-workspace.yaml (`apps/*`, `bench`, ...). */
function workspaceGlobs(): string[] {
  const yaml = readFileSync(join(root, 'pnpm-workspace.yaml'), 'utf8');
  const block = /^packages:\n((?:\s+-\s.*\n)+)/m.exec(yaml)?.[1] ?? '';
  return [...block.matchAll(/-\s+['"]?([^'"\n]+?)['"]?\s*$/gm)].map((m) => m[1]!);
}

/** The folders a glob matches: `dir/*` is each folder in dir, anything else the folder itself. */
function folders(glob: string): string[] {
  if (!glob.endsWith('/*')) return [glob];
  const parent = glob.slice(0, -2);
  return readdirSync(join(root, parent))
    .filter((name) => statSync(join(root, parent, name)).isDirectory())
    .map((name) => `${parent}/${name}`);
}

const packageLint = (folder: string) => {
  const up = relative(join(root, folder), root);
  return `eslint . --max-warnings=0 && prettier --check . --ignore-path ${up}/.gitignore --ignore-path ${up}/.prettierignore --log-level warn`;
};

describe('lint per package', () => {
  const globs = workspaceGlobs();

  it('reads the workspace globs', () => {
    expect(globs).toEqual(expect.arrayContaining(['apps/*', 'packages/*', 'bench']));
  });

  it.each(globs.flatMap(folders))('%s is a package with the shared lint script', (folder) => {
    const pkg = readJson(`${folder}/package.json`);
    expect(pkg.scripts?.lint).toBe(packageLint(folder));
  });

  it('the root task lints what no package does, and nothing a package does', () => {
    const scripts = readJson('package.json').scripts;
    expect(scripts.lint).toMatch(/^turbo run lint lint:root\b/);
    const eslintIgnored = [...scripts['lint:root'].matchAll(/--ignore-pattern '([^']+)'/g)].map((m) => m[1]);
    const prettierIgnored = [...scripts['lint:root'].matchAll(/'!([^']+)'/g)].map((m) => m[1]);
    expect(eslintIgnored).toEqual(globs.map((glob) => `${glob}/`));
    expect(prettierIgnored).toEqual(globs.map((glob) => `${glob}/**`));
  });

  it("turbo's cache keys on the shared configs, and the root task's on everything outside the packages", () => {
    const tasks = readJson('turbo.json').tasks;
    expect(tasks.lint.inputs).toEqual(
      expect.arrayContaining([
        '$TURBO_DEFAULT$',
        '$TURBO_ROOT$/eslint.config.js',
        '$TURBO_ROOT$/.prettierrc.json',
        '$TURBO_ROOT$/.prettierignore',
        '$TURBO_ROOT$/.gitignore',
      ]),
    );
    // Typed rules and import-x read the sources of the workspace packages a package depends on.
    expect(tasks.lint.dependsOn).toContain('transit');
    expect(tasks.transit.dependsOn).toEqual(['^transit']);
    expect(tasks['//#lint:root'].inputs).toEqual(['$TURBO_DEFAULT$', ...globs.map((glob) => `!${glob}/**`)]);
  });
});
