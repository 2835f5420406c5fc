/**
 * POST /api/voice/transcribe and GET /api/voice against the fake OpenAI-compatible server on 127.0.0.1
 * (packages/ai/src/testing/fake-openai-server.ts). Recordings are made here: a WAV (PCM header + sine)
 * and a 3-second WebM that Chromium's MediaRecorder wrote (fixtures/tone-3s.webm, 12.7 KB), lengthened
 * with ts-ebml where a test needs a long one.
 */
import { readFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_FAKE_TRANSCRIPT, startFakeOpenAIServer, type FakeOpenAIServer } from '@ascenso/ai/testing/fake-openai-server';
import { MAX_TRANSCRIPT_CHARS } from '@ascenso/ai/transcription';
import { Decoder, Encoder, tools } from 'ts-ebml';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../env';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../testing/test-app';
import { TEST_DIALECT, TEST_REDIS_URL } from '../../testing/test-dialect';
import { createLogger } from '../../logger';
import { createSharedRedis } from '../../realtime/redis-connections';
import { startTestServer } from '../../testing/test-server';
import type { Deps } from '../../deps';
import { inspectAudio, sniffFamily } from './audio';
import { countTranscription, countVoiceRequest, takeVoiceSlot } from './voice-limits';
import { toneWav } from '@ascenso/test-services/wav';

type Envelope = { error: { code: string; message: string; requestId: string; details?: Record<string, unknown> } };

const WEBM = new Uint8Array(readFileSync(new URL('./fixtures/tone-3s.webm', import.meta.url)));

/** A mono 16-bit PCM WAV of a 440 Hz tone at 8 kHz. */
const wav = (seconds: number, rate = 8_000): Uint8Array => new Uint8Array(toneWav(seconds, { rate }));

/** The fixture WebM with its last cluster moved to `ms`: a recording that lasts about that long. */
function webmLasting(ms: number): Uint8Array {
  const elements = new Decoder().decode(WEBM.buffer.slice(WEBM.byteOffset, WEBM.byteOffset + WEBM.byteLength) as ArrayBuffer);
  const timestamps = elements.filter((e) => e.name === 'Timestamp');
  const last = timestamps[timestamps.length - 1] as (typeof timestamps)[number] & { value: number; data: Buffer };
  last.value = ms;
  last.data = tools.createUIntBuffer(ms);
  return new Uint8Array(new Encoder().encode(elements));
}

/** The fixture's headers, then `count` empty Void elements (2 bytes each): many elements in few bytes. */
function webmOfTinyElements(count: number): Uint8Array {
  const elements = new Decoder().decode(WEBM.buffer.slice(WEBM.byteOffset, WEBM.byteOffset + WEBM.byteLength) as ArrayBuffer);
  const firstCluster = elements.find((e) => e.name === 'Cluster')?.tagStart ?? 0;
  const voids = new Uint8Array(count * 2);
  for (let i = 0; i < count; i += 1) voids.set([0xec, 0x80], i * 2);
  return new Uint8Array([...WEBM.subarray(0, firstCluster), ...voids, ...WEBM.subarray(firstCluster)]);
}

function form(parts: Array<[string, Uint8Array | string, string?, string?]>): FormData {
  const body = new FormData();
  for (const [name, value, type, filename] of parts) {
    if (typeof value === 'string') body.append(name, value);
    else body.append(name, new File([value as Uint8Array<ArrayBuffer>], filename ?? 'grabacion', { type: type ?? '' }));
  }
  return body;
}

const fakes: FakeOpenAIServer[] = [];
const stops: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(stops.splice(0).map((stop) => stop()));
  await Promise.all(fakes.splice(0).map((fake) => fake.close()));
});

async function setup(env: Record<string, string> = {}, options: { server?: boolean } = {}) {
  const fake = await startFakeOpenAIServer();
  fakes.push(fake);
  const t = createTestApp({ env: { ...(options.server === false ? {} : { OPENAI_BASE_URL: fake.baseURL }), ...env } });
  const { cookie, user } = await t.registerUser();
  return { t, fake, cookie, user };
}

async function transcribe(t: TestApp, cookie: string | null, body: FormData | string, headers: Record<string, string> = {}) {
  await t.ready();
  const response = await t.app.request(
    '/api/voice/transcribe',
    { method: 'POST', headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}), ...headers }, body },
    { incoming: { socket: { remoteAddress: '203.0.113.7' } } } as never,
  );
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body: (await response.json()) as { text?: string } & Partial<Envelope> };
}

