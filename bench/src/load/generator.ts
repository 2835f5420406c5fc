/**
 * The load bench's simulated users, in a process of their own (forked by bench/src/load.ts, driven over
 * IPC). Each user behaves like a browser tab, with think times divided by the compression factor k:
 *
 *   session (30 min / k):  sign in (tRPC auth.login) → Home (`GET /`, server-rendered with its bootstrap
 *                          state: the queries Home needs come in the page, so the browser sends none after
 *                          hydration) → a tRPC WebSocket with `activities.onCompleted` and
 *                          `auth.onSessionEvent` open for the whole session → … → sign out (auth.logout),
 *                          then a new session at once
 *   every 30 s / k:        `activities.stats` (GET, tRPC)
 *   every 4 min / k:       a breathing practice (at least 36 s apart: with k = 10, every 6 min): `practice.start`, then `practice.complete` 26 s later in
 *                          real time after `start` answered (the server refuses a practice claimed longer than the time that has
 *                          passed, and a breathing practice counts from 30 s: 26 s + its 5 s tolerance)
 *   every 10 min / k:      a coach chat turn: `coaching.start` once per session, `coaching.send`, then the
 *                          answer streamed by `coaching.reply` over the WebSocket from the fake model
 *
 * Open loop: every request has a scheduled time, computed from the previous schedule and never from
 * an answer (a dependent request — `complete` needs `start`'s id — waits for it, but its latency still
 * counts from its own schedule). Latency = answer's end − scheduled time. Sockets are real: one
 * WebSocket per simulated user; k multiplies nothing but the pace.
 *
 * Each user speaks from an address of its own in the loopback /8 (127.0.1.2, 127.0.1.3, … 250 per
 * /24), through a keep-alive agent of its own: the shipped per-address limits (sign-in, Argon2 queue,
 * sockets) see one person per address, as people at home behind the proxy.
 */
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import WebSocket from 'ws';
import { LOAD_PASSWORD, loadEmail } from './accounts';

export type GeneratorInit = { type: 'init'; url: string; origin: string; k: number };
export type StepCommand = { type: 'step'; users: number; warmupMs: number; windowMs: number };
export type StepResult = {
  type: 'result';
  /** Latencies (ms) by request kind, of requests scheduled inside the window. */
  latencies: Record<string, number[]>;
  /** Failed requests (status or network error, or unanswered 5 s after the window) by kind and reason. */
  failures: Record<string, number>;
  /** Coach answers: first text after subscribing (ms), and whole answers. */
  ttft: number[];
  answers: number;
  /** Completions acknowledged in the window, and completion events that reached the user's socket. */
  completionsAcked: number;
  completionEvents: number;
  /** The generator's own event-loop delay p99 and max in the window (ms): high means the generator lagged. */
  loopDelayP99: number;
  loopDelayMax: number;
  /** Requests over 200 ms by the second of the window they were scheduled in (where the tail sits). */
  slowBySecond: Record<string, number>;
};

const SECOND = 1000;
const PRACTICE_WAIT_MS = 26 * SECOND;
const ADDRESSES = 250;
const REQUEST_TIMEOUT_MS = 30 * SECOND;

let target: GeneratorInit;
const agents = new Map<string, http.Agent>();
function agentFor(address: string): http.Agent {
  let agent = agents.get(address);
  if (!agent) {
    agent = new http.Agent({ keepAlive: true, maxSockets: 6, localAddress: address });
    agents.set(address, agent);
  }
  return agent;
}

// ---- recording ----
let windowStart = Number.POSITIVE_INFINITY;
let windowEnd = Number.POSITIVE_INFINITY;
let latencies: Record<string, number[]> = {};
let failures: Record<string, number> = {};
let ttft: number[] = [];
let answers = 0;
let completionsAcked = 0;
let completionEvents = 0;
let slowBySecond: Record<string, number> = {};
const outstanding = new Map<number, { kind: string; scheduled: number }>();
let nextRequestId = 0;
const inWindow = (scheduled: number) => scheduled >= windowStart && scheduled < windowEnd;

function fail(kind: string, reason: string) {
  const key = `${kind} ${reason}`;
  failures[key] = (failures[key] ?? 0) + 1;
}

