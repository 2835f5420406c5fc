import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createDeps } from '../deps';
import { loadConfig } from '../env';
import { createLogger } from '../logger';
import { register } from '../modules/auth/auth.service';
import { describeWithRedis } from '../testing/redis';
import { useProcessScratch } from '../testing/two-processes';
import { createTestApp, TEST_ORIGIN } from '../testing/test-app';
import { startTestServer } from '../testing/test-server';
import { abuseHarness, count, countingHasher, ORIGIN, startAbuseServer, type Answer } from './client-address';

// Attacks on the sign-in limits (decision 012), against a real server on 127.0.0.1.
// Client addresses are real TCP peers: 127.0.0.2, 127.0.0.3, … (all loopback on Linux).

const PASSWORD = 'una frase bastante larga';
const { client, servers } = abuseHarness();

async function start(env: Record<string, string> = {}) {
  const hasher = countingHasher();
  const server = await startAbuseServer(env, hasher);
  servers.push(server);
  return { ...server, hasher };
}

async function registerVictim(url: string, email = 'victima@ejemplo.es', from = '127.0.0.9') {
  const answer = await client.send(`${url}/api/auth/register`, {
    from,
    body: { email, password: PASSWORD, firstName: 'Vera' },
  });
  expect(answer.status).toBe(201);
  return { email, cookie: (answer.headers['set-cookie']?.[0] ?? '').split(';')[0] ?? '' };
}

const login = (url: string, from: string, email: string, password: string) => client.send(`${url}/api/auth/login`, { from, body: { email, password } });
const wrongLogins = (url: string, from: string, email: string, n: number) =>
  Promise.all(Array.from({ length: n }, (_, i) => login(url, from, email, `no es la buena ${i}`)));

type TrpcError = {
  error: {
    json: {
      message: string;
      code: number;
      data: { code: string; httpStatus: number; retryAfterSeconds: number | null };
    };
  };
};

describe('batching cannot carry guesses', () => {
  it('one POST batch of 50 auth.login calls is refused with 400 before any password is checked', async () => {
    const s = await start();
    const { email } = await registerVictim(s.url);
    s.hasher.reset();
    const paths = Array(50).fill('auth.login').join(',');
    const input = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [String(i), { json: { email, password: i === 49 ? PASSWORD : `mala ${i}` } }]));
    const answer = await client.send(`${s.url}/api/trpc/${paths}?batch=1`, { from: '127.0.0.2', body: input });
    expect(answer.status).toBe(400);
    const body = JSON.parse(answer.body) as TrpcError;
    expect(body.error.json.data).toMatchObject({ code: 'BAD_REQUEST', httpStatus: 400 });
    // Over the batch cap and naming auth.*: either refusal, both before anything runs.
    expect(body.error.json.message).toMatch(/^(Las llamadas de acceso \(auth\.\*\) no se pueden agrupar|El lote tiene demasiadas llamadas)/);
    expect(answer.headers['set-cookie']).toBeUndefined();
    expect(s.hasher.calls()).toBe(0);
    expect((await s.deps.repos.authFailures.countSince('login-account', email, new Date(0))).count).toBe(0);
  });

  it('a batch of two naming any auth.* procedure is refused (GET queries too); one call alone is not', async () => {
    const s = await start();
    const { email } = await registerVictim(s.url);
    s.hasher.reset();
    const mixed = await client.send(`${s.url}/api/trpc/health,auth.me?batch=1&input=${encodeURIComponent('{}')}`, {
      from: '127.0.0.2',
    });
    expect(mixed.status).toBe(400);
    expect((JSON.parse(mixed.body) as TrpcError).error.json.message).toBe(
      'Las llamadas de acceso (auth.*) no se pueden agrupar en un lote: envíalas de una en una.',
    );
    const encoded = await client.send(`${s.url}/api/trpc/auth.login%2Cauth.login?batch=1`, {
      from: '127.0.0.2',
      body: { 0: { json: { email, password: 'mala' } }, 1: { json: { email, password: PASSWORD } } },
    });
    expect(encoded.status).toBe(400);
    expect(s.hasher.calls()).toBe(0);
    const single = await client.send(`${s.url}/api/trpc/auth.login?batch=1`, {
      from: '127.0.0.2',
      body: { 0: { json: { email, password: PASSWORD } } },
    });
    expect(single.status).toBe(200);
    expect(s.hasher.calls()).toBe(1);
  });

  it('a batch of queries larger than TRPC_MAX_BATCH_SIZE gets 400, over GET and over POST', async () => {
    const s = await start({ TRPC_MAX_BATCH_SIZE: '20' });
    const batch = (n: number) => `${s.url}/api/trpc/${Array(n).fill('health').join(',')}?batch=1`;
    const atCap = await client.send(batch(20));
    expect(atCap.status).toBe(200);
    expect(JSON.parse(atCap.body)).toHaveLength(20);
    const over = await client.send(batch(21));
    expect(over.status).toBe(400);
    expect((JSON.parse(over.body) as TrpcError).error.json.message).toBe('El lote tiene demasiadas llamadas.');
    const overByPost = await client.send(`${s.url}/api/trpc/${Array(21).fill('auth.logout').join(',')}?batch=1`, {
      body: {},
    });
    expect(overByPost.status).toBe(400);
  });
});

