import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import type { DailyPlan } from '../plan';
import { CRISIS_SCREEN_FORMAT } from '../safety/second-opinion';

/** A valid daily plan as a model writes it (structured output), for tests that script the fake's answer. */
export const SAMPLE_PLAN: DailyPlan = {
  intro: 'Plan de prueba del modelo falso.',
  items: [
    { area: 'breathing', title: 'Respiración 4-7-8', reason: 'Para empezar con calma.', minutes: 4 },
    { area: 'journal', title: 'Escribe tres líneas', reason: 'Para ordenar el día.', minutes: 5 },
    { area: 'coaching', title: 'Consulta rápida', reason: 'Para decidir tu prioridad.', minutes: 5 },
  ],
};

export type FakeReply =
  | { kind: 'text'; text: string; chunks?: string[]; delayMs?: number; finishReason?: string }
  | { kind: 'error'; status: number; body?: unknown; headers?: Record<string, string> }
  /** No answer at all: the request waits until the client gives up. */
  | { kind: 'hang' }
  /** Streams: the headers and these chunks, then nothing until the client gives up. */
  | { kind: 'stall'; chunks?: string[] }
  /** Streams these chunks, then closes the connection with no finish_reason and no [DONE]. */
  | { kind: 'truncate'; chunks: string[] };

/**
 * What the crisis second opinion (a chat completion whose response format is the `crisis_screen` JSON
 * schema) gets: an opinion (default: no crisis), a failure, silence, or any text as the model's content.
 * These requests have their own script and their own log (`screenRequests`), so a test of the coach's
 * replies sees only its own calls.
 */
export type FakeScreenReply =
  | { kind: 'opinion'; crisis: boolean; families?: string[]; delayMs?: number }
  | { kind: 'error'; status: number }
  | { kind: 'hang' }
  | { kind: 'content'; text: string };

/** The fake's answer to a second opinion until a test scripts another. */
export const DEFAULT_SCREEN_REPLY: FakeScreenReply = { kind: 'opinion', crisis: false, families: [] };

/** Whether a chat completion request is the crisis screen's second opinion. */
export function isScreenRequest(body: unknown): boolean {
  return (body as { response_format?: { json_schema?: { name?: string } } } | null)?.response_format?.json_schema?.name === CRISIS_SCREEN_FORMAT;
}

/** What one second opinion costs in the fake (its own figures, told apart from a reply's 11 + 7). */
export const FAKE_SCREEN_USAGE = { prompt_tokens: 40, completion_tokens: 8, total_tokens: 48 };

/** What `/v1/audio/transcriptions` answers next. */
export type FakeTranscriptionReply =
  | { kind: 'text'; text: string; delayMs?: number }
  | { kind: 'error'; status: number; body?: unknown; headers?: Record<string, string> }
  /** Any body with any content type (e.g. not JSON). */
  | { kind: 'raw'; status?: number; contentType: string; body: string }
  /** No answer at all: the request waits until the client gives up. */
  | { kind: 'hang' };

/** One transcription request as the fake parsed it (multipart, with the platform's FormData parser). */
export type FakeTranscriptionRequest = {
  model: string | null;
  language: string | null;
  responseFormat: string | null;
  /** The Authorization header the client sent (null: none). */
  authorization: string | null;
  /** The uploaded file's size in bytes, its name and type; null when the request had no file. */
  file: { size: number; name: string; type: string } | null;
};

export const DEFAULT_FAKE_TRANSCRIPT = 'Hoy quiero caminar veinte minutos después de comer.';

export type FakeOpenAIServer = {
  baseURL: string;
  requests: Array<{ path: string; body: unknown }>;
  /** Requests to `/v1/audio/transcriptions` (they are not in `requests`). */
  transcriptions: FakeTranscriptionRequest[];
  /** Scripts the next transcription answers (default: `{ text: DEFAULT_FAKE_TRANSCRIPT }`). */
  transcriptionReply: (next: FakeTranscriptionReply) => void;
  /** Transcription requests open right now, and the most open at once. */
  openTranscriptions: () => number;
  maxOpenTranscriptions: () => number;
  /** Requests whose connection the client closed before the server finished answering. */
  abortedRequests: () => number;
  /** Chat requests whose connection is open right now, and the most open at once. */
  openRequests: () => number;
  maxOpenRequests: () => number;
  reply: (next: FakeReply) => void;
  /** Crisis second-opinion requests (not in `requests`), and the script of their answers. */
  screenRequests: Array<{ body: unknown }>;
  screenReply: (next: FakeScreenReply) => void;
  close: () => Promise<void>;
};

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks).toString('utf8');
  return raw ? JSON.parse(raw) : null;
}

/**
 * An OpenAI-compatible HTTP server on 127.0.0.1 for tests: chat completions (plain and SSE) and models.
 * Tests start it and close it; nothing leaves the machine.
 */
