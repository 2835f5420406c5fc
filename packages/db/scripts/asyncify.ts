/**
 * The "asyncify" transform (decision 039, option 4B): turns a synchronous SQLite repository written on the
 * query kit (`import * as k from './kit'`) into its PostgreSQL twin, by text splices that keep comments and
 * layout (prettier formats the result afterwards):
 *   1. `k.rows|first|changes|run|atomic|cachedRows(…)` → `(await k.…(…))`, and so is a call of a local function that
 *      became async (a helper that runs a statement);
 *   2. `async` on each function or arrow that now awaits;
 *   3. its return annotation `T` → `Promise<T>`;
 *   4. `Synchronous<X>` → `X`, and the `./synchronous` import goes;
 *   5. relative imports: `./kit`, `../schema/*` and generated siblings keep their path (their twins sit at
 *      the same place under `src/pg/`); `../store` and repositories that are not generated get one more `../`.
 * The grammar is deliberately small; anything else is refused with the line and the reason: an executor
 * reached other than through `k.` is left to `tsc` (the PostgreSQL builders have no `.all()`, `.get()` or
 * `.run()`), and these are refused here:
 *   - `await`/`async` in the source (it is synchronous);
 *   - a kit executor inside a callback other than `atomic`'s (`rows.map((r) => k.first(…))`): on PostgreSQL
 *     it would become a promise nobody waits for; write a `for … of` loop;
 *   - a reference to `atomic`'s outer executor inside its callback, directly or through a local helper or
 *     builder (a `k.statement` is fine: it is called with `tx`): on PostgreSQL its statements would run
 *     outside the transaction;
 *   - `k.statement` anywhere but in the repository factory's body, or with a name that is not a literal
 *     (the caller checks that names are unique: node-postgres refuses one name for two SQL texts);
 *   - a relative import with no PostgreSQL counterpart (`../client`, `../change-stamp`, …) and a dialect's module.
 */
import path from 'node:path';
import ts from 'typescript';

/** The kit functions that run a statement: awaited in the PostgreSQL twin. */
export const EXECUTORS = new Set(['rows', 'first', 'changes', 'run', 'atomic', 'cachedRows']);

const DIALECT_MODULES = /^(drizzle-orm\/(sqlite-core|pg-core|better-sqlite3|node-postgres)(\/.*)?|better-sqlite3|pg)$/;

export type AsyncifyOptions = {
  /** The source's path from the package folder, for messages (`src/repositories/users.ts`). */
  source: string;
  /** The repositories that are generated (`users`, `calendar`, …): a sibling import of one keeps its path. */
  generated: ReadonlySet<string>;
};

export type Asyncified = {
  /** The twin's text, before formatting. */
  text: string;
  /** The names given to `k.statement`, in order. */
  statements: string[];
};

type Splice = { start: number; end: number; text: string; order: number };

type FunctionLike = ts.FunctionDeclaration | ts.FunctionExpression | ts.ArrowFunction | ts.MethodDeclaration;

/** The program's one file, resolved without the lib or any import: enough to tell local symbols apart. */
function checkerFor(fileName: string, text: string): { file: ts.SourceFile; checker: ts.TypeChecker } {
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const host: ts.CompilerHost = {
    getSourceFile: (name) => (name === fileName ? file : undefined),
    getDefaultLibFileName: () => 'lib.d.ts',
    writeFile: () => {},
    getCurrentDirectory: () => '/',
    getCanonicalFileName: (name) => name,
    useCaseSensitiveFileNames: () => true,
    getNewLine: () => '\n',
    fileExists: (name) => name === fileName,
    readFile: (name) => (name === fileName ? text : undefined),
  };
  const program = ts.createProgram({ rootNames: [fileName], options: { noLib: true, noResolve: true, types: [] }, host });
  return { file: program.getSourceFile(fileName)!, checker: program.getTypeChecker() };
}

