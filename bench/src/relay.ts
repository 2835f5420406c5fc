/**
 * (d) The coach relay's added time-to-first-token at 50 concurrent streams.
 *
 * Same run, same fake OpenAI-compatible model server (its own process; first chunk at once, then a
 * chunk every 40 ms, about 1.2 s per answer):
 * - direct: 50 workers, each streaming from the model server with fetch, one answer after another;
 * - relay: 50 signed-in users, each storing a message (`coaching.send`, HTTP) and then streaming the
 *   coach's answer through the API (`coaching.reply`, a tRPC subscription over WebSocket: ownership
 *   checks, the coach context from the database, the prompt, the OpenAI SDK, our event-stream reader,
 *   the relay, and storing the answer with its token usage), one answer after another.
 * So 50 streams are in flight at any time. Workers start at random offsets over one answer's length,
 * the way users arrive, and the first answer of each worker is not counted (warm-up). Phases are
 * interleaved (direct, relay, direct, relay, ...; RELAY_PHASES pairs, default 3) and pooled.
 * TTFT is measured where the client asks for the stream (fetch / subscribe) to the first text. Both
 * clients are equally lean: fetch with a substring check, and a raw WebSocket speaking tRPC's
 * subscription messages with one JSON.parse per message (a tRPC client library multiplexing 50 users
 * in this one process would measure itself, not the relay; a browser holds one stream).
 * Goal: added p50 ≤ 5 ms and added p99 ≤ 15 ms.
 * Also printed, for context: TTFT counted from the start of `coaching.send` (store + subscribe), and a
 * burst in which all 50 streams start in the same millisecond (a stress figure; not the goal).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { ORIGIN, percentile, prepareDatabase, report, sleep, startServer } from './lib';

const STREAMS = Number(process.env.RELAY_STREAMS ?? 50);
const PHASE_MS = Number(process.env.RELAY_PHASE_MS ?? 8000);
/** Pairs of phases (direct, relay); three give about 850 answers a side, so p99 rests on ~8 of them. */
const PHASES = Number(process.env.RELAY_PHASES ?? 3);
const ANSWER_MS = 1200;

/** The fake model server in its own process, so client-side work here cannot slow its answers. */
function startFakeModel(): Promise<{ baseURL: string; close: () => void }> {
  const script = fileURLToPath(new URL('./fake-model-server.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve) => {
    child.stdout.on('data', (chunk: Buffer) => {
      const match = /FAKE (\S+)/.exec(chunk.toString());
      if (match?.[1]) resolve({ baseURL: match[1], close: () => child.kill('SIGTERM') });
    });
  });
}

async function directStream(baseURL: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${baseURL}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer k' },
    body: JSON.stringify({
      model: 'fake',
      stream: true,
      stream_options: { include_usage: true },
      messages: [{ role: 'user', content: 'Hola' }],
    }),
  });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let ttft = Number.NaN;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    if (Number.isNaN(ttft) && decoder.decode(value, { stream: true }).includes('"content"')) ttft = performance.now() - started;
  }
  return ttft;
}

type Client = {
  cookie: string;
  conversationId: string;
  ws: WebSocket;
  nextId: number;
  handlers: Map<number, (message: TrpcMessage) => void>;
};
/** A tracked event arrives as result.data.json = { id, data: ReplyEvent }. */
type TrpcMessage = {
  id: number;
  result?: { type: string; data?: { json?: { data?: { type?: string } } } };
  error?: unknown;
};

/** The tRPC WebSocket of one user, with messages routed by subscription id. */
function connect(url: string, cookie: string, conversationId: string): Promise<Client> {
  const ws = new WebSocket(url, { headers: { cookie, origin: ORIGIN } });
  const client: Client = { cookie, conversationId, ws, nextId: 1, handlers: new Map() };
  ws.on('message', (raw) => {
    const message = JSON.parse(String(raw)) as TrpcMessage;
    client.handlers.get(message.id)?.(message);
  });
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(client));
    ws.once('error', reject);
  });
}

