import { SAMPLE_JOURNAL_ENTRY, SAMPLE_SESSION_ANSWERS } from '@ascenso/domain/evidence.fixtures';
import { expect, type APIRequestContext, type Locator, type Page, type WebSocketRoute } from '@playwright/test';
import { uniqueEmail } from './auth';
import { verifyEmailViaOutbox } from './email-verification';
import { advanceServerClock } from './clock';
import { APP_ORIGIN } from './ports';

/** The server's allowed Origin: every non-GET request must carry it (browsers do). */
export { APP_ORIGIN };

export interface ApiUser {
  id: string;
  firstName: string;
  email: string;
}

export interface CompletionResult {
  activityId: string;
  activityKey: string;
  stepsEarned: number;
  totalSteps: number;
  todayCount: number;
  dailyLimit: number;
  limitReached: boolean;
}

/**
 * Registers a fresh user through the API with the page's request context, so the page shares the new
 * session cookie (tests stay independent of each other and of the demo data).
 */
export async function registerViaApi(page: Page, firstName: string): Promise<ApiUser> {
  const response = await page.request.post('/api/auth/register', {
    data: {
      email: uniqueEmail('pasos'),
      password: 'Un paseo largo por la sierra',
      firstName,
      lastName: 'Prueba Pasos',
    },
    headers: { Origin: APP_ORIGIN },
  });
  expect(response.status()).toBe(201);
  const user = (await response.json()) as ApiUser;
  // Confirmed, like every helper-registered member: no banner above the screens these specs measure.
  await verifyEmailViaOutbox(user.email);
  return user;
}

/**
 * Completes an activity "elsewhere", the way the server accepts it since steps need evidence (decision
 * 014): the activity is really done on the server first (a journal entry of 50+ words, a structured
 * session, a practice started on the server and finished after the test clock moved on), then reported
 * through the documented REST path, whose answer replays the server's award.
 */
export async function completeViaApi(request: APIRequestContext, activityKey: string): Promise<CompletionResult> {
  await finishOnServer(request, activityKey);
  const response = await request.post('/api/activity-log', {
    data: { activity_key: activityKey },
    headers: { Origin: APP_ORIGIN },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as CompletionResult;
}

/** The coach's streamed answer to one message, read to its end over HTTP (tRPC's server-sent events). */
async function readReply(request: APIRequestContext, conversationId: string, userMessageId: string): Promise<void> {
  const input = encodeURIComponent(JSON.stringify({ json: { conversationId, userMessageId } }));
  const response = await request.get(`/api/trpc/coaching.reply?input=${input}`, { headers: { Origin: APP_ORIGIN } });
  expect(response.status(), await response.text()).toBe(200);
  expect(await response.text()).toContain('"type":"done"');
}

async function trpc<T>(request: APIRequestContext, path: string, input?: unknown): Promise<T> {
  const response =
    input === undefined
      ? await request.get(`/api/trpc/${path}`)
      : await request.post(`/api/trpc/${path}`, { data: { json: input }, headers: { Origin: APP_ORIGIN } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { result: { data: { json: T } } }).result.data.json;
}

const PRACTICES: Record<string, { kind: 'breathing' | 'fitness' | 'active_break'; ref?: string; minutes?: number; band?: string }> = {
  active_break: { kind: 'active_break', ref: 'cuello' },
  breathing_short: { kind: 'breathing', ref: 'cuadrada', minutes: 1 },
  breathing_long: { kind: 'breathing', ref: 'suspiro-ciclico', minutes: 5 },
  fitness_class_short: { kind: 'fitness', band: 'corta' },
  fitness_class_medium: { kind: 'fitness', band: 'media' },
  fitness_class_long: { kind: 'fitness', band: 'larga' },
};

/** Does `activityKey` for real on the server (which awards it against that evidence). */
async function finishOnServer(request: APIRequestContext, activityKey: string): Promise<void> {
  if (activityKey === 'journaling') {
    await trpc(request, 'journaling.create', { mood: 'calma', body: SAMPLE_JOURNAL_ENTRY });
    return;
  }
  if (activityKey === 'sesion_completa') {
    // One answer per stage, each with substance (decision 037); the coach's answer moves the session on.
    const session = await trpc<{ id: string }>(request, 'coaching.start', { kind: 'session' });
    for (const content of SAMPLE_SESSION_ANSWERS.slice(0, 3)) {
      const sent = await trpc<{ userMessageId: string }>(request, 'coaching.send', {
        conversationId: session.id,
        content,
        clientMessageId: crypto.randomUUID(),
      });
      await readReply(request, session.id, sent.userMessageId);
    }
    await trpc(request, 'coaching.finishSession', { conversationId: session.id });
    return;
  }
  const practice = PRACTICES[activityKey];
  if (!practice) throw new Error(`completeViaApi: no server-side way to do ${activityKey}`);
  let ref = practice.ref;
  if (practice.kind === 'fitness') {
    const catalogue = await trpc<{ fitness: Array<{ id: string; band: string }> }>(request, 'practice.catalogue');
    ref = catalogue.fitness.find((c) => c.band === practice.band)?.id;
  }
  const started = await trpc<{ sessionId: string; plannedSeconds: number }>(request, 'practice.start', {
    kind: practice.kind,
    ref,
    ...(practice.minutes ? { minutes: practice.minutes } : {}),
  });
  await advanceServerClock((started.plannedSeconds + 1) * 1000);
  await trpc(request, 'practice.complete', { sessionId: started.sessionId, practicedSeconds: started.plannedSeconds });
}

/** The app's one WebSocket: tRPC subscriptions (`activities.onCompleted`, `auth.onSessionEvent`). */
export const TRPC_WS_PATH = '/api/trpc-ws';

/** The JSON messages of a tRPC WebSocket frame (one message or a batch). */
function framesOf(payload: string | Buffer): Array<{ id?: unknown; method?: string; params?: { path?: string }; result?: { type?: string } }> {
  if (typeof payload !== 'string') return [];
  try {
    const parsed: unknown = JSON.parse(payload);
    return (Array.isArray(parsed) ? parsed : [parsed]) as Array<{
      id?: unknown;
      method?: string;
      params?: { path?: string };
      result?: { type?: string };
    }>;
  } catch {
    return []; // PING / PONG
  }
}

/**
 * Resolves once the page's live completions are flowing: the `activities.onCompleted` subscription
 * has started on its `/api/trpc-ws` socket. Call it before navigating.
 */
export function waitForRealtime(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) => {
      if (new URL(socket.url()).pathname !== TRPC_WS_PATH) return;
      const ids = new Set<unknown>();
      socket.on('framesent', (frame) => {
        for (const message of framesOf(frame.payload)) {
          if (message.method === 'subscription' && message.params?.path === 'activities.onCompleted') ids.add(message.id);
        }
      });
      socket.on('framereceived', (frame) => {
        if (framesOf(frame.payload).some((message) => ids.has(message.id) && message.result?.type === 'started')) resolve();
      });
    });
  });
}

