/**
 * (d) The coach relay's added time-to-first-token: 50 concurrent streams through the API (tRPC
 * subscription over WebSocket: context from the database, prompt, OpenAI SDK, relay) against 50
 * concurrent streams straight to the same fake OpenAI-compatible server, in the same run.
 * Goal: p50 added ≤ 5 ms, p99 added ≤ 15 ms.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTRPCClient, createWSClient, httpLink, wsLink } from '@trpc/client';
import superjson from 'superjson';
import WebSocket from 'ws';
import type { AppRouter } from '../../apps/api/src/trpc/app-router';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ORIGIN, percentile, prepareDatabase, report, startServer } from './lib';

const STREAMS = Number(process.env.RELAY_STREAMS ?? 50);

/** The fake model server in its own process, so client-side work here cannot slow its answers. */
function startFakeModel(): Promise<{ baseURL: string; close: () => void }> {
  const script = fileURLToPath(new URL('./fake-model-server.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', script], { cwd: fileURLToPath(new URL('..', import.meta.url)), stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve) => {
    child.stdout.on('data', (chunk: Buffer) => {
      const match = /FAKE (\S+)/.exec(chunk.toString());
      if (match?.[1]) resolve({ baseURL: match[1], close: () => child.kill('SIGTERM') });
    });
  });
}

async function directTtft(baseURL: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${baseURL}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer k' },
    body: JSON.stringify({ model: 'fake', stream: true, messages: [{ role: 'user', content: 'Hola' }] }),
  });
  const reader = response.body!.getReader();
  let ttft = Number.NaN;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    if (Number.isNaN(ttft) && new TextDecoder().decode(value).includes('"content"')) ttft = performance.now() - started;
  }
  return ttft;
}

export async function relayBench(rounds = 3) {
  const fake = await startFakeModel();
  const dir = mkdtempSync(join(tmpdir(), 'ascenso-bench-relay-'));
  try {
    const users = await prepareDatabase(join(dir, 'app.db'), STREAMS);
    const server = await startServer({ DATABASE_PATH: join(dir, 'app.db'), OPENAI_BASE_URL: fake.baseURL, OPENAI_API_KEY: 'k', AI_MODEL: 'fake' });
    const clients = users.map((user) => {
      class CookieWebSocket extends WebSocket {
        constructor(url: string | URL, protocols?: string | string[]) {
          super(url, protocols, { headers: { cookie: user.cookie, origin: ORIGIN } });
        }
      }
      const ws = createWSClient({ url: `${server.url.replace('http', 'ws')}/api/trpc-ws`, WebSocket: CookieWebSocket as never });
      const http = createTRPCClient<AppRouter>({ links: [httpLink({ url: `${server.url}/api/trpc`, transformer: superjson, headers: { cookie: user.cookie, origin: ORIGIN } })] });
      const live = createTRPCClient<AppRouter>({ links: [wsLink({ client: ws, transformer: superjson })] });
      return { http, live, ws };
    });
    const conversations = await Promise.all(clients.map((c) => c.http.coaching.start.mutate({ kind: 'chat' })));
    // Warm the WebSocket connections (the relay is measured, not the handshake).
    await Promise.all(clients.map((c) => c.live.health.query()));

    const relay: number[] = [];
    const direct: number[] = [];
    for (let round = 0; round < rounds; round += 1) {
      direct.push(...(await Promise.all(Array.from({ length: STREAMS }, () => directTtft(fake.baseURL)))));
      const messages = await Promise.all(
        clients.map((c, i) => c.http.coaching.send.mutate({ conversationId: conversations[i]!.id, content: `Hola ${round}`, clientMessageId: crypto.randomUUID() })),
      );
      relay.push(
        ...(await Promise.all(
          clients.map(
            (c, i) =>
              new Promise<number>((resolve, reject) => {
                const started = performance.now();
                let first = Number.NaN;
                const sub = c.live.coaching.reply.subscribe(
                  { conversationId: conversations[i]!.id, userMessageId: messages[i]!.userMessageId },
                  {
                    onData: (event) => {
                      const data = (event as { data: { type: string } }).data;
                      if (data.type === 'delta' && Number.isNaN(first)) first = performance.now() - started;
                      if (data.type === 'done') {
                        sub.unsubscribe();
                        resolve(first);
                      }
                    },
                    onError: reject,
                  },
                );
              }),
          ),
        )),
      );
    }
    for (const c of clients) c.ws.close();
    await server.stop();
    const sortedRelay = [...relay].sort((a, b) => a - b);
    const sortedDirect = [...direct].sort((a, b) => a - b);
    const added50 = percentile(sortedRelay, 50) - percentile(sortedDirect, 50);
    const added99 = percentile(sortedRelay, 99) - percentile(sortedDirect, 99);
    report(`(d) Coach relay time-to-first-token, ${STREAMS} concurrent streams × ${rounds} rounds (ms)`, [
      ['direct TTFT p50 / p99', `${percentile(sortedDirect, 50).toFixed(2)} / ${percentile(sortedDirect, 99).toFixed(2)}`],
      ['through the API TTFT p50 / p99', `${percentile(sortedRelay, 50).toFixed(2)} / ${percentile(sortedRelay, 99).toFixed(2)}`],
      ['added p50 (goal ≤ 5)', added50],
      ['added p99 (goal ≤ 15)', added99],
    ]);
    return { ok: added50 <= 5 && added99 <= 15, added50, added99 };
  } finally {
    fake.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await relayBench();
  if (!result.ok) process.exit(1);
}