type Answer = { status: number; body: string; setCookie: string[]; retryAfter: number | undefined };

/** One HTTP request, timed from `scheduled` (performance.now()) when it falls inside the window. */
function request(
  kind: string,
  scheduled: number,
  address: string,
  method: 'GET' | 'POST',
  path: string,
  cookie: string | null,
  body?: unknown,
): Promise<Answer | null> {
  const id = nextRequestId++;
  outstanding.set(id, { kind, scheduled });
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const headers: Record<string, string> = { origin: target.origin };
  if (cookie) headers.cookie = cookie;
  if (payload !== undefined) headers['content-type'] = 'application/json';
  if (kind === 'home') headers.accept = 'text/html';
  return new Promise((resolve) => {
    const finish = (answer: Answer | null, reason?: string) => {
      if (!outstanding.delete(id)) return resolve(answer);
      if (inWindow(scheduled)) {
        const latency = performance.now() - scheduled;
        if (latency > 200 && kind !== 'signin') {
          const second = String(Math.floor((scheduled - windowStart) / SECOND));
          slowBySecond[second] = (slowBySecond[second] ?? 0) + 1;
        }
        if (answer && answer.status >= 200 && answer.status < 300) (latencies[kind] ??= []).push(latency);
        else fail(kind, reason ?? String(answer?.status ?? 'error'));
      }
      resolve(answer);
    };
    const req = http.request(`${target.url}${path}`, { method, agent: agentFor(address), headers, timeout: REQUEST_TIMEOUT_MS }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        finish({
          status: res.statusCode ?? 0,
          body: Buffer.concat(chunks).toString(),
          setCookie: res.headers['set-cookie'] ?? [],
          retryAfter: res.headers['retry-after'] ? Number(res.headers['retry-after']) : undefined,
        }),
      );
      res.on('error', () => finish(null, 'reset'));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (error) => finish(null, error.message.slice(0, 40)));
    req.end(payload);
  });
}

const sleepUntil = (at: number) => new Promise<void>((r) => setTimeout(r, Math.max(0, at - performance.now())));
const json = <T>(answer: Answer | null): T | undefined => {
  if (!answer || answer.status >= 300) return undefined;
  try {
    return (JSON.parse(answer.body) as { result?: { data?: { json?: T } } }).result?.data?.json;
  } catch {
    return undefined;
  }
};

type TrpcMessage = { id: number; result?: { type: string; data?: { json?: { data?: { type?: string } } } }; error?: unknown };

class User {
  private stopped = false;
  private session = 0;
  private timers = new Set<NodeJS.Timeout>();
  private ws: WebSocket | null = null;
  private handlers = new Map<number, (message: TrpcMessage) => void>();
  private nextSubscription = 10;
  private cookie: Promise<string | null> = Promise.resolve(null);
  private conversation: Promise<string | null> | null = null;

  constructor(
    private readonly index: number,
    private readonly k: number,
  ) {}

  private get address() {
    return `127.0.${1 + Math.floor(this.index / ADDRESSES)}.${2 + (this.index % ADDRESSES)}`;
  }

  /** Starts the first session at `at`; its length is random so that sessions end spread out. */
  start(at: number) {
    this.schedule(at, () => this.beginSession(at, Math.random()));
  }

  stop() {
    this.stopped = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    this.ws?.close();
  }

  private schedule(at: number, fn: () => void) {
    const timer = setTimeout(
      () => {
        this.timers.delete(timer);
        if (!this.stopped) fn();
      },
      Math.max(0, at - performance.now()),
    );
    this.timers.add(timer);
  }

  private every(first: number, interval: number, until: number, fn: (scheduled: number) => void) {
    const tick = (at: number) => {
      if (at >= until) return;
      this.schedule(at, () => {
        fn(at);
        tick(at + interval);
      });
    };
    tick(first);
  }

