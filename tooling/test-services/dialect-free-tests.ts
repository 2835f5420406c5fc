import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/**
 * The API test files whose outcome cannot depend on the test dialect: neither they nor any module they
 * import by a relative path reach `src/testing/` (createTestApp, the test servers, the dialect switch) or
 * read `TEST_DIALECT` / `ASCENSO_TEST_DIALECT`. The `api-pg` vitest project leaves them out, since on
 * PostgreSQL they would run the very same code again while paying a fresh database and Redis prefix per
 * test (decision 033). Anything that might reach the dialect stays in, so a mistake here only costs time.
 */
export function dialectFreeTests(apiRoot: string, folders: string[] = ['src', 'examples']): string[] {
  const memo = new Map<string, boolean>();
  const reachesDialect = (file: string, seen: Set<string>): boolean => {
    const known = memo.get(file);
    if (known !== undefined) return known;
    if (seen.has(file)) return false;
    seen.add(file);
    if (file.split(/[\\/]/).includes('testing')) return true;
    let source: string;
    try {
      source = readFileSync(file, 'utf8');
    } catch {
      return true;
    }
    let reaches = /TEST_DIALECT/.test(source);
    const imports = /(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g;
    for (let match = imports.exec(source); !reaches && match; match = imports.exec(source)) {
      const base = resolve(dirname(file), match[1] ?? '');
      const target = [base, `${base}.ts`, `${base}.tsx`, base.replace(/\.js$/, '.ts'), join(base, 'index.ts')].find(
        (candidate) => existsSync(candidate) && statSync(candidate).isFile(),
      );
      // An import we cannot follow might reach the dialect.
      reaches = target === undefined || reachesDialect(target, seen);
    }
    memo.set(file, reaches);
    return reaches;
  };
  const found: string[] = [];
  const walk = (folder: string) => {
    if (!existsSync(folder)) return;
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory() && entry.name !== 'node_modules') walk(path);
      else if (entry.isFile() && entry.name.endsWith('.test.ts') && !reachesDialect(path, new Set())) found.push(relative(apiRoot, path));
    }
  };
  for (const folder of folders) walk(join(apiRoot, folder));
  return found.sort();
}