export function asyncify(text: string, options: AsyncifyOptions): Asyncified {
  const fileName = `/${path.posix.basename(options.source)}`;
  const { file, checker } = checkerFor(fileName, text);
  const line = (node: ts.Node) => file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1;
  const refuse = (node: ts.Node | undefined, why: string): never => {
    throw new Error(`${options.source}${node ? `:${line(node)}` : ''}: ${why} (decision 039)`);
  };
  const splices: Splice[] = [];
  const statements: string[] = [];

  // Imports: find the kit's namespace, rewrite or drop the relative paths.
  let kit: ts.Symbol | undefined;
  for (const statement of file.statements) {
    if (!ts.isImportDeclaration(statement) && !ts.isExportDeclaration(statement)) continue;
    const specifierNode = statement.moduleSpecifier;
    if (!specifierNode || !ts.isStringLiteral(specifierNode)) continue;
    const specifier = specifierNode.text;
    if (DIALECT_MODULES.test(specifier)) refuse(statement, `imports "${specifier}": a repository runs its statements through ./kit`);
    if (!specifier.startsWith('.')) continue;
    const replace = (to: string) => splices.push({ start: specifierNode.getStart(file) + 1, end: specifierNode.getEnd() - 1, text: to, order: 0 });
    if (specifier === './kit') {
      const bindings = ts.isImportDeclaration(statement) ? statement.importClause?.namedBindings : undefined;
      if (!bindings || !ts.isNamespaceImport(bindings)) refuse(statement, "import the kit as a namespace, `import * as k from './kit'`");
      kit = checker.getSymbolAtLocation((bindings as ts.NamespaceImport).name);
    } else if (specifier === './synchronous') {
      const clause = ts.isImportDeclaration(statement) ? statement.importClause : undefined;
      const names = clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements.map((e) => e.name.text) : [];
      if (names.join() !== 'Synchronous' || clause?.name) refuse(statement, 'import only `Synchronous` from ./synchronous');
      splices.push({ start: statement.getFullStart(), end: statement.getEnd(), text: '', order: 0 });
    } else if (/^\.\.\/schema\/[\w-]+$/.test(specifier)) {
      // src/pg/schema/<x>.ts is the generated twin, at the same relative path.
    } else if (/^\.\/[\w-]+$/.test(specifier)) {
      if (!options.generated.has(specifier.slice(2))) replace(`../../repositories/${specifier.slice(2)}`);
    } else if (specifier === '../store') {
      replace('../../store');
    } else {
      refuse(
        statement,
        `imports "${specifier}", which has no PostgreSQL counterpart (a repository imports ./kit, ../schema/*, ../store and other repositories)`,
      );
    }
  }
  if (!kit) refuse(undefined, "no `import * as k from './kit'`");

  const isKitCall = (node: ts.Node, names: ReadonlySet<string>): node is ts.CallExpression =>
    ts.isCallExpression(node) &&
    ts.isPropertyAccessExpression(node.expression) &&
    ts.isIdentifier(node.expression.expression) &&
    names.has(node.expression.name.text) &&
    checker.getSymbolAtLocation(node.expression.expression) === kit;
  const STATEMENT = new Set(['statement']);
  const ATOMIC = new Set(['atomic']);

  const isFunctionLike = (node: ts.Node): node is FunctionLike =>
    ts.isFunctionDeclaration(node) || ts.isFunctionExpression(node) || ts.isArrowFunction(node) || ts.isMethodDeclaration(node);
  const enclosingFunction = (node: ts.Node): ts.Node | undefined => {
    for (let at = node.parent; at; at = at.parent) {
      if (isFunctionLike(at) || ts.isGetAccessor(at) || ts.isSetAccessor(at) || ts.isConstructorDeclaration(at)) return at;
    }
    return undefined;
  };
  /** The symbol a local function is called by (a declaration, or a `const f = () => …`), if it has one. */
  const localName = (fn: FunctionLike): ts.Symbol | undefined => {
    if (ts.isFunctionDeclaration(fn) && fn.name) return checker.getSymbolAtLocation(fn.name);
    if ((ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) && ts.isVariableDeclaration(fn.parent) && ts.isIdentifier(fn.parent.name)) {
      return checker.getSymbolAtLocation(fn.parent.name);
    }
    return undefined;
  };

  // Every node, once, in source order.
  const nodes: ts.Node[] = [];
  const collect = (node: ts.Node) => {
    nodes.push(node);
    node.forEachChild(collect);
  };
  collect(file);

  for (const node of nodes) {
    if (node.kind === ts.SyntaxKind.AwaitExpression || node.kind === ts.SyntaxKind.AsyncKeyword)
      refuse(node, '`await`/`async` in a repository: the source is synchronous');
  }

  // Fixpoint: functions that await, and the local functions among them (whose calls are awaited too).
  const asyncFunctions = new Set<FunctionLike>();
  const asyncLocals = new Set<ts.Symbol>();
  const sites = new Set<ts.CallExpression>();
  let grew = true;
  while (grew) {
    grew = false;
    for (const node of nodes) {
      if (!ts.isCallExpression(node) || sites.has(node)) continue;
      const local = ts.isIdentifier(node.expression) ? checker.getSymbolAtLocation(node.expression) : undefined;
      if (!isKitCall(node, EXECUTORS) && !(local && asyncLocals.has(local))) continue;
      sites.add(node);
      grew = true;
      const fn = enclosingFunction(node);
      if (!fn) refuse(node, 'a statement runs when the module loads');
      if (!isFunctionLike(fn!)) refuse(node, 'a statement runs in a getter, setter or constructor');
      const owner = fn as FunctionLike;
      const callback = owner.parent && ts.isCallExpression(owner.parent) && owner.parent.arguments.includes(owner as ts.Expression);
      if (callback && !isKitCall(owner.parent, ATOMIC)) {
        const callee = (owner.parent as ts.CallExpression).expression.getText(file);
        refuse(node, `a statement runs inside a callback passed to \`${callee}\`: on PostgreSQL nobody would wait for it; write a \`for … of\` loop`);
      }
      asyncFunctions.add(owner);
      const name = localName(owner);
      if (name) asyncLocals.add(name);
    }
  }
  // An async local used other than by a call would hand out a promise where a value was.
  for (const node of nodes) {
    if (!ts.isIdentifier(node) || ((ts.isVariableDeclaration(node.parent) || ts.isFunctionDeclaration(node.parent)) && node.parent.name === node)) continue;
    const symbol = checker.getSymbolAtLocation(node);
    if (symbol && asyncLocals.has(symbol) && !(ts.isCallExpression(node.parent) && node.parent.expression === node)) {
      refuse(node, `\`${node.text}\` runs a statement and is used other than by calling it`);
    }
  }

  // `k.statement`: a literal name, made in the factory's body.
  for (const node of nodes) {
    if (!isKitCall(node, STATEMENT)) continue;
    const name = node.arguments[1];
    if (!name || !(ts.isStringLiteral(name) || ts.isNoSubstitutionTemplateLiteral(name))) refuse(node, 'a statement is named by a string literal');
    const fn = enclosingFunction(node);
    if (!fn || !ts.isFunctionDeclaration(fn) || fn.parent !== file)
      refuse(node, `statement "${(name as ts.StringLiteral).text}" is made outside the repository factory's body`);
    statements.push((name as ts.StringLiteral).text);
  }

  // `k.atomic(db, locks, (tx) => …)`: nothing inside reaches `db` but through `tx`.
  const declaredIn = (symbol: ts.Symbol, scope: ts.Node) =>
    (symbol.declarations ?? []).some((d) => d.getSourceFile() === file && d.pos >= scope.pos && d.end <= scope.end);
  for (const node of nodes) {
    if (!isKitCall(node, ATOMIC)) continue;
    const [outer, , callback] = node.arguments;
    if (!outer || !ts.isIdentifier(outer) || !callback || !(ts.isArrowFunction(callback) || ts.isFunctionExpression(callback))) {
      refuse(node, 'write `k.atomic(db, locks, (tx) => …)`');
    }
    const db = checker.getSymbolAtLocation(outer as ts.Identifier)!;
    const seen = new Set<ts.Symbol>();
    /** Whether `scope` mentions `db`, itself or through a local declaration (a function, a builder). */
    const reaches = (scope: ts.Node): ts.Identifier | undefined => {
      let found: ts.Identifier | undefined;
      const visit = (n: ts.Node) => {
        if (found) return;
        if (ts.isIdentifier(n) && !(ts.isPropertyAccessExpression(n.parent) && n.parent.name === n)) {
          const symbol = checker.getSymbolAtLocation(n);
          if (symbol === db) found = n;
          else if (symbol && !seen.has(symbol) && !declaredIn(symbol, scope)) {
            seen.add(symbol);
            for (const d of symbol.declarations ?? []) {
              if (d.getSourceFile() !== file || ts.isParameter(d)) continue;
              if (ts.isVariableDeclaration(d) && d.initializer && isKitCall(d.initializer, STATEMENT)) continue;
              const body = ts.isVariableDeclaration(d) ? d.initializer : ts.isFunctionDeclaration(d) ? d.body : undefined;
              if (body && reaches(body)) found = n;
            }
          }
        }
        n.forEachChild(visit);
      };
      visit(scope);
      return found;
    };
    const culprit = reaches((callback as ts.ArrowFunction).body);
    if (culprit) {
      refuse(
        culprit,
        `\`${culprit.text}\` inside k.atomic's callback reaches the outer \`${(outer as ts.Identifier).text}\`: on PostgreSQL its statements would run outside the transaction; use the callback's executor`,
      );
    }
  }

  const isSynchronous = (n: ts.Node) =>
    ts.isTypeReferenceNode(n) && ts.isIdentifier(n.typeName) && n.typeName.text === 'Synchronous' && n.typeArguments?.length === 1;
  // Splices: await the sites, mark the functions async, wrap their return types.
  for (const site of sites) {
    splices.push({ start: site.getStart(file), end: site.getStart(file), text: '(await ', order: -site.getWidth(file) });
    splices.push({ start: site.getEnd(), end: site.getEnd(), text: ')', order: site.getWidth(file) });
  }
  for (const fn of asyncFunctions) {
    const at = ts.isMethodDeclaration(fn)
      ? fn.name.getStart(file)
      : ts.isArrowFunction(fn)
        ? fn.getStart(file)
        : fn
            .getChildren(file)
            .find((child) => child.kind === ts.SyntaxKind.FunctionKeyword)!
            .getStart(file);
    splices.push({ start: at, end: at, text: 'async ', order: 0 });
    if (fn.type) splices.push({ start: fn.type.getStart(file), end: fn.type.getEnd(), text: `Promise<${synchronousFree(fn.type)}>`, order: 0 });
  }
  function synchronousFree(type: ts.Node): string {
    const inner = nodes.filter((n) => isSynchronous(n) && n.pos >= type.pos && n.end <= type.end);
    let out = type.getText(file);
    for (const n of inner.reverse()) {
      const start = n.getStart(file) - type.getStart(file);
      out = out.slice(0, start) + (n as ts.TypeReferenceNode).typeArguments![0]!.getText(file) + out.slice(start + n.getWidth(file));
    }
    return out;
  }
  const wrapped = [...asyncFunctions].flatMap((fn) => (fn.type ? [fn.type] : []));
  for (const node of nodes) {
    if (!isSynchronous(node) || wrapped.some((type) => node.pos >= type.pos && node.end <= type.end)) continue;
    if (nodes.some((outer) => outer !== node && isSynchronous(outer) && node.pos >= outer.pos && node.end <= outer.end)) continue;
    splices.push({ start: node.getStart(file), end: node.getEnd(), text: synchronousFree(node), order: 0 });
  }

  return { text: apply(text, splices, (why) => refuse(undefined, why)), statements };
}

/** Applies non-overlapping splices; insertions at one position go outermost first for openings, innermost first for closings. */
function apply(text: string, splices: Splice[], refuse: (why: string) => never): string {
  const sorted = [...splices].sort((a, b) => a.start - b.start || a.order - b.order);
  let out = '';
  let at = 0;
  for (const splice of sorted) {
    if (splice.start < at) refuse(`overlapping rewrites at offset ${splice.start}`);
    out += text.slice(at, splice.start) + splice.text;
    at = splice.end;
  }
  return out + text.slice(at);
}
