/**
 * Sums a V8 .cpuprofile (node --cpu-prof) by where the code lives: a package of node_modules, a source
 * file of ours (the built API is one esbuild bundle; its `// ../../packages/…` comments say which source
 * file each line came from), Node's own internals, or V8's pseudo-frames ((garbage collector), (program),
 * (idle)). Self time only: a function's time without its callees.
 *
 *   pnpm --filter @ascenso/bench exec tsx src/cpuprofile-summary.ts A.cpuprofile [B.cpuprofile] [--per A_REQUESTS,B_REQUESTS] [--top 40]
 *
 * With two profiles (e.g. pg-1 and sqlite-1 at the same step, taken with LOAD_CPU_PROF, see load.ts),
 * prints them side by side and the difference; `--per` divides each by its request count (ms of CPU
 * per request) so runs of different lengths compare.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

type CallFrame = { functionName: string; url: string; lineNumber: number; columnNumber: number };
type ProfileNode = { id: number; callFrame: CallFrame; hitCount?: number; children?: number[] };
type Profile = { nodes: ProfileNode[]; startTime: number; endTime: number; samples: number[]; timeDeltas: number[] };

const bundles = new Map<string, Array<{ line: number; file: string }>>();

/** The source files of an esbuild bundle by first line (its `// path` comments before each module). */
function bundleIndex(url: string): Array<{ line: number; file: string }> {
  const cached = bundles.get(url);
  if (cached) return cached;
  const index: Array<{ line: number; file: string }> = [];
  try {
    const lines = readFileSync(new URL(url), 'utf8').split('\n');
    lines.forEach((text, line) => {
      const match = /^\/\/ (\.\.\/\S+|src\/\S+)$/.exec(text);
      if (match?.[1]) index.push({ line, file: match[1].replace(/^(\.\.\/)+/, '') });
    });
  } catch {
    // not readable: the bundle stays one module
  }
  bundles.set(url, index);
  return index;
}

function sourceOf(url: string, line: number): string {
  const index = bundleIndex(url);
  let file = url.replace(/^.*\//, '');
  for (const entry of index) {
    if (entry.line > line) break;
    file = entry.file;
  }
  return file;
}

/** Where a frame's code lives: a package, a file of ours, node:internal, or a V8 pseudo-frame. */
export function moduleOf(frame: CallFrame): string {
  const { url, functionName } = frame;
  if (!url) return functionName.startsWith('(') ? functionName : `(native)`;
  if (url.startsWith('node:')) return 'node:internal';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(?!.*node_modules\/)/.exec(url);
  if (pkg?.[1]) return pkg[1];
  if (/\/dist\/[^/]+\.js$/.test(url)) return sourceOf(url, frame.lineNumber);
  return url.replace(/^file:\/\//, '');
}

type Summary = { totalMs: number; busyMs: number; byModule: Map<string, number>; byFunction: Map<string, number> };

export function summarise(file: string): Summary {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<number, number>();
  // timeDeltas[i] is the time before sample i: it belongs to the sample before it.
  for (let i = 0; i < profile.samples.length; i += 1) {
    const id = profile.samples[i] as number;
    const us = profile.timeDeltas[i + 1] ?? 0;
    self.set(id, (self.get(id) ?? 0) + us);
  }
  const byModule = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let totalMs = 0;
  let busyMs = 0;
  for (const [id, us] of self) {
    const node = nodes.get(id);
    if (!node) continue;
    const ms = us / 1000;
    totalMs += ms;
    const module = moduleOf(node.callFrame);
    if (module === '(idle)') continue;
    busyMs += ms;
    byModule.set(module, (byModule.get(module) ?? 0) + ms);
    const where = node.callFrame.url ? `${module}:${node.callFrame.lineNumber + 1}` : module;
    const name = `${node.callFrame.functionName || '(anonymous)'} ${where}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
  }
  return { totalMs, busyMs, byModule, byFunction };
}

function main() {
  const args = process.argv.slice(2);
  const option = (name: string) => {
    const at = args.indexOf(name);
    if (at < 0) return undefined;
    const [value] = args.splice(at, 2).slice(1);
    return value;
  };
  const per = option('--per')
    ?.split(',')
    .map(Number)
    .filter((n) => n > 0);
  const top = Number(option('--top') ?? 40);
  const files = args.map((file) => resolve(file));
  if (!files.length) throw new Error('usage: cpuprofile-summary.ts A.cpuprofile [B.cpuprofile] [--per A,B] [--top N]');
  const summaries = files.map(summarise);
  const scale = summaries.map((_, i) => (per?.[i] ? 1 / (per[i] as number) : 1));
  const unit = per ? 'ms/request' : 'ms';
  const digits = per ? 4 : 0;
  const fmt = (n: number) => n.toFixed(digits).padStart(10);
  for (const [i, s] of summaries.entries())
    console.log(
      `${String.fromCharCode(65 + i)}: ${files[i]}\n   profiled ${(s.totalMs / 1000).toFixed(1)} s, busy ${(s.busyMs / 1000).toFixed(1)} s (${fmt(s.busyMs * (scale[i] as number))} ${unit})`,
    );

  const table = (title: string, pick: (s: Summary) => Map<string, number>) => {
    const keys = new Set(summaries.flatMap((s) => [...pick(s).keys()]));
    const rows = [...keys].map((key) => {
      const values = summaries.map((s, i) => (pick(s).get(key) ?? 0) * (scale[i] as number));
      return { key, values, diff: summaries.length > 1 ? (values[0] as number) - (values[1] as number) : (values[0] as number) };
    });
    rows.sort((a, b) => Math.abs(b.diff) - Math.abs(a.diff) || (b.values[0] ?? 0) - (a.values[0] ?? 0));
    const head = summaries.map((_, i) => `${String.fromCharCode(65 + i)} ${unit}`.padStart(16)).join('');
    console.log(`\n${title} (self time; ${summaries.length > 1 ? 'sorted by A − B' : 'sorted'}; % of busy)`);
    console.log(`${head}${summaries.length > 1 ? '     A − B'.padStart(12) : ''}  where`);
    for (const row of rows.slice(0, top)) {
      const cells = row.values.map((v, i) => `${fmt(v)} ${((v / (scale[i] as number) / (summaries[i]?.busyMs ?? 1)) * 100).toFixed(1).padStart(4)}%`).join('');
      console.log(`${cells}${summaries.length > 1 ? fmt(row.diff) + '  ' : '  '}${row.key}`);
    }
  };
  table('By module', (s) => s.byModule);
  table('By function', (s) => s.byFunction);
}

if (import.meta.url === `file://${process.argv[1]}`) main();
