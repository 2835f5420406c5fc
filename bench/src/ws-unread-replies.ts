/**
 * The red team's finding 1 against the built server: batched `/api/trpc-ws` messages whose answers the
 * client never reads.
 *   pnpm --filter @ascenso/bench exec tsx src/ws-unread-replies.ts [seconds]
 *
 * The attacker (one user, 5 sockets, the finding's shape) pauses each socket (it never reads) and sends
 * messages of 20 `practice.catalogue` queries (~23 KB each answer) as fast as the socket takes them; a
 * socket the server closes is opened again. Two servers, one after the other: the shipped limits (the
 * attack as the red team ran it), and the message and connection budgets lifted
 * (WS_MAX_MESSAGES_PER_10S, WS_MAX_CONNECTIONS_PER_MINUTE) so that only the unread-replies bound
 * (WS_MAX_UNREAD_BYTES, 1 MiB) and the calls-in-flight cap stand in the way. Before the fix one 8 KB message grew the server by 136 MB and five sockets by 1.9 GB.
 * Meanwhile a bystander asks `practice.catalogue` over HTTP every 50 ms. The server's resident memory
 * (VmRSS of its process) is sampled every 25 ms: before, peak, and after the attacker has gone.
 * Goals (shipped limits): RSS grows by less than 64 MB at its peak; the bystander gets every answer. Its
 * p50/p99 are reported against the same requests with no attack, in the same run. RSS is what the
 * operating system sees: it includes garbage V8 has not collected yet, so it overstates what is held.
 */
import { readFileSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { ORIGIN, percentile, prepareDatabase, report, sleep, startServer } from './lib';

const SOCKETS = 5;
const CALLS = 20;
const MiB = 1024 * 1024;

const query = (id: number) =>
  JSON.stringify({ id, method: 'query', params: { path: 'practice.catalogue', input: { json: null, meta: { values: ['undefined'] } } } });
const batch = (first: number) => `[${Array.from({ length: CALLS }, (_, i) => query(first + i)).join(',')}]`;

function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1] ?? Number.NaN);
  return kb * 1024;
}

/** One attacking socket: opens, pauses, sends until the server closes it or `until`; then opens again. */
async function attackLane(wsUrl: string, cookie: string, until: () => boolean, tally: { sent: number; closes: Record<string, number>; refusedOpens: number }) {
  let id = 1;
  while (!until()) {
    const ws = new WebSocket(wsUrl, { headers: { cookie, origin: ORIGIN } });
    const opened = await new Promise<boolean>((resolve) => {
      ws.once('open', () => resolve(true));
      ws.once('unexpected-response', () => resolve(false));
      ws.once('error', () => resolve(false));
    });
    if (!opened) {
      tally.refusedOpens += 1;
      ws.terminate();
      await sleep(200);
      continue;
    }
    ws.pause();
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    let open = true;
    void closed.then(() => (open = false));
    while (open && !until()) {
      // As fast as the socket takes them: wait while the client's own buffer is full.
      if (ws.bufferedAmount > 256 * 1024) {
        await sleep(5);
        continue;
      }
      ws.send(batch(id));
      id += CALLS;
      tally.sent += 1;
      if (tally.sent % 50 === 0) await sleep(0);
    }
    if (open) ws.terminate();
    const code = await closed;
    tally.closes[code] = (tally.closes[code] ?? 0) + 1;
  }
}

async function bystander(url: string, cookie: string, until: () => boolean) {
  const ms: number[] = [];
  let failed = 0;
  while (!until()) {
    const started = performance.now();
    const ok = await fetch(`${url}/api/trpc/practice.catalogue`, { headers: { cookie }, signal: AbortSignal.timeout(10_000) })
      .then(async (response) => {
        await response.arrayBuffer();
        return response.status === 200;
      })
      .catch(() => false);
    if (ok) ms.push(performance.now() - started);
    else failed += 1;
    await sleep(50);
  }
  return { ms, failed };
}

