import type { CoachProvider } from '@ascenso/ai/provider';
import { createTestDb, type DbHandle } from '@ascenso/db/client';
import { createApp } from '../app';
import { createCaller } from '../trpc/app-router';
import { createRequestContext } from '../trpc/context';
import { createDeps, type Deps } from '../deps';
import { loadConfig } from '../env';
import { createLogger } from '../logger';
import type { RedisEventBus } from '../realtime/redis-event-bus';
import { redisFallbackLogger, takePgTestStore, takeTestRedis, TEST_REDIS_URL } from './test-dialect';

export const TEST_ORIGIN = 'http://localhost:3000';

export type TestClock = { now: () => Date; advance: (ms: number) => void; set: (date: Date) => void };

export function createTestClock(start = new Date('2026-11-22T09:00:00Z')): TestClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms;
    },
    set: (date) => {
      current = date.getTime();
    },
  };
}

export type TestRequest = {
  method?: string;
  body?: unknown;
  rawBody?: string;
  cookie?: string;
  origin?: string | null;
  ip?: string;
  headers?: Record<string, string>;
};

/**
 * An app on a fresh database with the real migrations, a controllable clock and real Argon2: SQLite in
 * memory, or with ASCENSO_TEST_DIALECT=postgres a PostgreSQL database prepared for the test
 * (test-dialect.ts). `dbHandle` / `sqlite` exist on SQLite only: a test that reads them is SQLite-only.
 * On PostgreSQL with the run's Redis, the app also runs on Redis (event bus, socket caps, model limits)
 * under a key prefix of its own, unless the test passes its own REDIS_URL; `request()` and `callerFor()`
 * wait until its connections are ready, and `ready()` resolves then (for a test that uses the app otherwise).
 */