export async function startFakeOpenAIServer(): Promise<FakeOpenAIServer> {
  let next: FakeReply = { kind: 'text', text: 'Hola' };
  let aborted = 0;
  let open = 0;
  let maxOpen = 0;
  const requests: FakeOpenAIServer['requests'] = [];
  const transcriptions: FakeTranscriptionRequest[] = [];
  let nextTranscription: FakeTranscriptionReply = { kind: 'text', text: DEFAULT_FAKE_TRANSCRIPT };
  let openTranscriptions = 0;
  let maxOpenTranscriptions = 0;

  const transcribe = async (req: IncomingMessage, res: ServerResponse) => {
    openTranscriptions += 1;
    maxOpenTranscriptions = Math.max(maxOpenTranscriptions, openTranscriptions);
    res.on('close', () => {
      openTranscriptions -= 1;
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
    const form = await new Request('http://fake.local/v1/audio/transcriptions', {
      method: 'POST',
      headers,
      body: Readable.toWeb(req) as ReadableStream<Uint8Array>,
      duplex: 'half',
    } as RequestInit).formData();
    const field = (name: string) => {
      const value = form.get(name);
      return typeof value === 'string' ? value : null;
    };
    const file = form.get('file');
    transcriptions.push({
      authorization: req.headers.authorization ?? null,
      model: field('model'),
      language: field('language'),
      responseFormat: field('response_format'),
      file: file !== null && typeof file !== 'string' ? { size: file.size, name: file.name, type: file.type } : null,
    });
    const reply = nextTranscription;
    if (reply.kind === 'hang') return;
    if (reply.kind === 'error') {
      res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
      res.end(JSON.stringify(reply.body ?? { error: { message: 'fallo', type: 'server_error' } }));
      return;
    }
    if (reply.kind === 'raw') {
      res.writeHead(reply.status ?? 200, { 'content-type': reply.contentType });
      res.end(reply.body);
      return;
    }
    if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
    if (res.destroyed) return;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ text: reply.text }));
  };

  const screenRequests: FakeOpenAIServer['screenRequests'] = [];
  let nextScreen: FakeScreenReply = DEFAULT_SCREEN_REPLY;
  const screen = async (body: unknown, res: ServerResponse) => {
    screenRequests.push({ body });
    const reply = nextScreen;
    if (reply.kind === 'hang') return;
    if (reply.kind === 'error') {
      res.writeHead(reply.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'fallo', type: 'server_error' } }));
      return;
    }
    if (reply.kind === 'opinion' && reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
    if (res.destroyed) return;
    const content = reply.kind === 'content' ? reply.text : JSON.stringify({ crisis: reply.crisis, families: reply.families ?? [] });
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        id: 'cmpl-screen',
        object: 'chat.completion',
        created: 0,
        model: 'fake',
        choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
        usage: FAKE_SCREEN_USAGE,
      }),
    );
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const path = req.url ?? '';
    if (req.method === 'POST' && path.endsWith('/audio/transcriptions')) {
      await transcribe(req, res);
      return;
    }
    if (req.method === 'GET' && path.endsWith('/models')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ object: 'list', data: [{ id: 'fake-model', object: 'model' }] }));
      return;
    }
    const body = (await readJson(req)) as { stream?: boolean; model?: string } | null;
    if (isScreenRequest(body)) {
      await screen(body, res);
      return;
    }
    requests.push({ path, body });
    const reply = next;
    let finished = false;
    open += 1;
    maxOpen = Math.max(maxOpen, open);
    res.on('close', () => {
      open -= 1;
      if (!finished) aborted += 1;
    });
    if (reply.kind === 'hang') return;
    if (reply.kind === 'error') {
      finished = true;
      res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
      res.end(JSON.stringify(reply.body ?? { error: { message: 'fallo', type: 'server_error' } }));
      return;
    }
    const usage = { prompt_tokens: 11, completion_tokens: 7, total_tokens: 18 };
    const chunkOf = (content: string) => ({
      id: 'c',
      object: 'chat.completion.chunk',
      created: 0,
      model: 'fake',
      choices: [{ index: 0, delta: { content }, finish_reason: null }],
    });
    if (reply.kind === 'stall' || reply.kind === 'truncate') {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      for (const piece of reply.chunks ?? []) res.write(`data: ${JSON.stringify(chunkOf(piece))}\n\n`);
      if (reply.kind === 'truncate') {
        finished = true;
        res.end();
      }
      return;
    }
    if (!body?.stream) {
      finished = true;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id: 'cmpl-1',
          object: 'chat.completion',
          created: 0,
          model: body?.model ?? 'fake',
          choices: [
            {
              index: 0,
              message: { role: 'assistant', content: reply.text },
              finish_reason: reply.finishReason ?? 'stop',
            },
          ],
          usage,
        }),
      );
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const frame = (data: unknown) => res.write(`data: ${JSON.stringify(data)}\n\n`);
    for (const piece of reply.chunks ?? [reply.text]) {
      if (res.destroyed) return;
      frame(chunkOf(piece));
      if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
    }
    if (res.destroyed) return;
    frame({
      id: 'c',
      object: 'chat.completion.chunk',
      created: 0,
      model: 'fake',
      choices: [{ index: 0, delta: {}, finish_reason: reply.finishReason ?? 'stop' }],
    });
    frame({ id: 'c', object: 'chat.completion.chunk', created: 0, model: 'fake', choices: [], usage });
    res.write('data: [DONE]\n\n');
    finished = true;
    res.end();
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    transcriptions,
    transcriptionReply: (r) => {
      nextTranscription = r;
    },
    openTranscriptions: () => openTranscriptions,
    maxOpenTranscriptions: () => maxOpenTranscriptions,
    abortedRequests: () => aborted,
    openRequests: () => open,
    maxOpenRequests: () => maxOpen,
    reply: (r) => {
      next = r;
    },
    screenRequests,
    screenReply: (r) => {
      nextScreen = r;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