describe('the WebSocket (no batch cap in tRPC 11.22) carries no sign-ins', () => {
  it('20 auth.login calls in one /api/trpc-ws message are all refused before any attempt is counted', async () => {
    const t = createTestApp();
    const server = await startTestServer(t);
    try {
      const { cookie, user, password } = await t.registerUser({ email: 'ws@ejemplo.es' });
      const ws = new WebSocket(`${server.wsUrl}/api/trpc-ws`, { headers: { cookie, origin: TEST_ORIGIN } });
      const answers: Array<{ id: number; error?: { json: { data: { code: string } } }; result?: unknown }> = [];
      ws.on('message', (data) => answers.push(JSON.parse(String(data)) as (typeof answers)[number]));
      await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
      const calls = Array.from({ length: 20 }, (_, i) => ({
        id: i + 1,
        method: 'mutation',
        params: {
          path: i % 2 ? 'auth.register' : 'auth.login',
          input: { json: { email: user.email, password: i === 19 ? password : `mala ${i}`, firstName: 'W' } },
        },
      }));
      ws.send(JSON.stringify(calls));
      await expect.poll(() => answers.length, { timeout: 5_000 }).toBe(20);
      // Refused as sign-ins over a socket (BAD_REQUEST), or, past the calls a socket may run at once,
      // before even that (TOO_MANY_REQUESTS): never a password checked.
      expect(answers.every((a) => ['BAD_REQUEST', 'TOO_MANY_REQUESTS'].includes(a.error?.json.data.code ?? ''))).toBe(true);
      expect(answers.some((a) => a.error?.json.data.code === 'BAD_REQUEST')).toBe(true);
      expect((await t.deps.repos.authFailures.countSince('login-account', user.email, new Date(0))).count).toBe(0);
      expect(await t.deps.repos.users.count()).toBe(1);
      ws.close();
    } finally {
      await server.stop();
    }
  });
});

