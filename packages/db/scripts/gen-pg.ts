/**
 * Writes the PostgreSQL schema from the SQLite one (decision 039): `src/schema.ts` → `src/pg/schema.ts` and
 * every `src/schema/<x>.ts` but the kit → `src/pg/schema/<x>.ts`, each with a `// @generated` header. The text
 * is copied as it is: a schema file takes its columns from `./kit`, and the copy's `./kit` is the PostgreSQL
 * kit (`src/pg/schema/kit.ts`, same export names). Then prettier formats the copy with the repository's
 * settings. The copy is refused, with the reason, when a source file imports a dialect's module, imports a
 * relative path that has no PostgreSQL twin, or names a dialect (its comments would be wrong in the copy).
 *
 *   tsx scripts/gen-pg.ts           writes the files that changed, removes generated files whose source is gone
 *   tsx scripts/gen-pg.ts --check   writes nothing; exit 1 when a file is stale
 *
 * `pnpm db:generate` runs it before drizzle-kit; `src/generated.test.ts` fails when the files are stale.
 */
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as prettier from 'prettier';
import ts from 'typescript';

/** This package's folder (`packages/db`). */
export const PACKAGE_ROOT = fileURLToPath(new URL('..', import.meta.url));

/** How every generated file starts. */
export const GENERATED_MARK = '// @generated from ';

/** A file as the package holds it: its path from the package folder (with `/`) and its text. */
export type PackageFile = { path: string; text: string };

/** Modules only one dialect can import: a shared schema file gets its columns from `./kit`. */
const DIALECT_MODULES = /^(drizzle-orm\/(sqlite-core|pg-core|better-sqlite3|node-postgres)(\/.*)?|better-sqlite3|pg)$/;

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
  const dialectWord = DIALECT_WORDS.exec(text);
  if (dialectWord) {
    const line = text.slice(0, dialectWord.index).split('\n').length;
    refuse(`line ${line} names a dialect ("${dialectWord[0]}"): shared schema text is dialect-neutral, dialect notes go in the two kits`);
  }
  return `${GENERATED_MARK}${source} — edit that file, then run pnpm db:generate\n${text}`;
}

/** Every generated file, formatted, in memory. */
export async function generatePgSchema(root = PACKAGE_ROOT): Promise<PackageFile[]> {
  const sources = await schemaSources(root);
  return Promise.all(
    sources.map(async (source) => {
      const output = twinPath(source);
      const filepath = path.join(root, output);
      const options = (await prettier.resolveConfig(filepath)) ?? {};
      const text = await prettier.format(twinText(source, await readFile(path.join(root, source), 'utf8'), sources), { ...options, filepath });
      return { path: output, text };
    }),
  );
}

/** The files the generator may own: `src/pg/schema.ts` and every file in `src/pg/schema/`, as they are now. */
async function pgSchemaOnDisk(root: string): Promise<PackageFile[]> {
  const candidates = ['src/pg/schema.ts', ...(await readdir(path.join(root, 'src/pg/schema'))).map((name) => `src/pg/schema/${name}`)];
  const files = await Promise.all(candidates.map(async (file) => ({ path: file, text: await readFile(path.join(root, file), 'utf8').catch(() => null) })));
  return files.filter((file): file is PackageFile => file.text !== null);
}

/** Generated files (they start with the header) that nothing generates any more: their source is gone. */
function orphans(expected: readonly PackageFile[], onDisk: readonly PackageFile[]): PackageFile[] {
  const wanted = new Set(expected.map((file) => file.path));
  return onDisk.filter((file) => !wanted.has(file.path) && file.text.startsWith(GENERATED_MARK));
}

/**
 * What differs between the expected files and the files on disk, one line each (none: up to date). Files on
 * disk without the header (the kit) are not the generator's, unless a source now generates them.
 */
export function staleFiles(expected: readonly PackageFile[], onDisk: readonly PackageFile[]): string[] {
  const disk = new Map(onDisk.map((file) => [file.path, file.text]));
  const changed = expected.flatMap((file) => {
    const text = disk.get(file.path);
    if (text === undefined) return [`${file.path}: missing`];
    return text === file.text ? [] : [`${file.path}: not what its source generates`];
  });
  return [...changed, ...orphans(expected, onDisk).map((file) => `${file.path}: generated, but its source is gone`)];
}

/** Lines describing every stale generated file (none: the PostgreSQL schema is up to date). */
export async function checkPgSchema(root = PACKAGE_ROOT): Promise<string[]> {
  return staleFiles(await generatePgSchema(root), await pgSchemaOnDisk(root));
}

/** Writes the generated files that changed and removes the generated ones whose source is gone; returns what it touched. */
export async function writePgSchema(root = PACKAGE_ROOT): Promise<string[]> {
  const expected = await generatePgSchema(root);
  const onDisk = await pgSchemaOnDisk(root);
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
    const problems = await checkPgSchema();
    for (const line of problems) console.error(line);
    if (problems.length > 0) {
      console.error('stale: run pnpm db:generate');
      process.exitCode = 1;
    } else console.log('PostgreSQL schema: up to date');
  } else {
    const touched = await writePgSchema();
    for (const line of touched) console.log(line);
    console.log(touched.length > 0 ? 'PostgreSQL schema: generated' : 'PostgreSQL schema: no changes');
  }
}