/**
 * Routes the page's `/api/trpc-ws` sockets through the test (Playwright `routeWebSocket`): each one is
 * passed on to the real server, frame by frame, unless `refuse()` says to close it at once. `started`
 * counts each time `activities.onCompleted` has started on a socket; `drop(code)` closes the current
 * one (the page sees `code`, as if the server had closed it).
 */
export async function routeTrpcSocket(page: Page, refuse: () => boolean = () => false) {
  const state = { connections: 0, started: 0 };
  let current: { page: WebSocketRoute; server: WebSocketRoute } | undefined;
  await page.routeWebSocket(/\/api\/trpc-ws$/, (ws) => {
    state.connections += 1;
    if (refuse()) {
      // Opens (a mocked socket), then closes as a server going away would.
      setTimeout(() => void ws.close({ code: 1011, reason: 'test: server away' }), 100);
      return;
    }
    const server = ws.connectToServer();
    current = { page: ws, server };
    const ids = new Set<unknown>();
    ws.onMessage((message) => {
      for (const m of framesOf(message)) if (m.method === 'subscription' && m.params?.path === 'activities.onCompleted') ids.add(m.id);
      server.send(message);
    });
    server.onMessage((message) => {
      if (framesOf(message).some((m) => ids.has(m.id) && m.result?.type === 'started')) state.started += 1;
      ws.send(message);
    });
  });
  return {
    state,
    drop: async (code: number) => {
      await current?.server.close({ code: 1000, reason: 'test' });
      await current?.page.close({ code, reason: 'test' });
    },
  };
}

/** Every WebSocket the page opens, by path (attach before navigating). */
export function recordSockets(page: Page): string[] {
  const paths: string[] = [];
  page.on('websocket', (socket) => paths.push(new URL(socket.url()).pathname));
  return paths;
}

/** "12.345" as the app writes it (es-ES). */
export function esNumber(value: number): string {
  return new Intl.NumberFormat('es-ES').format(value);
}

export function stepToasts(page: Page): Locator {
  return page.getByRole('status', { name: 'Pasos conseguidos' });
}

export function stepCounter(page: Page): Locator {
  return page.getByRole('complementary', { name: 'Tus pasos' });
}

/** The counter's link to /profile, whose name starts with the total ("1250 pasos, ver tu perfil"). */
export function stepCounterLink(page: Page, total?: number): Locator {
  const name = total === undefined ? /pasos?, ver tu perfil$/ : new RegExp(`^${esNumber(total).replaceAll('.', '\\.')} pasos?, ver tu perfil$`);
  return stepCounter(page).getByRole('link', { name });
}
