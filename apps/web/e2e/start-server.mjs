// Starts the built API (which also serves apps/web/dist) with a fresh SQLite file, on E2E_PORT (127.0.0.1):
//   node e2e/start-server.mjs             → the offline coach (every spec but e2e/security)
//   Both run with the test clock preloaded (e2e/test-clock.mjs, control on E2E_CLOCK_PORT): specs advance the
//   server's time to finish a practice or a listen without waiting (e2e/support/clock.ts).
//   node e2e/start-server.mjs --security  → the coach is an OpenAI-compatible fake model
//     (packages/ai/src/testing/fake-openai-server.ts, in this process, on 127.0.0.1) whose answers the
//     security specs script through http://127.0.0.1:$E2E_FAKE_MODEL_PORT/__control (see e2e/security/fake-model.ts)
//   playwright.config.ts passes free ports of the run (e2e/ports.ts) in these three variables.
//   Without --security the same fake (ephemeral port) is the transcription server (TRANSCRIBE_BASE_URL) of e2e/voice.
// Run `pnpm --filter @ascenso/web build` and the API build first (the root `pnpm test` does).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const webRoot = resolve(here, '..');
// E2E_SERVER_ENTRY (relative to apps/web) runs another build of the API, e.g. a private one.
const serverEntry = resolve(webRoot, process.env.E2E_SERVER_ENTRY ?? '../api/dist/main.js');
const security = process.argv.includes('--security');
const port = requiredPort('E2E_PORT');
// One database per server: each worker slot (E2E_SLOT, playwright.config.ts) has its two servers.
const dbDir = join(webRoot, 'test-results', `${security ? 'e2e-db-security' : 'e2e-db'}-${process.env.E2E_SLOT ?? '0'}`);

function requiredPort(name) {
  const value = Number(process.env[name]);
  if (!Number.isInteger(value) || value <= 0 || value > 65_535) {
    console.error(`[e2e] ${name} must be a port (playwright.config.ts sets it)`);
    process.exit(1);
  }
  return String(value);
}

if (!existsSync(serverEntry)) {
  console.error(`[e2e] ${serverEntry} not found: build the API first (pnpm build).`);
  process.exit(1);
}

rmSync(dbDir, { recursive: true, force: true });
mkdirSync(dbDir, { recursive: true });

// No NODE_ENV: the demo accounts are seeded into the empty database.
const env = { ...process.env };
delete env.NODE_ENV;
Object.assign(env, {
  PORT: port,
  HOST: '127.0.0.1',
  APP_ORIGIN: `http://localhost:${port}`,
  DATABASE_PATH: join(dbDir, 'app.db'),
  // No settings file: a contributor's own .env must not change what the specs see.
  ENV_FILE: '',
  // Every spec registers its users from 127.0.0.1: far more than the real limit of 5 an hour.
  AUTH_REGISTER_MAX_PER_ADDRESS: '10000',
  // And signs in from it: only the per-address limit is lifted; per (account, address) stays 10 (auth/sign-in-limits.spec.ts).
  AUTH_LOGIN_MAX_PER_ADDRESS: '10000',
  // The specs sign in as the demo user and reload pages far faster than a person (each load opens a socket).
  WS_MAX_CONNECTIONS_PER_MINUTE: '10000',
  // The specs redo the demo account's assessment more often in a day than a person would (the quota itself:
  // apps/api/src/abuse/quotas.abuse.test.ts).
  QUOTA_ASSESSMENTS_PER_DAY: '10000',
});

let closeFakeModel = async () => {};
if (security) {
  const front = await startScriptedFakeModel();
  closeFakeModel = front.close;
  Object.assign(env, { OPENAI_BASE_URL: front.baseURL, OPENAI_API_KEY: 'clave-de-prueba', AI_MODEL: 'fake-model' });
  // The XSS suite sends every one of its 543 vectors through one conversation and one user's journal,
  // both ways: far past the storage quotas and the per-user model limits, which have their own tests
  // (src/abuse/quotas.abuse.test.ts, model-limits.abuse.test.ts).
  Object.assign(env, {
    QUOTA_JOURNAL_ENTRIES_PER_DAY: '100000',
    QUOTA_MESSAGES_PER_DAY: '100000',
    QUOTA_MESSAGES_PER_CONVERSATION: '100000',
    AI_CALLS_PER_MINUTE_PER_USER: '10000',
    AI_DAILY_TOKEN_BUDGET_PER_USER: '100000000',
  });
} else {
  // The voice entry (e2e/voice) transcribes through the same fake's /v1/audio/transcriptions, set as a
  // transcription server of its own: the coach stays the offline one.
  const fake = await startFakeServer();
  closeFakeModel = fake.close;
  env.TRANSCRIBE_BASE_URL = fake.baseURL;
}

// The test clock (e2e/test-clock.mjs) is preloaded into this process only; its control port is E2E_CLOCK_PORT
// (inherited in env). See e2e/support/clock.ts.
requiredPort('E2E_CLOCK_PORT');
const clockModule = pathToFileURL(join(here, 'test-clock.mjs')).href;
const child = spawn(process.execPath, ['--import', clockModule, serverEntry], { cwd: webRoot, env, stdio: 'inherit' });

let stopping = false;
function stop(signal) {
  if (stopping) return;
  stopping = true;
  if (child.exitCode === null && child.signalCode === null) child.kill(signal);
}