describe('concurrency cannot get past the limit, and there is no lockout button', () => {
  it('60 concurrent wrong sign-ins from one address check at most 10 passwords; that address then gets 429, another signs in', async () => {
    const s = await start();
    const { email } = await registerVictim(s.url);
    s.hasher.reset();
    const first = await wrongLogins(s.url, '127.0.0.2', email, 60);
    const second = await wrongLogins(s.url, '127.0.0.2', email, 60);
    const all = [...first, ...second];
    expect(count(all, 401) + count(all, 429)).toBe(120);
    expect(count(all, 401)).toBeLessThanOrEqual(10);
    expect(s.hasher.calls()).toBeLessThanOrEqual(10);
    expect(s.hasher.calls()).toBe(count(all, 401));
    for (const refused of all.filter((a) => a.status === 429)) expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    // The right password from the hammering address: refused, with the wait (REST and tRPC).
    const fromAttacker = await login(s.url, '127.0.0.2', email, PASSWORD);
    expect(fromAttacker.status).toBe(429);
    expect(Number(fromAttacker.headers['retry-after'])).toBeGreaterThan(60);
    expect(JSON.parse(fromAttacker.body)).toMatchObject({
      error: {
        code: 'RATE_LIMITED',
        message: expect.stringMatching(
          /^Demasiados intentos fallidos\. Vuelve a intentarlo dentro de \d+ minutos, o restablece la contraseña con «¿Has olvidado tu contraseña\?»\.$/,
        ),
      },
    });
    const overTrpc = await client.send(`${s.url}/api/trpc/auth.login`, {
      from: '127.0.0.2',
      body: { json: { email, password: PASSWORD } },
    });
    expect(overTrpc.status).toBe(429);
    const data = (JSON.parse(overTrpc.body) as TrpcError).error.json.data;
    expect(data.code).toBe('TOO_MANY_REQUESTS');
    expect(data.retryAfterSeconds).toBeGreaterThan(60);
    expect(data.retryAfterSeconds).toBeLessThanOrEqual(15 * 60);

    // The owner, from anywhere else, still signs in while the attack goes on.
    const owner = await login(s.url, '127.0.0.3', email, PASSWORD);
    expect(owner.status).toBe(200);
    expect(s.hasher.calls()).toBe(count(all, 401) + 1);
  });

  it('once its limit refused an address, its further sign-ins are refused from memory with the same answer', async () => {
    const s = await start();
    for (let i = 0; i < 10; i += 1) expect((await login(s.url, '127.0.0.2', `x${i}@ejemplo.es`, 'mala')).status).toBe(401);
    const trpc = () =>
      client.send(`${s.url}/api/trpc/auth.login`, {
        from: '127.0.0.2',
        body: { json: { email: 'y@ejemplo.es', password: 'mala' } },
      });
    const fromDatabase = await trpc();
    const fromMemory = await trpc();
    expect([fromDatabase.status, fromMemory.status]).toEqual([429, 429]);
    const strip = (body: string) => {
      const parsed = JSON.parse(body) as TrpcError;
      return {
        ...parsed.error.json,
        data: { ...parsed.error.json.data, retryAfterSeconds: typeof parsed.error.json.data.retryAfterSeconds },
      };
    };
    expect(strip(fromMemory.body)).toEqual(strip(fromDatabase.body));
    expect(Number(fromMemory.headers['retry-after'])).toBeGreaterThan(800);
    expect(fromMemory.headers['retry-after']).toBe(String((JSON.parse(fromMemory.body) as TrpcError).error.json.data.retryAfterSeconds));
    // From memory: not even the body is read (a malformed one gets the same 429), no attempt row is written.
    const rows = (await s.deps.repos.authFailures.countSince('login-address', '127.0.0.2', new Date(0))).count;
    const rest = await client.send(`${s.url}/api/auth/login`, { from: '127.0.0.2', body: 'no es json' });
    expect(rest.status).toBe(429);
    expect(JSON.parse(rest.body)).toMatchObject({
      error: { code: 'RATE_LIMITED', details: { retryAfterSeconds: expect.any(Number) } },
    });
    expect((await s.deps.repos.authFailures.countSince('login-address', '127.0.0.2', new Date(0))).count).toBe(rows);
    // Other addresses are not concerned.
    expect((await login(s.url, '127.0.0.3', 'y@ejemplo.es', 'mala')).status).toBe(401);
  });

  it('the per-account limit counts across addresses (slower and larger than one address can reach)', async () => {
    const s = await start({ AUTH_LOGIN_MAX_PER_ACCOUNT: '25' });
    const { email } = await registerVictim(s.url);
    const other = await registerVictim(s.url, 'otra@ejemplo.es');
    s.hasher.reset();
    const answers: Answer[] = [];
    for (const from of ['127.0.0.2', '127.0.0.3', '127.0.0.4']) {
      // Sequentially per address: each gets its full 10 (no queue refusals).
      for (let i = 0; i < 10; i += 1) answers.push(await login(s.url, from, email, `mala ${i}`));
    }
    expect(count(answers, 401)).toBe(25);
    expect(count(answers, 429)).toBe(5);
    const fresh = await login(s.url, '127.0.0.5', email, PASSWORD);
    expect(fresh.status).toBe(429);
    expect(Number(fresh.headers['retry-after'])).toBeGreaterThan(23 * 3600);
    // The address is not burnt: another account signs in from it.
    expect((await login(s.url, '127.0.0.5', other.email, PASSWORD)).status).toBe(200);
  });

  it('ten wrong sign-ins to many accounts from one address: that address is limited, the victims are not', async () => {
    const s = await start();
    const { email } = await registerVictim(s.url);
    for (let i = 0; i < 10; i += 1) expect((await login(s.url, '127.0.0.2', `x${i}@ejemplo.es`, 'mala')).status).toBe(401);
    expect((await login(s.url, '127.0.0.2', email, PASSWORD)).status).toBe(429);
    expect((await login(s.url, '127.0.0.3', email, PASSWORD)).status).toBe(200);
  });
});