  private beginSession(at: number, lengthShare = 1) {
    const session = ++this.session;
    const k = this.k;
    const length = (30 * 60 * SECOND * lengthShare) / k;
    const end = at + Math.max(length, 5 * SECOND);
    this.conversation = null;
    this.cookie = this.signIn(at).then(async (cookie) => {
      if (!cookie || this.stopped || session !== this.session) return cookie;
      await request('home', performance.now(), this.address, 'GET', '/', cookie);
      this.openSocket(cookie);
      return cookie;
    });
    const stats = (30 * SECOND) / k;
    this.every(at + Math.random() * stats, stats, end, (scheduled) => void this.stats(scheduled));
    // At least 10 s between one practice's completion and the next start (a late answer must not make the
    // next start abandon the running practice).
    const practice = Math.max((4 * 60 * SECOND) / k, PRACTICE_WAIT_MS + 10 * SECOND);
    this.every(at + Math.random() * practice, practice, end - PRACTICE_WAIT_MS, (scheduled) => void this.practice(scheduled));
    const chat = (10 * 60 * SECOND) / k;
    this.every(at + Math.random() * chat, chat, end, (scheduled) => void this.chat(scheduled));
    this.schedule(end, () => void this.endSession(end, session));
  }

  /** Signs in, and tries again after a refusal (Retry-After, at least 1 s) until it gets in: a person does. */
  private async signIn(scheduled: number): Promise<string | null> {
    const session = this.session;
    while (!this.stopped && session === this.session) {
      const answer = await request('signin', scheduled, this.address, 'POST', '/api/trpc/auth.login', null, {
        json: { email: loadEmail(this.index), password: LOAD_PASSWORD },
      });
      const cookie = answer?.setCookie.map((c) => c.split(';')[0] ?? '').find((c) => c.includes('session='));
      if (answer?.status === 200 && cookie) return cookie;
      scheduled = performance.now() + Math.max(1, answer?.retryAfter ?? 1) * SECOND;
      await sleepUntil(scheduled);
    }
    return null;
  }

  private openSocket(cookie: string) {
    const ws = new WebSocket(`${target.url.replace('http', 'ws')}/api/trpc-ws`, { headers: { cookie, origin: target.origin }, localAddress: this.address });
    this.ws = ws;
    this.handlers = new Map();
    ws.on('message', (raw) => {
      const text = String(raw);
      // tRPC's keep-alive: the server sends PING, the client answers PONG.
      if (text === 'PING') return ws.send('PONG');
      const message = JSON.parse(text) as TrpcMessage;
      if (message.id === 1 && message.result?.type === 'data' && inWindow(performance.now())) completionEvents += 1;
      this.handlers.get(message.id)?.(message);
    });
    ws.on('error', () => fail('socket', 'error'));
    ws.once('open', () => {
      ws.send(JSON.stringify({ id: 1, method: 'subscription', params: { path: 'activities.onCompleted', input: { json: {} } } }));
      ws.send(JSON.stringify({ id: 2, method: 'subscription', params: { path: 'auth.onSessionEvent' } }));
    });
  }

  private async stats(scheduled: number) {
    const cookie = await this.cookie;
    if (cookie) await request('stats', scheduled, this.address, 'GET', '/api/trpc/activities.stats', cookie);
  }

  private async practice(scheduled: number) {
    const cookie = await this.cookie;
    if (!cookie || this.stopped) return;
    const started = json<{ sessionId: string }>(
      await request('practice.start', scheduled, this.address, 'POST', '/api/trpc/practice.start', cookie, {
        json: { kind: 'breathing', ref: 'cuadrada', minutes: 1 },
      }),
    );
    if (!started) return;
    // The person practises from the moment the start was answered (the server's clock counts from there).
    const completeAt = performance.now() + PRACTICE_WAIT_MS;
    await sleepUntil(completeAt);
    if (this.stopped) return;
    const answer = await request('practice.complete', completeAt, this.address, 'POST', '/api/trpc/practice.complete', cookie, {
      json: { sessionId: started.sessionId, practicedSeconds: 30 },
    });
    if (answer?.status === 200 && inWindow(completeAt)) completionsAcked += 1;
  }

