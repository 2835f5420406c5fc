/**
 * (a) The stats endpoint (REST) and a tRPC query through the full stack, session lookup included,
 * against bare node:http serving the same JSON. Each server runs in its own process pinned to CPU 0;
 * the load comes from this process. Interleaved rounds; medians.
 * Goals: throughput ≥ 0.25× bare node:http; p99 at a fixed rate ≤ 5× its p99.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fixedRate, saturate, type Target } from './load';
import { median, percentile, prepareDatabase, report, startServer } from './lib';

function startBare(body: string): Promise<{ url: string; stop: () => void }> {
  const source = `const http=require('node:http');const body=${JSON.stringify(body)};http.createServer((q,s)=>{s.writeHead(200,{'content-type':'application/json','content-length':Buffer.byteLength(body)});s.end(body)}).listen(0,'127.0.0.1',function(){console.log('port '+this.address().port)})`;
  const child = spawn('taskset', ['-c', '0', process.execPath, '-e', source], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve) => {
    child.stdout.on('data', (chunk: Buffer) => {
      const match = /port (\d+)/.exec(chunk.toString());
      if (match) resolve({ url: `http://127.0.0.1:${match[1]}`, stop: () => child.kill() });
    });
  });
}

export async function httpBench(rounds = 3, seconds = 4) {
  const dir = mkdtempSync(join(tmpdir(), 'ascenso-bench-http-'));
  try {
    const file = join(dir, 'app.db');
    const [user] = await prepareDatabase(file);
    if (!user) throw new Error('no user');
    const server = await startServer({ DATABASE_PATH: file }, 0);
    const headers = { cookie: user.cookie };
    const rest: Target = { url: `${server.url}/api/activity-log/users/${user.userId}/activity-stats`, headers };
    const trpc: Target = { url: `${server.url}/api/trpc/activities.stats`, headers };
    const sample = await (await fetch(rest.url, { headers })).text();
    const bare = await startBare(sample);
    const baseline: Target = { url: `${bare.url}/` };

    const results: Record<string, { rps: number[]; p99: number[]; p50: number[] }> = {
      bare: { rps: [], p99: [], p50: [] },
      rest: { rps: [], p99: [], p50: [] },
      trpc: { rps: [], p99: [], p50: [] },
    };
    const targets: Record<string, Target> = { bare: baseline, rest, trpc };
    let errors = 0;
    for (let round = 0; round < rounds; round += 1) {
      for (const name of ['bare', 'rest', 'trpc']) {
        const target = targets[name] as Target;
        await saturate(target, 1);
        const saturation = await saturate(target, seconds);
        results[name]?.rps.push(saturation.rps);
        errors += saturation.errors;
      }
      // p99 for all three at the same fixed rate: half of the slowest candidate's saturation.
      const rate = Math.max(
        50,
        Math.floor(Math.min(...(results.rest?.rps ?? [0]), ...(results.trpc?.rps ?? [0])) * 0.5),
      );
      for (const name of ['bare', 'rest', 'trpc']) {
        const run = await fixedRate(targets[name] as Target, rate, seconds);
        results[name]?.p99.push(percentile(run.latencies, 99));
        results[name]?.p50.push(percentile(run.latencies, 50));
        errors += run.errors;
      }
    }
    bare.stop();
    await server.stop();
    const m = (name: string, key: 'rps' | 'p99' | 'p50') => median(results[name]?.[key] ?? []);
    const rows: Array<[string, number | string]> = [];
    let ok = errors === 0;
    for (const name of ['rest', 'trpc']) {
      const throughput = m(name, 'rps') / m('bare', 'rps');
      const tail = m(name, 'p99') / m('bare', 'p99');
      ok &&= throughput >= 0.25 && tail <= 5;
      rows.push(
        [`${name}: req/s (bare ${m('bare', 'rps').toFixed(0)})`, m(name, 'rps')],
        [`${name}: throughput ratio (goal ≥ 0.25)`, throughput],
        [
          `${name}: p50 / p99 ms at fixed rate (bare p99 ${m('bare', 'p99').toFixed(2)})`,
          `${m(name, 'p50').toFixed(2)} / ${m(name, 'p99').toFixed(2)}`,
        ],
        [`${name}: p99 ratio (goal ≤ 5)`, tail],
      );
    }
    rows.push(['non-2xx or socket errors', String(errors)]);
    report('(a) Stats over HTTP: full stack vs bare node:http', rows);
    return { ok };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await httpBench();
  if (!result.ok) process.exit(1);
}