describe('registration and password checks are throttled', () => {
  it('20 concurrent registrations from one address create 5 accounts; the rest get 429 with Retry-After', async () => {
    const s = await start();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        client.send(`${s.url}/api/auth/register`, {
          from: '127.0.0.2',
          body: { email: `nueva${i}@ejemplo.es`, password: PASSWORD, firstName: 'Nu' },
        }),
      ),
    );
    expect(count(answers, 201)).toBe(5);
    expect(count(answers, 429)).toBe(15);
    expect(await s.deps.repos.users.count()).toBe(5);
    const refused = answers.find((a) => a.status === 429) as Answer;
    expect(JSON.parse(refused.body)).toMatchObject({ error: { code: 'RATE_LIMITED' } });
    const later = await client.send(`${s.url}/api/auth/register`, {
      from: '127.0.0.2',
      body: { email: 'tarde@ejemplo.es', password: PASSWORD, firstName: 'Ta' },
    });
    expect(later.status).toBe(429);
    expect(Number(later.headers['retry-after'])).toBeGreaterThan(55 * 60);
    const elsewhere = await client.send(`${s.url}/api/auth/register`, {
      from: '127.0.0.3',
      body: { email: 'otra@ejemplo.es', password: PASSWORD, firstName: 'Ot' },
    });
    expect(elsewhere.status).toBe(201);
  });

  it('wrong current passwords (password change, account deletion) answer 429 after 10, even for the right one', async () => {
    const s = await start();
    const { cookie } = await registerVictim(s.url);
    s.hasher.reset();
    const change = (currentPassword: string) =>
      client.send(`${s.url}/api/trpc/auth.changePassword`, {
        from: '127.0.0.2',
        cookie,
        body: { json: { currentPassword, newPassword: 'otra frase nueva y larga' } },
      });
    for (let i = 0; i < 5; i += 1) expect((await change(`mala ${i}`)).status).toBe(401);
    for (let i = 0; i < 5; i += 1) {
      const answer = await client.send(`${s.url}/api/profile`, {
        method: 'DELETE',
        from: '127.0.0.2',
        cookie,
        body: { confirm: true, password: `mala ${i}` },
      });
      expect(answer.status).toBe(401);
    }
    expect(s.hasher.calls()).toBe(10);
    const refusedChange = await change(PASSWORD);
    expect(refusedChange.status).toBe(429);
    expect((JSON.parse(refusedChange.body) as TrpcError).error.json.data.retryAfterSeconds).toBeGreaterThan(0);
    const refusedDelete = await client.send(`${s.url}/api/profile`, {
      method: 'DELETE',
      from: '127.0.0.3',
      cookie,
      body: { confirm: true, password: PASSWORD },
    });
    expect(refusedDelete.status).toBe(429);
    expect(Number(refusedDelete.headers['retry-after'])).toBeGreaterThan(0);
    expect(JSON.parse(refusedDelete.body)).toMatchObject({ error: { code: 'RATE_LIMITED' } });
    expect(s.hasher.calls()).toBe(10);
    expect(await s.deps.repos.users.count()).toBe(1);
  });

  it('password changes with the right password: at most 5 an hour per user, and a new password equal to the old one is refused before any Argon2', async () => {
    const s = await start();
    const { cookie } = await registerVictim(s.url);
    s.hasher.reset();
    let current = PASSWORD;
    const change = (from: string, currentPassword: string, newPassword: string) =>
      client.send(`${s.url}/api/trpc/auth.changePassword`, { from, cookie, body: { json: { currentPassword, newPassword } } });
    // The same password: 400 with the field's Spanish message, and no Argon2 at all.
    const same = await change('127.0.0.2', current, current);
    expect(same.status).toBe(400);
    expect(same.body).toContain('La contraseña nueva tiene que ser distinta de la actual');
    expect(s.hasher.calls()).toBe(0);
    // Five real changes from five addresses (each a verify and a hash)…
    for (let i = 0; i < 5; i += 1) {
      const next = `otra frase larga número ${i}`;
      expect((await change(`127.0.1.${i}`, current, next)).status).toBe(200);
      current = next;
    }
    expect(s.hasher.calls()).toBe(10);
    // …then the sixth, with the right password and from yet another address, is refused before any work.
    const sixth = await change('127.0.2.1', current, 'y otra frase larga más');
    expect(sixth.status).toBe(429);
    const error = (JSON.parse(sixth.body) as TrpcError).error.json;
    expect(error.message).toBe('Has cambiado la contraseña demasiadas veces en poco tiempo. Espera un poco antes de volver a intentarlo.');
    expect(error.data.retryAfterSeconds).toBeGreaterThan(55 * 60);
    expect(s.hasher.calls()).toBe(10);
    // The account still signs in with the last password it set.
    expect((await client.send(`${s.url}/api/auth/login`, { from: '127.0.3.1', body: { email: 'victima@ejemplo.es', password: current } })).status).toBe(200);
  });
});

