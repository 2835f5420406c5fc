// Front-end budget check (run after `vite build`; part of the root `pnpm test`).
//
// 1. Initial JavaScript: every <script src> and <link rel="modulepreload"> of dist/index.html, plus
//    every chunk the entry imports statically or dynamically, with their static imports (from the Vite
//    manifest), i.e. everything the page loads before any route chunk. Each file is gzipped with node:zlib at level 9 and the sizes are summed;
//    the total must be ≤ BUDGET_KB kilobytes (1 KB = 1000 bytes). Default 172 (170 until the spec §9 tooltips, the boot spinner and the first-hour messages added 1.5 KB).
// 2. Lazy routes: every route module in src/app/routes.tsx (the route tables, the assessment slot and
//    every lazy() / lazyRoute() there) except Home (`/` when signed in) and the sign-in screen (`/acceso`) must be a
//    dynamic entry of the manifest whose chunk is not in the initial set, and (from the source maps)
//    must not be bundled into an initial chunk. A new eagerly imported route fails this check.
//
// Usage: node scripts/check-budget.mjs [--dist=path] [--budget=172]   (env BUDGET_DIST, BUDGET_KB)
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import ts from 'typescript';

const webRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const dist = resolve(arg('dist') ?? process.env.BUDGET_DIST ?? join(webRoot, 'dist'));
const budgetKb = Number(arg('budget') ?? process.env.BUDGET_KB ?? 172);
const routesFile = join(webRoot, 'src/app/routes.tsx');

const failures = [];
const kb = (bytes) => (bytes / 1000).toFixed(1);

const indexPath = join(dist, 'index.html');
const manifestPath = join(dist, '.vite/manifest.json');
for (const file of [indexPath, manifestPath]) {
  if (!existsSync(file)) {
    console.error(`[budget] ${file} not found: run \`pnpm --filter @ascenso/web build\` first (build.manifest must be on).`);
    process.exit(1);
  }
}
const html = readFileSync(indexPath, 'utf8');
/** @type {Record<string, {file: string, src?: string, isEntry?: boolean, isDynamicEntry?: boolean, imports?: string[], dynamicImports?: string[]}>} */
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