/** One answer through the API: TTFT from subscribing, and from the start of `send`. */
async function relayStream(serverUrl: string, client: Client, content: string): Promise<{ ttft: number; fromSend: number }> {
  const sendStarted = performance.now();
  const response = await fetch(`${serverUrl}/api/trpc/coaching.send`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: client.cookie, origin: ORIGIN },
    body: JSON.stringify({
      json: { conversationId: client.conversationId, content, clientMessageId: crypto.randomUUID() },
    }),
  });
  const sent = (await response.json()) as { result?: { data?: { json?: { userMessageId: string } } } };
  const userMessageId = sent.result?.data?.json?.userMessageId;
  if (!userMessageId) throw new Error(`send failed: ${JSON.stringify(sent)}`);
  const id = client.nextId++;
  const started = performance.now();
  return new Promise((resolve, reject) => {
    let first = Number.NaN;
    client.handlers.set(id, (message) => {
      if (message.error) return reject(new Error(JSON.stringify(message.error)));
      const type = message.result?.data?.json?.data?.type;
      if (type === 'delta' && Number.isNaN(first)) first = performance.now();
      if (type === 'done') {
        client.handlers.delete(id);
        client.ws.send(JSON.stringify({ id, method: 'subscription.stop' }));
        resolve({ ttft: first - started, fromSend: first - sendStarted });
      }
    });
    client.ws.send(
      JSON.stringify({
        id,
        method: 'subscription',
        params: { path: 'coaching.reply', input: { json: { conversationId: client.conversationId, userMessageId } } },
      }),
    );
  });
}

/** `workers` loops of `run` for `ms`, started at random offsets; the first result of each is dropped. */
async function steady<T>(workers: number, ms: number, run: (worker: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  const end = performance.now() + ms;
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      await sleep(Math.random() * ANSWER_MS);
      let first = true;
      while (performance.now() < end) {
        const result = await run(worker);
        if (!first) results.push(result);
        first = false;
      }
    }),
  );
  return results;
}

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const p = (values: number[], q: number) => percentile(sorted(values), q);

export async function relayBench() {
  const fake = await startFakeModel();
  const dir = mkdtempSync(join(tmpdir(), 'ascenso-bench-relay-'));
  try {
    const users = await prepareDatabase(join(dir, 'app.db'), STREAMS);
    const server = await startServer({
      DATABASE_PATH: join(dir, 'app.db'),
      OPENAI_BASE_URL: fake.baseURL,
      OPENAI_API_KEY: 'k',
      AI_MODEL: 'fake',
      // The relay alone: no crisis second opinion on the sends (decision 036).
      AI_CRISIS_SECOND_OPINION: 'off',
    });
    const clients: Client[] = await Promise.all(
      users.map(async (user) => {
        const started = await fetch(`${server.url}/api/trpc/coaching.start`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: user.cookie, origin: ORIGIN },
          body: JSON.stringify({ json: { kind: 'chat' } }),
        });
        const conversation = ((await started.json()) as { result: { data: { json: { id: string } } } }).result.data.json;
        return connect(`${server.url.replace('http', 'ws')}/api/trpc-ws`, user.cookie, conversation.id);
      }),
    );

    const direct: number[] = [];
    const relay: number[] = [];
    const fromSend: number[] = [];
    let turn = 0;
    for (let phase = 0; phase < PHASES; phase += 1) {
      direct.push(...(await steady(STREAMS, PHASE_MS, () => directStream(fake.baseURL))));
      const results = await steady(STREAMS, PHASE_MS, (worker) =>
        relayStream(server.url, clients[worker]!, `Mensaje ${(turn += 1)}: hoy quiero hablar de mi equipo`),
      );
      relay.push(...results.map((r) => r.ttft));
      fromSend.push(...results.map((r) => r.fromSend));
    }

    // Informational burst: all streams start together.
    const burstDirect = await Promise.all(Array.from({ length: STREAMS }, () => directStream(fake.baseURL)));
    const burstRelay = await Promise.all(clients.map((c) => relayStream(server.url, c, 'Ráfaga')));

    for (const c of clients) c.ws.close();
    await server.stop();
    const added50 = p(relay, 50) - p(direct, 50);
    const added99 = p(relay, 99) - p(direct, 99);
    const fmt = (values: number[]) => `${p(values, 50).toFixed(2)} / ${p(values, 99).toFixed(2)}`;
    report(`(d) Coach relay time-to-first-token, ${STREAMS} concurrent streams, steady state (ms)`, [
      ['answers measured: direct / relay', `${direct.length} / ${relay.length}`],
      ['direct TTFT p50 / p99', fmt(direct)],
      ['through the API TTFT p50 / p99', fmt(relay)],
      ['added p50 (goal ≤ 5)', added50],
      ['added p99 (goal ≤ 15)', added99],
      ['context: from the start of send, p50 / p99', fmt(fromSend)],
      [`context: burst of ${STREAMS} at once, direct p50 / p99`, fmt(burstDirect)],
      [`context: burst of ${STREAMS} at once, API p50 / p99`, fmt(burstRelay.map((r) => r.ttft))],
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