  private async chat(scheduled: number) {
    const cookie = await this.cookie;
    if (!cookie || this.stopped) return;
    this.conversation ??= request('coaching.start', scheduled, this.address, 'POST', '/api/trpc/coaching.start', cookie, { json: { kind: 'chat' } }).then(
      (answer) => json<{ id: string }>(answer)?.id ?? null,
    );
    const conversationId = await this.conversation;
    if (!conversationId || this.stopped) return;
    const sent = json<{ userMessageId: string }>(
      await request('coaching.send', scheduled, this.address, 'POST', '/api/trpc/coaching.send', cookie, {
        json: { conversationId, content: 'Hoy quiero hablar de cómo organizo mi semana', clientMessageId: crypto.randomUUID() },
      }),
    );
    const ws = this.ws;
    if (!sent || !ws || ws.readyState !== WebSocket.OPEN) return;
    const id = this.nextSubscription++;
    const subscribed = performance.now();
    const counted = inWindow(scheduled);
    let first = Number.NaN;
    this.handlers.set(id, (message) => {
      if (message.error) {
        this.handlers.delete(id);
        if (counted) fail('coaching.reply', 'error');
        return;
      }
      const type = message.result?.data?.json?.data?.type;
      if (type === 'delta' && Number.isNaN(first)) {
        first = performance.now();
        if (counted) ttft.push(first - subscribed);
      }
      if (type === 'done') {
        this.handlers.delete(id);
        if (counted) answers += 1;
        if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ id, method: 'subscription.stop' }));
      }
    });
    ws.send(
      JSON.stringify({
        id,
        method: 'subscription',
        params: { path: 'coaching.reply', input: { json: { conversationId, userMessageId: sent.userMessageId } } },
      }),
    );
  }

  private async endSession(scheduled: number, session: number) {
    const cookie = await this.cookie;
    if (this.stopped || session !== this.session) return;
    this.ws?.close();
    this.ws = null;
    if (cookie) await request('logout', scheduled, this.address, 'POST', '/api/trpc/auth.logout', cookie, { json: null });
    if (!this.stopped) this.beginSession(performance.now());
  }
}

const users: User[] = [];
const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();

async function step(command: StepCommand): Promise<StepResult> {
  // More users: the new ones arrive spread over the warm-up; fewer: the last ones leave.
  const now = performance.now();
  while (users.length < command.users) {
    const user = new User(users.length, target.k);
    user.start(now + Math.random() * command.warmupMs);
    users.push(user);
  }
  while (users.length > command.users) users.pop()?.stop();
  latencies = {};
  failures = {};
  ttft = [];
  answers = 0;
  completionsAcked = 0;
  completionEvents = 0;
  slowBySecond = {};
  windowStart = now + command.warmupMs;
  windowEnd = windowStart + command.windowMs;
  await sleepUntil(windowStart);
  loop.reset();
  process.send?.({ type: 'window-start' });
  await sleepUntil(windowEnd);
  const loopDelayP99 = loop.percentile(99) / 1e6;
  const loopDelayMax = loop.max / 1e6;
  process.send?.({ type: 'window-end' });
  // Requests of the window still unanswered after 5 s fail (the criterion is 200 ms).
  const deadline = performance.now() + 5 * SECOND;
  while (performance.now() < deadline && [...outstanding.values()].some((r) => inWindow(r.scheduled))) await sleepUntil(performance.now() + 100);
  for (const [id, r] of outstanding) {
    if (inWindow(r.scheduled)) {
      outstanding.delete(id);
      fail(r.kind, 'unanswered after 5 s');
    }
  }
  const result: StepResult = {
    type: 'result',
    latencies,
    failures,
    ttft,
    answers,
    completionsAcked,
    completionEvents,
    loopDelayP99,
    loopDelayMax,
    slowBySecond,
  };
  windowStart = windowEnd = Number.POSITIVE_INFINITY;
  return result;
}

process.on('message', (message: GeneratorInit | StepCommand | { type: 'stop' }) => {
  if (message.type === 'init') {
    target = message;
    process.send?.({ type: 'ready' });
  } else if (message.type === 'step') {
    void step(message).then((result) => process.send?.(result));
  } else {
    for (const user of users) user.stop();
    for (const agent of agents.values()) agent.destroy();
    process.exit(0);
  }
});
