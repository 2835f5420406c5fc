/**
 * Writes the PostgreSQL twin from the SQLite source (decision 039), each file with a `// @generated` header,
 * formatted by prettier with the repository's settings:
 * - the schema: `src/schema.ts` → `src/pg/schema.ts` and every `src/schema/<x>.ts` but the kit →
 *   `src/pg/schema/<x>.ts`. The text is copied as it is: a schema file takes its columns from `./kit`, and the
 *   copy's `./kit` is the PostgreSQL kit (`src/pg/schema/kit.ts`, same export names). The copy is refused,
 *   with the reason, when a source file imports a dialect's module, imports a relative path that has no
 *   PostgreSQL twin, or names a dialect (its comments would be wrong in the copy);
 * - the repositories of `GENERATED_REPOSITORIES`: `src/repositories/<x>.ts` → `src/pg/repositories/<x>.ts`,
 *   through the asyncify transform (`scripts/asyncify.ts`): the query kit's executors are awaited, the
 *   functions that await become async. Dialect words are refused as in the schema, and a prepared statement
 *   name used twice (node-postgres refuses one name for two SQL texts).
 *
 *   tsx scripts/gen-pg.ts           writes the files that changed, removes generated files whose source is gone
 *   tsx scripts/gen-pg.ts --check   writes nothing; exit 1 when a file is stale
 *
 * The generated files are not committed (`.gitignore`): the SQLite source is the only text, and this writes
 * the twin on `pnpm install` (the package's `postinstall`), as turbo's `codegen` task before typecheck, lint,
 * build and dev, and in vitest's global setup (`codegen-setup.ts`). `pnpm db:generate` runs it before
 * drizzle-kit; `src/generated.test.ts` fails when the files on disk are stale. The two kits are the only
 * files written by hand in `src/pg/schema/` and `src/pg/repositories/`: git ignores any other, so the check
 * refuses one that has no `@generated` header.
 */
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as prettier from 'prettier';
import ts from 'typescript';
import { asyncify } from './asyncify';

/** This package's folder (`packages/db`). */
export const PACKAGE_ROOT = fileURLToPath(new URL('..', import.meta.url));

/** How every generated file starts. */
export const GENERATED_MARK = '// @generated from ';

/** A file as the package holds it: its path from the package folder (with `/`) and its text. */
export type PackageFile = { path: string; text: string };

/** Modules only one dialect can import: a shared schema file gets its columns from `./kit`. */
const DIALECT_MODULES = /^(drizzle-orm\/(sqlite-core|pg-core|better-sqlite3|node-postgres)(\/.*)?|better-sqlite3|pg)$/;

/**
 * The repositories written once on the query kit, whose PostgreSQL twin is generated (decision 039, step 9:
 * one at a time, smallest first), and `all`, which makes every one of them on one executor.
 */
export const GENERATED_REPOSITORIES: readonly string[] = [
  'calendar',
  'quotas',
  'shares',
  'assessments',
  'users',
  'auth-failures',
  'listens',
  'admin',
  'coaching',
  'sessions',
  'events',
  'steps',
  // The list of a Store's repositories, which both stores wrap.
  'all',
];

/** Words that name a dialect: text that says them would be copied, wrongly, into the other dialect's file. */
const DIALECT_WORDS = /sqlite|postgres|pg-core|pgTable|\bpg\b/i;

