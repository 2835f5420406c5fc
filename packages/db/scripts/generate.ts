/**
 * `pnpm db:generate [name]` after a change to `src/schema.ts`, `src/schema/*.ts` or a generated repository
 * (decision 039): writes the PostgreSQL twin from the SQLite source (`scripts/gen-pg.ts`), then runs drizzle-kit's `generate` for both
 * dialects, `drizzle.config.ts` (→ `drizzle/`) and `drizzle.pg.config.ts` (→ `drizzle-pg/`), with the same
 * migration name when one is given (`pnpm db:generate add_goals` or `--name add_goals`). Commit the schema
 * and both migrations together; the generated PostgreSQL files are git-ignored (they are written again on
 * install and before typecheck, lint, build and the tests). On a shared machine, run it under
 * `flock /tmp/ascenso-migrate.lock` (decision 023).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { PACKAGE_ROOT, writePg } from './gen-pg';

function migrationName(args: string[]): string | undefined {
  const flag = args.indexOf('--name');
  const name = flag >= 0 ? args[flag + 1] : args.find((arg) => !arg.startsWith('-'));
  if (name !== undefined && !/^[a-z0-9_]+$/.test(name)) throw new Error(`migration name "${name}": use lower-case letters, digits and _`);
  return name;
}

const name = migrationName(process.argv.slice(2).filter((arg) => arg !== '--'));

const touched = await writePg();
for (const line of touched) console.log(line);
console.log(touched.length > 0 ? 'PostgreSQL twin: generated from src/schema and src/repositories' : 'PostgreSQL twin: no changes');

// drizzle-kit from this package's own node_modules/.bin, as `pnpm exec` would find it.
const env = { ...process.env, PATH: [path.join(PACKAGE_ROOT, 'node_modules', '.bin'), process.env.PATH].join(path.delimiter) };
for (const config of ['drizzle.config.ts', 'drizzle.pg.config.ts']) {
  console.log(`\ndrizzle-kit generate --config ${config}${name ? ` --name ${name}` : ''}`);
  const run = spawnSync('drizzle-kit', ['generate', '--config', config, ...(name ? ['--name', name] : [])], { cwd: PACKAGE_ROOT, env, stdio: 'inherit' });
  if (run.error) throw run.error;
  if (run.status !== 0) {
    process.exitCode = run.status ?? 1;
    break;
  }
}