describe('POST /api/voice/transcribe', () => {
  it('transcribes a WAV and a MediaRecorder WebM through the server: whisper-1, Spanish, JSON; the audio reaches it whole', async () => {
    const { t, fake, cookie } = await setup();
    const tone = wav(2);
    const fromWav = await transcribe(t, cookie, form([['audio', tone, 'audio/wav', 'nota.wav']]));
    expect(fromWav).toMatchObject({ status: 200, body: { text: DEFAULT_FAKE_TRANSCRIPT } });
    fake.transcriptionReply({ kind: 'text', text: '  Quiero  dormir antes de las once.\u0000\u202E ' });
    const fromWebm = await transcribe(t, cookie, form([['audio', WEBM, 'audio/webm;codecs=opus', 'grabacion.webm']]));
    expect(fromWebm).toMatchObject({ status: 200, body: { text: 'Quiero  dormir antes de las once.' } });
    const sent = { authorization: 'Bearer sin-clave', model: 'whisper-1', language: 'es', responseFormat: 'json' };
    expect(fake.transcriptions).toEqual([
      { ...sent, file: { size: tone.length, name: 'audio.wav', type: 'audio/wav' } },
      { ...sent, file: { size: WEBM.length, name: 'audio.webm', type: 'audio/webm' } },
    ]);
  });

  it('goes to TRANSCRIBE_BASE_URL with TRANSCRIBE_API_KEY only (never OPENAI_API_KEY), while the coach keeps its own server or none', async () => {
    const { t, fake, cookie } = await setup({ TRANSCRIBE_BASE_URL: 'http://127.0.0.1:9/v1' }, { server: false });
    const own = await startFakeOpenAIServer();
    fakes.push(own);
    const separate = createTestApp({ env: { TRANSCRIBE_BASE_URL: own.baseURL, TRANSCRIBE_API_KEY: 'clave-whisper', OPENAI_API_KEY: 'clave-del-coach' } });
    const member = await separate.registerUser();
    expect((await transcribe(separate, member.cookie, form([['audio', wav(1), 'audio/wav']]))).status).toBe(200);
    expect(own.transcriptions.map((r) => r.authorization)).toEqual(['Bearer clave-whisper']);
    // Without OPENAI_* the coach stays offline, and voice still works through its own server.
    const alone = createTestApp({ env: { TRANSCRIBE_BASE_URL: own.baseURL } });
    expect(alone.deps.coachProvider.kind).toBe('offline');
    const user = await alone.registerUser();
    expect(await (await alone.request('/api/voice', { cookie: user.cookie })).json()).toMatchObject({ available: true });
    expect((await transcribe(alone, user.cookie, form([['audio', wav(1), 'audio/wav']]))).status).toBe(200);
    // A transcription server that does not answer at all (nothing listens on port 9): 502, never a 500.
    const unreachable = await transcribe(t, cookie, form([['audio', wav(1), 'audio/wav']]));
    expect(unreachable.status).toBe(502);
    expect(fake.transcriptions).toEqual([]);
  });

  it('uses TRANSCRIBE_MODEL', async () => {
    const { t, fake, cookie } = await setup({ TRANSCRIBE_MODEL: 'whisper-large-v3-turbo' });
    expect((await transcribe(t, cookie, form([['audio', wav(1), 'audio/x-wav']]))).status).toBe(200);
    expect(fake.transcriptions.map((r) => r.model)).toEqual(['whisper-large-v3-turbo']);
  });

  it('refuses recordings over 2 minutes (WAV of 3:00, WebM whose clusters reach 3:00) with a Spanish 400; 1:55 passes', async () => {
    const { t, fake, cookie } = await setup();
    const long = await transcribe(t, cookie, form([['audio', wav(180), 'audio/wav']]));
    expect(long.status).toBe(400);
    expect(long.body.error).toMatchObject({ code: 'VALIDATION', message: expect.stringContaining('El audio dura más de 2 minutos (3:00)') });
    const longWebm = await transcribe(t, cookie, form([['audio', webmLasting(180_000), 'audio/webm']]));
    expect(longWebm.status).toBe(400);
    expect(longWebm.body.error?.message).toMatch(/^El audio dura más de 2 minutos \(3:01\)/);
    expect((await transcribe(t, cookie, form([['audio', webmLasting(115_000), 'audio/webm']]))).status).toBe(200);
    expect(fake.transcriptions).toHaveLength(1);
  });

  it.each([
    [
      'a renamed text file',
      () => form([['audio', new TextEncoder().encode('Esto no es audio, es texto.\n'), 'audio/webm', 'nota.webm']]),
      'El archivo no es un audio admitido',
    ],
    ['a WAV declared as WebM', () => form([['audio', wav(1), 'audio/webm']]), 'El archivo no es un audio admitido'],
    ['an image type', () => form([['audio', wav(1), 'image/png']]), 'El archivo no es un audio admitido'],
    ['no type', () => form([['audio', wav(1), '']]), 'El archivo no es un audio admitido'],
    ['an empty file', () => form([['audio', new Uint8Array(0), 'audio/wav']]), 'El audio está vacío'],
    ['a WAV with no samples', () => form([['audio', wav(0), 'audio/wav']]), 'No se ha podido leer el audio'],
    ['a WebM of 100 000 tiny elements', () => form([['audio', webmOfTinyElements(100_000), 'audio/webm']]), 'No se ha podido leer el audio'],
    ['a cut WebM (headers only)', () => form([['audio', WEBM.subarray(0, 200), 'audio/webm']]), 'El audio está vacío'],
    [
      'corrupt WebM',
      () => form([['audio', new Uint8Array([...WEBM.subarray(0, 300), ...new Uint8Array(400).fill(0xff)]), 'audio/webm']]),
      'No se ha podido leer el audio',
    ],
    ['a missing field', () => form([['nota', wav(1), 'audio/wav']]), 'Falta el audio'],
    ['a text field', () => form([['audio', 'hola']]), 'debe ser un archivo de audio'],
    [
      'two files',
      () =>
        form([
          ['audio', wav(1), 'audio/wav'],
          ['audio', wav(1), 'audio/wav'],
        ]),
      'Envía un solo audio',
    ],
    ['JSON', () => JSON.stringify({ audio: 'UklGRg==' }), 'multipart/form-data'],
  ])('refuses %s with a Spanish 400 and sends nothing upstream', async (_name, body, message) => {
    const { t, fake, cookie } = await setup();
    const headers: Record<string, string> = typeof body() === 'string' ? { 'content-type': 'application/json' } : {};
    const answer = await transcribe(t, cookie, body(), headers);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ code: 'VALIDATION', message: expect.stringContaining(message) });
    expect(fake.transcriptions).toEqual([]);
  });

  it('refuses a body that is not valid multipart with 400', async () => {
    const { t, fake, cookie } = await setup();
    const answer = await transcribe(t, cookie, '--x\r\nContent-Disposition: form-data; name="audio"; filename="a.wav"\r\n\r\nRIFF', {
      'content-type': 'multipart/form-data; boundary=x',
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error?.code).toBe('VALIDATION');
    expect(fake.transcriptions).toEqual([]);
  });

  it('a body of 60 000 tiny fields (under 10 MB) is a quick 400, not a stall', async () => {
    const { t, fake, cookie } = await setup();
    const fields = (count: number) => {
      const body = new FormData();
      for (let i = 0; i < count; i += 1) body.append(`c${i}`, 'x');
      return body;
    };
    const timed = async (body: FormData) => {
      const started = performance.now();
      const answer = await transcribe(t, cookie, body);
      expect(answer.status).toBe(400);
      expect(answer.body.error?.message).toContain('Falta el audio');
      return performance.now() - started;
    };
    // The baseline, in the same run and of the same kind of work: a tenth of the fields. Work that grows with the
    // number of fields costs about 10 times it; a stall (work growing with their square) about 100 times. A ratio of
    // like work holds on an idle and on a loaded machine, where a bound in milliseconds or against a different
    // kind of body did not.
    const ratios: number[] = [];
    for (let round = 0; round < 3; round += 1) ratios.push((await timed(fields(60_000))) / (await timed(fields(6_000))));
    expect(ratios.sort((a, b) => a - b)[1]).toBeLessThan(30);
    expect(fake.transcriptions).toEqual([]);
    // About 200 000 form fields parsed in all: seconds on a loaded machine, more than the project's 20 s per test.
  }, 90_000);

  it('needs a session (401) and the same Origin as every write (403)', async () => {
    const { t, fake, cookie } = await setup();
    const anonymous = await transcribe(t, null, form([['audio', wav(1), 'audio/wav']]));
    expect(anonymous).toMatchObject({ status: 401, body: { error: { code: 'UNAUTHORIZED', message: 'Necesitas iniciar sesión' } } });
    const foreign = await transcribe(t, cookie, form([['audio', wav(1), 'audio/wav']]), { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(fake.transcriptions).toEqual([]);
  });

  it('without a transcription server: GET /api/voice says so, and an upload gets 503 VOICE_UNAVAILABLE in Spanish', async () => {
    const { t, cookie } = await setup({}, { server: false });
    const capability = await t.request('/api/voice', { cookie });
    expect(await capability.json()).toEqual({ available: false, maxSeconds: 120, maxBytes: 10 * 1024 * 1024 });
    const answer = await transcribe(t, cookie, form([['audio', wav(1), 'audio/wav']]));
    expect(answer.status).toBe(503);
    expect(answer.body.error).toMatchObject({
      code: 'VOICE_UNAVAILABLE',
      message: expect.stringContaining('La entrada por voz necesita un servidor de transcripción'),
    });
    // A request that is not an upload at all is the client's error (400), server or not: never a 5xx.
    const json = await t.request('/api/voice/transcribe', { cookie, body: { audio: 'hola' } });
    expect(json.status).toBe(400);
    expect(((await json.json()) as Envelope).error).toMatchObject({ code: 'VALIDATION', details: { reason: 'not-multipart' } });
  });

  it('with one: GET /api/voice answers available, as its procedure voice.capability (signed-in only)', async () => {
    const { t, cookie } = await setup();
    expect(await (await t.request('/api/voice', { cookie })).json()).toEqual({ available: true, maxSeconds: 120, maxBytes: 10 * 1024 * 1024 });
    const trpc = await t.request('/api/trpc/voice.capability', { cookie });
    expect(((await trpc.json()) as { result: { data: { json: unknown } } }).result.data.json).toEqual({
      available: true,
      maxSeconds: 120,
      maxBytes: 10 * 1024 * 1024,
    });
    const anonymous = await t.request('/api/voice');
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as Envelope).error.code).toBe('UNAUTHORIZED');
  });

  it.each([
    ['a 500', { kind: 'error', status: 500 } as const, 502, 'VOICE_UPSTREAM_ERROR', null],
    ['a 400', { kind: 'error', status: 400, body: { error: { message: 'Invalid file format.' } } } as const, 502, 'VOICE_UPSTREAM_ERROR', null],
    ['a 429', { kind: 'error', status: 429, headers: { 'retry-after': '7' } } as const, 503, 'VOICE_BUSY', '7'],
    ['HTML instead of JSON', { kind: 'raw', contentType: 'text/html', body: '<html>502 Bad Gateway</html>' } as const, 502, 'VOICE_UPSTREAM_ERROR', null],
    ['broken JSON', { kind: 'raw', contentType: 'application/json', body: '{"text": "hol' } as const, 502, 'VOICE_UPSTREAM_ERROR', null],
    ['JSON without text', { kind: 'raw', contentType: 'application/json', body: '{"texto": 3}' } as const, 502, 'VOICE_UPSTREAM_ERROR', null],
    [
      'an answer of 1 MB',
      { kind: 'raw', contentType: 'application/json', body: JSON.stringify({ text: 'a'.repeat(1024 * 1024) }) } as const,
      502,
      'VOICE_UPSTREAM_ERROR',
      null,
    ],
  ])('turns %s from the server into a 502/503 envelope, never a 500', async (_name, reply, status, code, retryAfter) => {
    const { t, fake, cookie } = await setup();
    fake.transcriptionReply(reply);
    const answer = await transcribe(t, cookie, form([['audio', wav(1), 'audio/wav']]));
    expect(answer.status).toBe(status);
    expect(answer.body.error).toMatchObject({ code, message: expect.stringMatching(/^El servidor de transcripción/) });
    expect(answer.retryAfter).toBe(retryAfter);
  });

  it('gives up on a server that does not answer (VOICE_TIMEOUT_MS) with 504', async () => {
    const { t, fake, cookie } = await setup({ VOICE_TIMEOUT_MS: '1000' });
    fake.transcriptionReply({ kind: 'hang' });
    const started = Date.now();
    const answer = await transcribe(t, cookie, form([['audio', wav(1), 'audio/wav']]));
    expect(answer.status).toBe(504);
    expect(answer.body.error).toMatchObject({ code: 'VOICE_TIMEOUT', message: expect.stringContaining('ha tardado demasiado') });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it(`caps a long transcript at ${MAX_TRANSCRIPT_CHARS} characters`, async () => {
    const { t, fake, cookie } = await setup();
    fake.transcriptionReply({ kind: 'text', text: 'palabra '.repeat(2_000) });
    const answer = await transcribe(t, cookie, form([['audio', wav(1), 'audio/wav']]));
    expect(answer.status).toBe(200);
    expect(answer.body.text?.length).toBeLessThanOrEqual(MAX_TRANSCRIPT_CHARS);
    expect(answer.body.text?.startsWith('palabra palabra')).toBe(true);
  });

  it('counts attempts per minute (VOICE_REQUESTS_PER_MINUTE) and transcriptions per day (VOICE_TRANSCRIPTIONS_PER_DAY): 429 with Retry-After', async () => {
    const perMinute = await setup({ VOICE_REQUESTS_PER_MINUTE: '2' });
    for (let i = 0; i < 2; i += 1) expect((await transcribe(perMinute.t, perMinute.cookie, form([['audio', wav(1), 'audio/wav']]))).status).toBe(200);
    const third = await transcribe(perMinute.t, perMinute.cookie, form([['audio', wav(1), 'audio/wav']]));
    expect(third.status).toBe(429);
    expect(third.body.error).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringContaining('Has enviado muchos audios en poco tiempo') });
    expect(Number(third.retryAfter)).toBeGreaterThan(0);
    expect(Number(third.retryAfter)).toBeLessThanOrEqual(60);
    // Another user is not held back.
    const other = await perMinute.t.registerUser();
    expect((await transcribe(perMinute.t, other.cookie, form([['audio', wav(1), 'audio/wav']]))).status).toBe(200);

    const perDay = await setup({ VOICE_TRANSCRIPTIONS_PER_DAY: '2' });
    // A refused upload (bad audio) does not use the day's quota.
    expect((await transcribe(perDay.t, perDay.cookie, form([['audio', new TextEncoder().encode('texto'), 'audio/wav']]))).status).toBe(400);
    for (let i = 0; i < 2; i += 1) expect((await transcribe(perDay.t, perDay.cookie, form([['audio', wav(1), 'audio/wav']]))).status).toBe(200);
    const over = await transcribe(perDay.t, perDay.cookie, form([['audio', wav(1), 'audio/wav']]));
    expect(over.status).toBe(429);
    expect(over.body.error).toMatchObject({
      code: 'DAILY_LIMIT_REACHED',
      message: expect.stringContaining('Has llegado al máximo de audios transcritos por hoy'),
    });
    // The test clock is 2026-11-22T09:00Z, 10:00 in Madrid: 14 hours to the user's midnight.
    expect(over.retryAfter).toBe(String(14 * 3600));
    expect(perDay.fake.transcriptions).toHaveLength(2);
  });

  it('a change of timezone opens a new local day, never a new allowance: the same number in any 24 hours', async () => {
    const { t, fake, cookie } = await setup({ VOICE_TRANSCRIPTIONS_PER_DAY: '2' });
    for (let i = 0; i < 2; i += 1) expect((await transcribe(t, cookie, form([['audio', wav(1), 'audio/wav']]))).status).toBe(200);
    // 09:00Z is still yesterday, 23:00, in Honolulu (UTC-10): a new local day.
    await t.callerFor(cookie).profile.update({ firstName: 'Ana', timezone: 'Pacific/Honolulu' });
    const over = await transcribe(t, cookie, form([['audio', wav(1), 'audio/wav']]));
    expect(over.status).toBe(429);
    expect(over.body.error).toMatchObject({ code: 'DAILY_LIMIT_REACHED' });
    expect(Number(over.retryAfter)).toBeGreaterThan(23 * 3600);
    // And back again: still two in all.
    await t.callerFor(cookie).profile.update({ firstName: 'Ana', timezone: 'Europe/Madrid' });
    expect((await transcribe(t, cookie, form([['audio', wav(1), 'audio/wav']]))).status).toBe(429);
    expect(fake.transcriptions).toHaveLength(2);
  });

  it('stores nothing: no new rows in any table, no file in the temporary folder, no log line', async () => {
    const { t, fake, cookie } = await setup();
    const tables = (
      TEST_DIALECT === 'postgres'
        ? await t.sql("select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'")
        : await t.sql("select name from sqlite_master where type = 'table' and name not like 'sqlite_%'")
    ).map((row) => String(row.name));
    const count = async () => {
      const counts: Record<string, number> = {};
      for (const table of tables) counts[table] = Number((await t.sql(`select count(*) as n from "${table}"`))[0]?.n);
      return counts;
    };
    const before = await count();
    const logged: string[] = [];
    const logger = t.deps.logger;
    t.deps.logger = {
      debug: (m, f) => (logged.push(JSON.stringify([m, f])), logger.debug(m, f)),
      info: (m, f) => (logged.push(JSON.stringify([m, f])), logger.info(m, f)),
      warn: (m, f) => (logged.push(JSON.stringify([m, f])), logger.warn(m, f)),
      error: (m, f) => (logged.push(JSON.stringify([m, f])), logger.error(m, f)),
    };
    // Anything that asks Node for a temporary folder during the upload gets this empty one.
    const previousTmp = process.env.TMPDIR;
    const temporary = mkdtempSync(join(tmpdir(), 'ascenso-voice-'));
    process.env.TMPDIR = temporary;
    try {
      expect(tmpdir()).toBe(temporary);
      expect((await transcribe(t, cookie, form([['audio', WEBM, 'audio/webm']]))).status).toBe(200);
      expect((await transcribe(t, cookie, form([['audio', wav(3), 'audio/wav']]))).status).toBe(200);
      expect(readdirSync(temporary)).toEqual([]);
    } finally {
      if (previousTmp === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = previousTmp;
      t.deps.logger = logger;
      rmSync(temporary, { recursive: true, force: true });
    }
    expect(await count()).toEqual(before);
    expect(logged).toEqual([]);
    expect(fake.transcriptions).toHaveLength(2);
  });
});