async function phase(label: string, env: Record<string, string>, seconds: number) {
  const dir = mkdtempSync(join(tmpdir(), 'ascenso-bench-unread-'));
  try {
    const [victim, attacker] = await prepareDatabase(join(dir, 'app.db'), 2);
    if (!victim || !attacker) throw new Error('two users');
    const server = await startServer({ DATABASE_PATH: join(dir, 'app.db'), ...env });
    const pid = server.child.pid as number;
    const wsUrl = `${server.url.replace('http://', 'ws://')}/api/trpc-ws`;
    try {
      // Warm-up, then the bystander alone (the baseline of the same run).
      let quietUntil = Date.now() + 3_000;
      await bystander(server.url, victim.cookie, () => Date.now() > quietUntil);
      const before = rssOf(pid);
      quietUntil = Date.now() + Math.min(10, seconds) * 1_000;
      const quiet = await bystander(server.url, victim.cookie, () => Date.now() > quietUntil);

      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 25);
      const attackUntil = Date.now() + seconds * 1_000;
      const done = () => Date.now() > attackUntil;
      const tally = { sent: 0, closes: {} as Record<string, number>, refusedOpens: 0 };
      const [attacked] = await Promise.all([
        bystander(server.url, victim.cookie, done),
        ...Array.from({ length: SOCKETS }, () => attackLane(wsUrl, attacker.cookie, done, tally)),
      ]);
      await sleep(2_000);
      clearInterval(sampler);
      const after = rssOf(pid);
      const q = [...quiet.ms].sort((a, b) => a - b);
      const a = [...attacked.ms].sort((x, y) => x - y);
      const growth = peak - before;
      const ok = growth < 64 * MiB && attacked.failed === 0 && quiet.failed === 0;
      report(`${label}: unread batched replies on ${SOCKETS} sockets of one user for ${seconds} s (messages of ${CALLS} catalogue queries, never read)`, [
        ['attacker messages sent (20 calls each)', tally.sent],
        ['  sockets closed, by code seen by the client', JSON.stringify(tally.closes)],
        ['  reopenings refused', tally.refusedOpens],
        ['server RSS before / peak / after (MB)', `${(before / MiB).toFixed(1)} / ${(peak / MiB).toFixed(1)} / ${(after / MiB).toFixed(1)}`],
        ['  peak growth (MB)', (growth / MiB).toFixed(1)],
        ['bystander, no attack: p50 / p99 (ms)', `${percentile(q, 50).toFixed(1)} / ${percentile(q, 99).toFixed(1)}`],
        ['bystander, under attack: p50 / p99 (ms)', `${percentile(a, 50).toFixed(1)} / ${percentile(a, 99).toFixed(1)}`],
        ['  ratio p50 / p99', `${(percentile(a, 50) / percentile(q, 50)).toFixed(2)}× / ${(percentile(a, 99) / percentile(q, 99)).toFixed(2)}×`],
        ['  bystander requests answered / failed', `${attacked.ms.length} / ${attacked.failed}`],
        ['peak RSS growth < 64 MB, bystander always served', ok ? 'yes' : 'no'],
      ]);
      return { ok, growthMb: growth / MiB };
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function wsUnreadRepliesBench(seconds = 20) {
  const shipped = await phase('Shipped limits', {}, seconds);
  const lifted = await phase(
    'Message and connection budgets lifted (the unread bound alone)',
    { WS_MAX_MESSAGES_PER_10S: '100000', WS_MAX_CONNECTIONS_PER_MINUTE: '100000' },
    seconds,
  );
  report('Goal (shipped limits): peak RSS growth < 64 MB and the bystander always served', [['result', shipped.ok ? 'met' : 'MISSED']]);
  return { ok: shipped.ok, shipped, lifted };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = await wsUnreadRepliesBench(Number(process.argv[2] ?? 20));
  process.exit(result.ok ? 0 : 1);
}