export function createTestApp(
  options: {
    env?: Record<string, string>;
    clock?: TestClock;
    coachProvider?: CoachProvider;
    mailBackoffMs?: number;
  } = {},
) {
  const clock = options.clock ?? createTestClock();
  // Connections to the run's Redis under a fresh key prefix (pg-test-setup.ts closes them after the test).
  const testRedis = options.env?.REDIS_URL ? undefined : takeTestRedis();
  // Every registerUser() comes from one address: tests register more accounts than the real limit allows.
  const config = loadConfig({
    NODE_ENV: 'test',
    APP_ORIGIN: TEST_ORIGIN,
    LOG_LEVEL: 'silent',
    AUTH_REGISTER_MAX_PER_ADDRESS: '1000',
    ...(testRedis && TEST_REDIS_URL ? { REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: testRedis.keyPrefix } : {}),
    ...options.env,
  });
  const pgStore = takePgTestStore();
  // The SQLite handle under the store: SQLite-specific tests read and arrange rows through it.
  const sqliteHandle = pgStore ? undefined : createTestDb();
  const deps: Deps = createDeps(config, {
    ...(pgStore ? { store: pgStore } : { dbHandle: sqliteHandle! }),
    clock: clock.now,
    // On Redis: silent, but a fallback to this process fails the test (pg-test-setup.ts).
    logger: testRedis ? redisFallbackLogger(() => testRedis.client.isOpen) : createLogger('silent'),
    ...(testRedis ? { redis: testRedis } : {}),
    ...(options.coachProvider ? { coachProvider: options.coachProvider } : {}),
    ...(options.mailBackoffMs !== undefined ? { mailBackoffMs: options.mailBackoffMs } : {}),
  });
  const app = createApp(deps);
  // Both connections ready and the bus subscribed (the prepared connections usually are already).
  const redisReady = testRedis
    ? Promise.all([testRedis.ready(10_000), (deps.bus as RedisEventBus).ready]).then(([ok]) => {
        if (!ok) throw new Error("the run's Redis did not answer within 10 s");
      })
    : Promise.resolve();
  redisReady.catch(() => {}); // awaited (and reported) by request(), callerFor() and ready()
  const ready = () => redisReady;

  async function request(path: string, init: TestRequest = {}) {
    const method = init.method ?? (init.body !== undefined || init.rawBody !== undefined ? 'POST' : 'GET');
    const headers: Record<string, string> = { ...init.headers };
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    if (init.cookie) headers.cookie = init.cookie;
    const origin = init.origin === undefined ? (method === 'GET' ? null : TEST_ORIGIN) : init.origin;
    if (origin) headers.origin = origin;
    const body = init.rawBody ?? (init.body !== undefined ? JSON.stringify(init.body) : undefined);
    await redisReady;
    return app.request(path, { method, headers, body }, {
      incoming: { socket: { remoteAddress: init.ip ?? '203.0.113.7' } },
    } as never);
  }

  /** `session=...` from a response's Set-Cookie, ready for a Cookie header. */
  function sessionCookie(response: Response): string {
    const line = response.headers.getSetCookie().find((c) => c.startsWith('session=') || c.startsWith('__Host-session='));
    if (!line) throw new Error('no session cookie in response');
    return line.split(';')[0] ?? '';
  }

  /**
   * Registers a member through the API. The welcome mail is awaited (sent after the answer), then the address
   * is marked confirmed, so suites test what they test; `verified: false` leaves it unconfirmed (the gates'
   * tests, and e-mail verification's own, which open the mailed link).
   */
  async function registerUser(input: { email?: string; password?: string; firstName?: string; verified?: boolean } = {}) {
    const body = {
      email: input.email ?? `u${Math.random().toString(36).slice(2, 10)}@ejemplo.es`,
      password: input.password ?? 'una frase bastante larga',
      firstName: input.firstName ?? 'Ana',
    };
    const response = await request('/api/auth/register', { body });
    if (response.status !== 201) throw new Error(`register failed: ${response.status} ${await response.text()}`);
    const user = (await response.json()) as { id: string; email: string; firstName: string };
    await deps.mailer.idle();
    if (input.verified !== false) await deps.repos.users.markEmailVerified(user.id, user.email, clock.now());
    return { user, cookie: sessionCookie(response), password: body.password };
  }

  /** A typed caller acting as the user behind `cookie` (what a tRPC client would reach). */
  function callerFor(cookie: string) {
    return createCaller(async () => {
      await redisReady;
      return createRequestContext(deps, {
        headers: new Headers(cookie ? { cookie } : {}),
        responseHeaders: new Headers(),
        ip: '203.0.113.7',
        requestId: 'test',
      });
    });
  }

  /** A new member (as registerUser) and a typed caller acting as them. */
  async function signedInCaller(input: Parameters<typeof registerUser>[0] = {}) {
    const registered = await registerUser(input);
    return { ...registered, caller: callerFor(registered.cookie) };
  }

  /**
   * Raw SQL on the test database, on either dialect: `?` placeholders; the rows of a query, [] for a write.
   * Rows come as each driver gives them (SQLite: times in ms, booleans 0/1, JSON as text; PostgreSQL: Date,
   * boolean, objects): compare counts, ids and plain text/numbers.
   */
  async function sql(text: string, ...params: unknown[]): Promise<Array<Record<string, unknown>>> {
    if (pgStore) {
      let n = 0;
      return pgStore.query(
        text.replace(/\?/g, () => `$${++n}`),
        params,
      );
    }
    const statement = sqliteHandle!.sqlite.prepare(text);
    if (statement.reader) return statement.all(...params) as Array<Record<string, unknown>>;
    statement.run(...params);
    return [];
  }

  const testApp = { app, deps, clock, ready, sql, request, sessionCookie, registerUser, callerFor, signedInCaller };
  if (sqliteHandle) return { ...testApp, dbHandle: sqliteHandle, sqlite: sqliteHandle.sqlite };
  // On PostgreSQL a test that reads the SQLite handle fails with a clear message (not enumerable: `{ ...t }` still works).
  const sqliteOnly = (): never => {
    throw new Error('this test reads the SQLite handle: mark it SQLite-only (SQLITE_ONLY from testing/test-dialect.ts)');
  };
  return Object.defineProperties(testApp, { dbHandle: { get: sqliteOnly }, sqlite: { get: sqliteOnly } }) as typeof testApp & {
    dbHandle: DbHandle;
    sqlite: DbHandle['sqlite'];
  };
}

export type TestApp = ReturnType<typeof createTestApp>;