process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
process.on('exit', () => stop('SIGTERM'));
child.on('exit', (code, signal) => {
  stopping = true;
  void closeFakeModel().finally(() => process.exit(code ?? (signal ? 1 : 0)));
});

/** The fake OpenAI-compatible server from packages/ai as it is (loaded with tsx), on an ephemeral 127.0.0.1 port. */
async function startFakeServer() {
  const requireFromApi = createRequire(resolve(webRoot, '../api/package.json'));
  const { tsImport } = await import(pathToFileURL(join(dirname(requireFromApi.resolve('tsx/package.json')), 'dist/esm/api/index.mjs')).href);
  const fakeModule = resolve(webRoot, '../../packages/ai/src/testing/fake-openai-server.ts');
  const { startFakeOpenAIServer } = await tsImport(pathToFileURL(fakeModule).href, import.meta.url);
  return startFakeOpenAIServer();
}

/**
 * The fake OpenAI-compatible server from packages/ai (loaded with tsx, which the API package already
 * depends on), behind a small front on 127.0.0.1:E2E_FAKE_MODEL_PORT that chooses each answer: streamed
 * requests (chat, journaling) get the `stream` script, the others (JSON: daily plan, summaries) the
 * `json` script. POST /__control/script { stream?, json?, screen? } sets them (`screen`: the crisis
 * screen's second opinion, FakeScreenReply); GET /__control/requests counts
 * what the API asked (and `screen`: the crisis screen's second opinions, which the fake answers "no
 * crisis" by itself); POST /__control/reset restores the defaults.
 */
async function startScriptedFakeModel() {
  const fakeModelPort = requiredPort('E2E_FAKE_MODEL_PORT');
  const requireFromApi = createRequire(resolve(webRoot, '../api/package.json'));
  const tsxDir = dirname(requireFromApi.resolve('tsx/package.json'));
  const { tsImport } = await import(pathToFileURL(join(tsxDir, 'dist/esm/api/index.mjs')).href);
  const fakeModule = resolve(webRoot, '../../packages/ai/src/testing/fake-openai-server.ts');
  const { startFakeOpenAIServer, SAMPLE_PLAN, DEFAULT_SCREEN_REPLY, isScreenRequest } = await tsImport(pathToFileURL(fakeModule).href, import.meta.url);
  const fake = await startFakeOpenAIServer();
  const upstream = new URL(fake.baseURL).origin;

  const defaults = () => ({
    stream: { kind: 'text', text: 'Respuesta del modelo falso.' },
    json: { kind: 'text', text: JSON.stringify(SAMPLE_PLAN) },
  });
  let script = defaults();
  const counts = { stream: 0, json: 0, screen: 0 };
  // The fake keeps one "next" answer: requests are handed to it one at a time until it has answered.
  let turn = Promise.resolve();

  const readBody = async (req) => {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    return Buffer.concat(chunks);
  };
  const json = (res, status, value) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(value));
  };

  const server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      if (req.url === '/__control/script' && req.method === 'POST') {
        const { screen, ...rest } = JSON.parse(body.toString('utf8') || '{}');
        script = { ...script, ...rest };
        if (screen) fake.screenReply(screen);
        return json(res, 200, { ok: true });
      }
      if (req.url === '/__control/reset' && req.method === 'POST') {
        script = defaults();
        fake.screenReply(DEFAULT_SCREEN_REPLY);
        return json(res, 200, { ok: true });
      }
      if (req.url === '/__control/requests') return json(res, 200, counts);

      let streamed = false;
      let screen = false;
      try {
        const parsed = body.length > 0 ? JSON.parse(body.toString('utf8')) : null;
        streamed = parsed?.stream === true;
        // The crisis screen's second opinion (decision 036) has the fake's own script (default: no crisis),
        // so it neither waits for the scripted answers' turn nor counts among them.
        screen = isScreenRequest(parsed);
      } catch {
        // Not JSON (a GET): not streamed.
      }
      if (screen) {
        counts.screen += 1;
        const answer = await fetch(`${upstream}${req.url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
        res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
        res.end(Buffer.from(await answer.arrayBuffer()));
        return;
      }
      let release = () => {};
      const mine = new Promise((resolveTurn) => (release = resolveTurn));
      const previous = turn;
      turn = previous.then(() => mine);
      await previous;
      let answer;
      try {
        if (req.method === 'POST') {
          counts[streamed ? 'stream' : 'json'] += 1;
          fake.reply(streamed ? script.stream : script.json);
        }
        const controller = new AbortController();
        res.on('close', () => controller.abort());
        answer = await fetch(`${upstream}${req.url}`, {
          method: req.method,
          headers: { 'content-type': 'application/json' },
          body: req.method === 'GET' || req.method === 'HEAD' ? undefined : body,
          signal: controller.signal,
        });
      } finally {
        // The fake has read its answer once the headers are back.
        release();
      }
      res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
      if (answer.body)
        Readable.fromWeb(answer.body)
          .on('error', () => res.destroy())
          .pipe(res);
      else res.end();
    })().catch((error) => {
      if (!res.headersSent) json(res, 502, { error: { message: String(error) } });
      else res.destroy();
    });
  });
  await new Promise((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(Number(fakeModelPort), '127.0.0.1', resolveListen);
  });
  return {
    baseURL: `http://127.0.0.1:${fakeModelPort}/v1`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolveClose) => server.close(() => resolveClose()));
      await fake.close();
    },
  };
}