describe('account changes from many addresses (the red team: 40 addresses slowed a bystander to 3.3–21.3 s)', () => {
  it('at most 2 run at once whatever the addresses; the others get 429 with Retry-After 1 at once, and a bystander signs in', async () => {
    // Each Argon2 operation takes 300 ms here, so the twelve changes below overlap for certain.
    const real = countingHasher();
    const slow = { ...real, hash: async (password: string) => (await new Promise((r) => setTimeout(r, 300)), real.hash(password)) };
    const s = await startAbuseServer({}, slow);
    servers.push(s);
    const accounts = await Promise.all(Array.from({ length: 12 }, (_, i) => registerVictim(s.url, `cuenta${i}@ejemplo.es`, `127.0.4.${i + 1}`)));
    const bystander = await registerVictim(s.url, 'tranquila@ejemplo.es', '127.0.0.3');
    let peak = 0;
    const sampler = setInterval(() => (peak = Math.max(peak, s.deps.passwordWork.load().accountChanges)), 5);
    const [answers, signIn] = await Promise.all([
      Promise.all(
        accounts.map((account, i) =>
          client.send(`${s.url}/api/trpc/auth.changePassword`, {
            from: `127.0.5.${i + 1}`,
            cookie: account.cookie,
            body: { json: { currentPassword: PASSWORD, newPassword: `otra frase larga ${i}` } },
          }),
        ),
      ),
      login(s.url, '127.0.0.3', bystander.email, PASSWORD),
    ]);
    clearInterval(sampler);
    expect(peak).toBeLessThanOrEqual(2);
    expect(count(answers, 200)).toBeGreaterThanOrEqual(1);
    expect(count(answers, 200) + count(answers, 429)).toBe(12);
    expect(count(answers, 429)).toBeGreaterThanOrEqual(8);
    for (const refused of answers.filter((a) => a.status === 429)) {
      const error = (JSON.parse(refused.body) as TrpcError).error.json;
      expect(error.message).toBe('Ahora mismo hay muchos cambios de cuenta en curso. Vuelve a intentarlo en unos segundos.');
      expect(error.data.retryAfterSeconds).toBe(1);
    }
    expect(signIn.status).toBe(200);
    expect(s.deps.passwordWork.load().accountChanges).toBe(0);
  });
});

// Two instances on one file share a Redis (without it the second refuses the file: decision 035); the
// sign-in limit itself lives in the database.
describeWithRedis('two server processes on one database file', () => {
  const scratch = useProcessScratch('sign-in');
  const startProcess = async (databasePath: string) => (await scratch.startServer(databasePath, ORIGIN, { env: { NODE_ENV: 'test' }, timeoutMs: 45_000 })).url;

  it('share one limit: waves of concurrent wrong sign-ins split between them check exactly 10 passwords', async () => {
    const databasePath = join(scratch.dir, 'app.db');
    const deps = createDeps(loadConfig({ DATABASE_PATH: databasePath, LOG_LEVEL: 'silent', NODE_ENV: 'test' }), {
      logger: createLogger('silent'),
    });
    await register(deps, { email: 'dos@ejemplo.es', password: PASSWORD, firstName: 'Dos' }, { ip: '127.0.0.1' });
    await deps.store.close();
    const urls = await Promise.all([startProcess(databasePath), startProcess(databasePath)]);
    const all: Answer[] = [];
    for (let wave = 0; wave < 4; wave += 1) {
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => login(urls[i % 2] as string, '127.0.0.2', 'dos@ejemplo.es', `mala ${wave}-${i}`)));
      all.push(...answers);
    }
    expect(count(all, 401) + count(all, 429)).toBe(80);
    expect(count(all, 401)).toBe(10);
    expect((await login(urls[0] as string, '127.0.0.2', 'dos@ejemplo.es', PASSWORD)).status).toBe(429);
    expect((await login(urls[1] as string, '127.0.0.3', 'dos@ejemplo.es', PASSWORD)).status).toBe(200);
  }, 90_000);
});