/** Where the PostgreSQL twin of a SQLite schema path goes: `src/schema…` → `src/pg/schema…`. */
export const twinPath = (source: string) => source.replace(/^src\//, 'src/pg/');

/** The shared schema files: `src/schema.ts` and `src/schema/*.ts`, without the kit and tests, sorted. */
export async function schemaSources(root = PACKAGE_ROOT): Promise<string[]> {
  const names = await readdir(path.join(root, 'src/schema'));
  const files = names.filter((name) => name.endsWith('.ts') && name !== 'kit.ts' && !name.endsWith('.test.ts')).sort();
  return ['src/schema.ts', ...files.map((name) => `src/schema/${name}`)];
}

/**
 * The PostgreSQL twin of one shared schema file, before formatting: the header, then the text unchanged.
 * `sources` lists every shared schema file (a relative import must reach one of them or the kit). Throws
 * when the copy would be wrong.
 */
export function twinText(source: string, text: string, sources: readonly string[]): string {
  const refuse = (why: string): never => {
    throw new Error(`${source}: ${why}; the PostgreSQL copy would be wrong (decision 039)`);
  };
  const targets = new Set([...sources, 'src/schema/kit.ts'].map((file) => file.replace(/\.ts$/, '')));
  for (const { fileName: specifier } of ts.preProcessFile(text, true, true).importedFiles) {
    if (DIALECT_MODULES.test(specifier)) refuse(`imports "${specifier}": take the columns from ./kit`);
    if (!specifier.startsWith('.')) continue;
    const target = path.posix.join(path.posix.dirname(source), specifier).replace(/\.(ts|js)$/, '');
    if (!targets.has(target)) refuse(`imports "${specifier}", which has no PostgreSQL twin (only the schema files and ./kit have one)`);
  }
  refuseDialectWords(source, text);
  return `${GENERATED_MARK}${source} — edit that file, then run pnpm db:generate\n${text}`;
}

/** Throws when shared text names a dialect (it would be copied, wrongly, into the other dialect's file). */
function refuseDialectWords(source: string, text: string): void {
  const dialectWord = DIALECT_WORDS.exec(text);
  if (dialectWord) {
    const line = text.slice(0, dialectWord.index).split('\n').length;
    throw new Error(
      `${source}: line ${line} names a dialect ("${dialectWord[0]}"): shared text is dialect-neutral, dialect notes go in the two kits; the PostgreSQL copy would be wrong (decision 039)`,
    );
  }
}

/** Where the PostgreSQL twin of a repository goes. */
export const repositorySource = (name: string) => `src/repositories/${name}.ts`;

/**
 * The PostgreSQL twin of one repository, before formatting: the header, then the asyncified text, and the
 * names of its prepared statements. Throws when the twin would be wrong.
 */
export function repositoryTwinText(source: string, text: string, generated: ReadonlySet<string>): { text: string; statements: string[] } {
  refuseDialectWords(source, text);
  const twin = asyncify(text, { source, generated });
  return { text: `${GENERATED_MARK}${source} — edit that file, then run pnpm db:generate\n${twin.text}`, statements: twin.statements };
}

/** Throws when one prepared statement name is given twice, in one repository or in two. */
export function refuseDuplicateStatements(statements: ReadonlyArray<{ source: string; names: readonly string[] }>): void {
  const seen = new Map<string, string>();
  for (const { source, names } of statements) {
    for (const name of names) {
      const before = seen.get(name);
      if (before !== undefined) {
        throw new Error(`statement name "${name}" is used twice (${before} and ${source}): node-postgres prepares one SQL text per name (decision 039)`);
      }
      seen.set(name, source);
    }
  }
}

/** `text` formatted by prettier as the file `output` would be. */
async function formatted(root: string, output: string, text: string): Promise<string> {
  const filepath = path.join(root, output);
  const options = (await prettier.resolveConfig(filepath)) ?? {};
  return prettier.format(text, { ...options, filepath });
}

/** Every generated file, formatted, in memory: the schema, then the repositories of `repositories`. */
export async function generatePg(root = PACKAGE_ROOT, repositories: readonly string[] = GENERATED_REPOSITORIES): Promise<PackageFile[]> {
  const sources = await schemaSources(root);
  const schema = await Promise.all(
    sources.map(async (source) => ({
      path: twinPath(source),
      text: await formatted(root, twinPath(source), twinText(source, await readFile(path.join(root, source), 'utf8'), sources)),
    })),
  );
  const generated = new Set(repositories);
  const twins = await Promise.all(
    repositories.map(async (name) => {
      const source = repositorySource(name);
      return { source, ...repositoryTwinText(source, await readFile(path.join(root, source), 'utf8'), generated) };
    }),
  );
  refuseDuplicateStatements(twins.map(({ source, statements }) => ({ source, names: statements })));
  const repositoryFiles = await Promise.all(
    twins.map(async ({ source, text }) => ({ path: twinPath(source), text: await formatted(root, twinPath(source), text) })),
  );
  return [...schema, ...repositoryFiles];
}

/** The files the generator may own: `src/pg/schema.ts` and every file in `src/pg/schema/` and `src/pg/repositories/`, as they are now. */
async function pgOnDisk(root: string): Promise<PackageFile[]> {
  const inFolder = async (folder: string) => (await readdir(path.join(root, folder))).map((name) => `${folder}/${name}`);
  const candidates = ['src/pg/schema.ts', ...(await inFolder('src/pg/schema')), ...(await inFolder('src/pg/repositories'))];
  const files = await Promise.all(candidates.map(async (file) => ({ path: file, text: await readFile(path.join(root, file), 'utf8').catch(() => null) })));
  return files.filter((file): file is PackageFile => file.text !== null);
}

/** Generated files (they start with the header) that nothing generates any more: their source is gone. */
function orphans(expected: readonly PackageFile[], onDisk: readonly PackageFile[]): PackageFile[] {
  const wanted = new Set(expected.map((file) => file.path));
  return onDisk.filter((file) => !wanted.has(file.path) && file.text.startsWith(GENERATED_MARK));
}

/**
 * Source files without the header in the generated folders, other than the two kits: git ignores them there
 * (`.gitignore`), so a hand-written file would be lost without a word.
 */
function handWritten(expected: readonly PackageFile[], onDisk: readonly PackageFile[]): PackageFile[] {
  const wanted = new Set(expected.map((file) => file.path));
  return onDisk.filter(
    (file) => !wanted.has(file.path) && file.path.endsWith('.ts') && !file.path.endsWith('/kit.ts') && !file.text.startsWith(GENERATED_MARK),
  );
}

/**
 * What differs between the expected files and the files on disk, one line each (none: up to date). The kits
 * are not the generator's, unless a source now generates them; any other file without the header is refused.
 */
export function staleFiles(expected: readonly PackageFile[], onDisk: readonly PackageFile[]): string[] {
  const disk = new Map(onDisk.map((file) => [file.path, file.text]));
  const changed = expected.flatMap((file) => {
    const text = disk.get(file.path);
    if (text === undefined) return [`${file.path}: missing`];
    return text === file.text ? [] : [`${file.path}: not what its source generates`];
  });
  return [
    ...changed,
    ...orphans(expected, onDisk).map((file) => `${file.path}: generated, but its source is gone`),
    ...handWritten(expected, onDisk).map(misplaced),
  ];
}

const misplaced = (file: PackageFile) =>
  `${file.path}: written by hand in a generated folder, which git ignores: move it out of src/pg/schema/ and src/pg/repositories/ (decision 039)`;

/** Lines describing every stale generated file (none: the PostgreSQL twin is up to date). */
export async function checkPg(root = PACKAGE_ROOT): Promise<string[]> {
  return staleFiles(await generatePg(root), await pgOnDisk(root));
}

/**
 * Writes the generated files that changed and removes the generated ones whose source is gone; returns what
 * it touched. Throws, writing nothing, when a hand-written file stands in a generated folder.
 */
export async function writePg(root = PACKAGE_ROOT): Promise<string[]> {
  const expected = await generatePg(root);
  const onDisk = await pgOnDisk(root);
  const strays = handWritten(expected, onDisk);
  if (strays.length > 0) throw new Error(strays.map(misplaced).join('\n'));
  const disk = new Map(onDisk.map((file) => [file.path, file.text]));
  const touched: string[] = [];
  for (const file of expected.filter((file) => disk.get(file.path) !== file.text)) {
    await writeFile(path.join(root, file.path), file.text);
    touched.push(`${file.path}: written`);
  }
  for (const file of orphans(expected, onDisk)) {
    await rm(path.join(root, file.path));
    touched.push(`${file.path}: removed (its source is gone)`);
  }
  return touched;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  if (process.argv.includes('--check')) {
    const problems = await checkPg();
    for (const line of problems) console.error(line);
    if (problems.length > 0) {
      console.error('stale: run pnpm db:generate');
      process.exitCode = 1;
    } else console.log('PostgreSQL twin: up to date');
  } else {
    const touched = await writePg();
    console.log(
      touched.length > 0
        ? `PostgreSQL twin: ${touched.length} file${touched.length === 1 ? '' : 's'} written or removed (src/pg; decision 039)`
        : 'PostgreSQL twin: up to date',
    );
  }
}