describe('POST /api/voice/transcribe over HTTP (127.0.0.1)', () => {
  async function serve(env: Record<string, string> = {}) {
    const { t, fake, cookie } = await setup(env);
    const server = await startTestServer(t);
    stops.push(server.stop);
    return { t, fake, cookie, url: `${server.httpUrl}/api/voice/transcribe` };
  }

  /** A raw request: the body in chunks (no Content-Length: chunked) or with the given Content-Length. */
  function rawPost(url: string, headers: Record<string, string>, chunks: Uint8Array[], contentLength?: number) {
    return new Promise<{ status: number; body: Envelope }>((resolve, reject) => {
      const request = httpRequest(
        url,
        { method: 'POST', headers: { ...headers, ...(contentLength !== undefined ? { 'content-length': String(contentLength) } : {}) } },
        (response) => {
          const parts: Buffer[] = [];
          response.on('data', (part: Buffer) => parts.push(part));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(parts).toString('utf8')) as Envelope }));
        },
      );
      request.on('error', (error: NodeJS.ErrnoException) => reject(error));
      request.setTimeout(20_000, () => request.destroy(new Error('timeout')));
      (async () => {
        for (const chunk of chunks) {
          if (request.destroyed) return;
          if (!request.write(chunk)) await new Promise((r) => request.once('drain', r));
        }
        request.end();
      })().catch(() => {});
    });
  }

  /** Over a plain socket: a Content-Length of `declared`, its bytes, then (once the answer is in) the rest of `body`; resolves the first answer as text. */
  function lyingPost(url: string, headers: Record<string, string>, body: Buffer, declared: number) {
    const { hostname, port, pathname } = new URL(url);
    return new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), hostname);
      let answer = '';
      const timer = setTimeout(() => socket.destroy(new Error('no answer in 10 s')), 10_000);
      socket.on('error', (error: NodeJS.ErrnoException) => (answer ? undefined : reject(error)));
      socket.on('data', (data: Buffer) => {
        answer += data.toString('utf8');
        if (!answer.includes('}}')) return;
        clearTimeout(timer);
        socket.write(body.subarray(declared), () => socket.destroy());
        resolve(answer);
      });
      const head = [
        `POST ${pathname} HTTP/1.1`,
        `Host: ${hostname}:${port}`,
        ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
        `Content-Length: ${declared}`,
        '',
        '',
      ];
      socket.write(Buffer.concat([Buffer.from(head.join('\r\n')), body.subarray(0, declared)]));
    });
  }

  function multipartOf(audio: Uint8Array, type = 'audio/wav') {
    const boundary = 'ascenso-voz';
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="audio"; filename="voz.wav"\r\nContent-Type: ${type}\r\n\r\n`);
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    return { contentType: `multipart/form-data; boundary=${boundary}`, parts: [head, audio, tail] };
  }

  it('413 in Spanish for 11 MB, whether sent with its Content-Length or chunked with none; a lying (short) Content-Length gets 400', async () => {
    const { fake, cookie, url } = await serve();
    const big = new Uint8Array(11 * 1024 * 1024);
    big.set(wav(1).subarray(0, 44));
    const form = multipartOf(big);
    const headers = { origin: TEST_ORIGIN, cookie, 'content-type': form.contentType };
    const total = form.parts.reduce((n, p) => n + p.length, 0);

    const declared = await rawPost(url, headers, form.parts, total);
    expect(declared.status).toBe(413);
    expect(declared.body.error).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: expect.stringContaining('El audio pesa más de 10 MB') });

    const slices: Uint8Array[] = [];
    for (const part of form.parts) for (let at = 0; at < part.length; at += 256 * 1024) slices.push(part.subarray(at, at + 256 * 1024));
    const chunked = await rawPost(url, headers, slices);
    expect(chunked.status).toBe(413);
    expect(chunked.body.error?.message).toContain('El audio pesa más de 10 MB');

    // Content-Length says 1 KB and more follows: the server reads 1 KB (a cut multipart body) and answers 400; the rest is no part of it.
    const lying = await lyingPost(url, headers, Buffer.concat(form.parts.map((p) => Buffer.from(p.subarray(0, 4096)))), 1024);
    expect(lying).toMatch(/^HTTP\/1\.1 400 /);
    expect(lying).toContain('"code":"VALIDATION"');
    expect(fake.transcriptions).toEqual([]);
  });

  it('a file of just over 10 MB inside a body under the limit is 413 too', async () => {
    const { fake, cookie, url } = await serve();
    const audio = new Uint8Array(10 * 1024 * 1024 + 100);
    audio.set(wav(1).subarray(0, 44));
    const form = multipartOf(audio);
    const answer = await rawPost(
      url,
      { origin: TEST_ORIGIN, cookie, 'content-type': form.contentType },
      form.parts,
      form.parts.reduce((n, p) => n + p.length, 0),
    );
    expect(answer.status).toBe(413);
    expect(fake.transcriptions).toEqual([]);
  });

  it('an anonymous 11 MB upload is refused (401) before its body is read', async () => {
    const { fake, url } = await serve();
    const form = multipartOf(new Uint8Array(11 * 1024 * 1024));
    const answer = await rawPost(
      url,
      { origin: TEST_ORIGIN, 'content-type': form.contentType },
      form.parts,
      form.parts.reduce((n, p) => n + p.length, 0),
    );
    expect(answer.status).toBe(401);
    expect(fake.transcriptions).toEqual([]);
  });

  it('5 parallel uploads from one user: one goes to the server at a time, the others get 429 with Retry-After; another user is served meanwhile', async () => {
    const { t, fake, cookie, url } = await serve();
    fake.transcriptionReply({ kind: 'text', text: 'Uno a uno.', delayMs: 600 });
    const other = await t.registerUser();
    const post = (who: string) =>
      fetch(url, {
        method: 'POST',
        headers: { origin: TEST_ORIGIN, cookie: who },
        body: form([['audio', wav(2), 'audio/wav']]),
        signal: AbortSignal.timeout(15_000),
      });
    const answers = await Promise.all([...Array.from({ length: 5 }, () => post(cookie)), post(other.cookie)]);
    const mine = answers.slice(0, 5);
    expect(mine.filter((r) => r.status === 200)).toHaveLength(1);
    const refused = mine.filter((r) => r.status === 429);
    expect(refused).toHaveLength(4);
    for (const r of refused) {
      expect(r.headers.get('retry-after')).toBe('5');
      expect(((await r.json()) as Envelope).error.message).toContain('Ya se está transcribiendo otro audio tuyo');
    }
    expect(answers[5]?.status).toBe(200);
    expect(fake.transcriptions).toHaveLength(2);
    expect(fake.maxOpenTranscriptions()).toBeLessThanOrEqual(2);
    // Once it is done, the same user can send the next one.
    fake.transcriptionReply({ kind: 'text', text: 'Otro.' });
    expect((await post(cookie)).status).toBe(200);
  });
});

// On Redis (the api-pg project): a second Deps over the same Redis connection is a second instance's view
// (its own limiter objects and in-process state, the shared keys).
describe.skipIf(TEST_DIALECT !== 'postgres')('the voice limits across instances (Redis)', () => {
  it('one transcription at a time, the per-minute count and the daily count are per user across instances', async () => {
    const { t, user } = await setup({ VOICE_TRANSCRIPTIONS_PER_DAY: '2', VOICE_REQUESTS_PER_MINUTE: '3' });
    await t.ready();
    // Another instance: its own connections and instance id, the same Redis and key prefix.
    const redis = createSharedRedis(TEST_REDIS_URL!, createLogger('silent'), { keyPrefix: t.deps.redis!.keyPrefix });
    stops.push(() => redis.close());
    expect(await redis.ready(10_000)).toBe(true);
    const other: Deps = { ...t.deps, redis };
    const person = { id: user.id, timezone: 'Europe/Madrid' };

    const release = await takeVoiceSlot(t.deps, person);
    await expect(takeVoiceSlot(other, person)).rejects.toMatchObject({ code: 'RATE_LIMITED', details: { limit: 'voice-concurrent' } });
    release();
    await expect
      .poll(async () => {
        try {
          (await takeVoiceSlot(other, person))();
          return 'free';
        } catch {
          return 'taken';
        }
      })
      .toBe('free');

    await countTranscription(t.deps, person);
    await countTranscription(other, person);
    await expect(countTranscription(t.deps, person)).rejects.toMatchObject({ code: 'DAILY_LIMIT_REACHED' });
    await expect(countTranscription(other, person)).rejects.toMatchObject({ code: 'DAILY_LIMIT_REACHED' });

    await countVoiceRequest(t.deps, person);
    await countVoiceRequest(other, person);
    await countVoiceRequest(t.deps, person);
    await expect(countVoiceRequest(other, person)).rejects.toMatchObject({ code: 'RATE_LIMITED', details: { limit: 'voice-per-minute' } });
  });
});

describe('the voice settings (env.ts)', () => {
  it('defaults to whisper-1, 30 a day, 6 a minute, 30 s, and refuses bad values with a ConfigError naming them', () => {
    expect(loadConfig({}).voice).toEqual({ server: null, transcribeModel: 'whisper-1', transcriptionsPerDay: 30, requestsPerMinute: 6, timeoutMs: 30_000 });
    expect(loadConfig({ OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1', TRANSCRIBE_MODEL: 'Systran/faster-whisper-small' }).voice).toMatchObject({
      server: { baseURL: 'http://127.0.0.1:11434/v1', apiKey: undefined },
      transcribeModel: 'Systran/faster-whisper-small',
    });
    expect(() => loadConfig({ TRANSCRIBE_MODEL: 'whisper 1' })).toThrow(ConfigError);
    expect(() => loadConfig({ TRANSCRIBE_MODEL: 'whisper 1' })).toThrow(/TRANSCRIBE_MODEL/);
    expect(() => loadConfig({ TRANSCRIBE_BASE_URL: 'no es una url' })).toThrow(/TRANSCRIBE_BASE_URL/);
    expect(() => loadConfig({ VOICE_TRANSCRIPTIONS_PER_DAY: '0' })).toThrow(/VOICE_TRANSCRIPTIONS_PER_DAY/);
    expect(() => loadConfig({ VOICE_TIMEOUT_MS: '500' })).toThrow(/VOICE_TIMEOUT_MS/);
  });
});

describe('the recording check (audio.ts)', () => {
  it('knows containers by their bytes', () => {
    expect(sniffFamily(WEBM)).toBe('webm');
    expect(sniffFamily(wav(1))).toBe('wav');
    expect(sniffFamily(new TextEncoder().encode('OggS....'))).toBe('ogg');
    expect(sniffFamily(new TextEncoder().encode('....ftypisom'))).toBe('mp4');
    expect(sniffFamily(new TextEncoder().encode('ID3\u0004'))).toBe('mpeg');
    expect(sniffFamily(new TextEncoder().encode('hola, coach'))).toBeNull();
  });

  it('measures a MediaRecorder WebM (no duration header) by its last block, and a WAV by its samples', async () => {
    expect((await inspectAudio(WEBM, 'audio/webm;codecs=opus')).seconds).toBeCloseTo(3, 0);
    expect((await inspectAudio(webmLasting(60_000), 'audio/webm')).seconds).toBeCloseTo(60.96, 1);
    expect(await inspectAudio(wav(2.5), 'audio/wav')).toEqual({ family: 'wav', type: 'audio/wav', seconds: 2.5 });
  });
});