// --- 1. The initial JavaScript -------------------------------------------------------------------
const attr = (tag, name) => new RegExp(`\\s${name}\\s*=\\s*["']([^"']+)["']`, 'i').exec(tag)?.[1];
const initial = new Map(); // dist-relative file -> where it was found
const inlineScripts = [];
for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
  const src = attr(match[1], 'src');
  if (src) initial.set(src.replace(/^\//, ''), 'script');
  else if (match[2].trim()) inlineScripts.push(match[2]);
}
for (const match of html.matchAll(/<link\b[^>]*>/gi)) {
  const rel = attr(match[0], 'rel');
  const href = attr(match[0], 'href');
  if (href && rel?.split(/\s+/).includes('modulepreload')) initial.set(href.replace(/^\//, ''), initial.get(href.replace(/^\//, '')) ?? 'modulepreload');
}
// The entry's static import graph from the manifest (should equal the modulepreloads).
const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
const staticClosure = new Set();
const visit = (key) => {
  const chunk = manifest[key];
  if (!chunk || staticClosure.has(chunk.file)) return;
  staticClosure.add(chunk.file);
  for (const dep of chunk.imports ?? []) visit(dep);
};
// The entry (src/boot.ts) only waits for the first paint, then imports the app (src/main.tsx): what
// the entry imports dynamically is initial JavaScript too, with everything it imports statically.
for (const [key, chunk] of entries) {
  visit(key);
  for (const dynamic of chunk.dynamicImports ?? []) visit(dynamic);
}
for (const file of staticClosure) {
  if (!initial.has(file)) {
    initial.set(file, 'static import (not preloaded)');
    if (file.endsWith('.js')) failures.push(`${file} is imported statically by the entry but not modulepreloaded by index.html`);
  }
}

const rows = [];
let total = 0;
for (const [file, how] of initial) {
  if (!file.endsWith('.js') && !file.endsWith('.mjs')) continue;
  const path = join(dist, file);
  if (!existsSync(path)) {
    failures.push(`${file} (in index.html) does not exist in ${dist}`);
    continue;
  }
  const raw = readFileSync(path);
  const gz = gzipSync(raw, { level: 9 }).length;
  total += gz;
  rows.push({ file, how, raw: raw.length, gz });
}
for (const [i, code] of inlineScripts.entries()) {
  const gz = gzipSync(Buffer.from(code), { level: 9 }).length;
  total += gz;
  rows.push({ file: `(inline script ${i + 1})`, how: 'inline', raw: Buffer.byteLength(code), gz });
}
rows.sort((a, b) => b.gz - a.gz);

console.log(`\nInitial JavaScript of ${relative(process.cwd(), indexPath) || indexPath} (gzip level 9, 1 KB = 1000 bytes)`);
for (const row of rows) {
  console.log(`  ${row.file.padEnd(48)} ${kb(row.raw).padStart(8)} KB raw ${kb(row.gz).padStart(7)} KB gzip  ${row.how}`);
}
const rawTotal = rows.reduce((sum, row) => sum + row.raw, 0);
console.log(`  ${'total'.padEnd(48)} ${kb(rawTotal).padStart(8)} KB raw ${kb(total).padStart(7)} KB gzip  (budget ${budgetKb} KB)`);
if (total > budgetKb * 1000) failures.push(`initial JavaScript is ${kb(total)} KB gzip, over the budget of ${budgetKb} KB`);

// --- 2. Lazy routes ------------------------------------------------------------------------------
const source = ts.createSourceFile(routesFile, readFileSync(routesFile, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
/** local name -> { spec, lazy } */
const bindings = new Map();
/** { list, path, component } */
const routeEntries = [];
const lazyNames = [];
const stringOf = (node) => (node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node.text : undefined);

function findDynamicImport(node) {
  if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) return stringOf(node.arguments[0]);
  return ts.forEachChild(node, findDynamicImport);
}

for (const statement of source.statements) {
  if (ts.isImportDeclaration(statement) && !statement.importClause?.isTypeOnly) {
    const spec = stringOf(statement.moduleSpecifier);
    const named = statement.importClause?.namedBindings;
    if (spec && named && ts.isNamedImports(named)) {
      for (const element of named.elements) if (!element.isTypeOnly) bindings.set(element.name.text, { spec, lazy: false });
    }
    if (spec && statement.importClause?.name) bindings.set(statement.importClause.name.text, { spec, lazy: false });
  }
  if (!ts.isVariableStatement(statement)) continue;
  for (const declaration of statement.declarationList.declarations) {
    if (!ts.isIdentifier(declaration.name) || !declaration.initializer) continue;
    const name = declaration.name.text;
    const init = declaration.initializer;
    // lazy(() => import(...)) or src/lib/lazy-route.tsx's lazyRoute(() => import(...)).
    if (ts.isCallExpression(init) && ts.isIdentifier(init.expression) && ['lazy', 'lazyRoute'].includes(init.expression.text)) {
      const spec = findDynamicImport(init);
      if (spec) {
        bindings.set(name, { spec, lazy: true });
        lazyNames.push(name);
      }
    } else if (ts.isIdentifier(init)) {
      // e.g. assessmentPendingScreen = AssessmentWizardPage
      routeEntries.push({ list: name, path: '(slot)', component: init.text });
    } else {
      // Route tables: object literals with `path` and `Component`.
      const walk = (node) => {
        if (ts.isObjectLiteralExpression(node)) {
          let path;
          let component;
          for (const prop of node.properties) {
            if (!ts.isPropertyAssignment(prop) || !ts.isIdentifier(prop.name)) continue;
            if (prop.name.text === 'path') path = stringOf(prop.initializer);
            if (prop.name.text === 'Component' && ts.isIdentifier(prop.initializer)) component = prop.initializer.text;
          }
          if (path !== undefined && component) routeEntries.push({ list: name, path, component });
        }
        ts.forEachChild(node, walk);
      };
      walk(init);
    }
  }
}

const isExempt = (entry) => entry.path === '/acceso' || (entry.list === 'memberRoutes' && entry.path === '/');
const exemptComponents = new Set(routeEntries.filter(isExempt).map((e) => e.component));
const routeComponents = new Map(); // component -> paths
for (const entry of routeEntries) {
  if (!bindings.has(entry.component)) continue; // not a component binding (e.g. a constant)
  routeComponents.set(entry.component, [...(routeComponents.get(entry.component) ?? []), `${entry.path}`]);
}
for (const name of lazyNames) if (!routeComponents.has(name)) routeComponents.set(name, ['(lazy in routes.tsx)']);
if (routeComponents.size < 5) failures.push(`found only ${routeComponents.size} route components in ${routesFile}: has its shape changed?`);

function resolveModule(spec) {
  if (!spec.startsWith('.')) return undefined;
  const base = resolve(dirname(routesFile), spec);
  const candidates = [base, `${base}.tsx`, `${base}.ts`, join(base, 'index.tsx'), join(base, 'index.ts')];
  return candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
}

// Source files bundled into the initial chunks (from their source maps, when built with sourcemap).
const initialSources = new Set();
let mapsRead = 0;
for (const file of initial.keys()) {
  const mapPath = join(dist, `${file}.map`);
  if (!existsSync(mapPath)) continue;
  mapsRead += 1;
  const map = JSON.parse(readFileSync(mapPath, 'utf8'));
  for (const src of map.sources ?? []) initialSources.add(resolve(dirname(join(dist, file)), map.sourceRoot ?? '', src));
}

console.log(`\nRoute modules (${relative(webRoot, routesFile)}): Home and /acceso may be eager, every other one lazy`);
const initialFiles = new Set(initial.keys());
for (const [component, paths] of routeComponents) {
  const binding = bindings.get(component);
  const module = binding && resolveModule(binding.spec);
  if (!module) {
    failures.push(`cannot resolve the module of route component ${component}`);
    continue;
  }
  const key = relative(webRoot, module).split('\\').join('/');
  const chunk = manifest[key];
  const exempt = exemptComponents.has(component);
  const inInitial = initialSources.has(module) || (chunk !== undefined && initialFiles.has(chunk.file));
  const lazyChunk = chunk?.isDynamicEntry && !initialFiles.has(chunk.file) ? chunk.file : undefined;
  const where = inInitial ? 'initial' : lazyChunk ? `lazy ${lazyChunk}` : 'not found in the build';
  console.log(`  ${component.padEnd(26)} ${paths.join(', ').padEnd(34)} ${where}${exempt ? ' (may be eager)' : ''}`);
  if (exempt) continue;
  if (inInitial) failures.push(`${component} (${paths.join(', ')}) is in the initial JavaScript: lazy-load it`);
  else if (!lazyChunk) failures.push(`${component} (${paths.join(', ')}) is not a lazily loaded chunk of the build`);
}
if (mapsRead === 0) console.log('  (no source maps in dist: checked with the manifest only)');

if (failures.length) {
  console.error(`\nFront-end budget FAILED:\n${failures.map((f) => `  - ${f}`).join('\n')}`);
  process.exit(1);
}
console.log(`\nFront-end budget ok: ${kb(total)} KB ≤ ${budgetKb} KB initial JS (gzip), ${routeComponents.size - exemptComponents.size} lazy routes.`);
