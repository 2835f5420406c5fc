import { Agent, request, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestDb } from '@ascenso/db/client';
import { afterAll, afterEach } from 'vitest';
import { createApp } from '../app';
import { createDeps, type Deps } from '../deps';
import { loadConfig } from '../env';
import { listen } from '../http/node-server';
import { createLogger } from '../logger';
import { createPasswordHasher, type PasswordHasher } from '../modules/auth/passwords';

/**
 * Attack-test plumbing: a real server on 127.0.0.1 and an HTTP client that can speak from any
 * loopback address (127.0.0.2, 127.0.0.3, …), so that "another client address" is a real TCP peer.
 */
export const ORIGIN = 'http://localhost:3000';

export type Answer = { status: number; headers: IncomingHttpHeaders; body: string; ms: number };

export function createClient() {
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  function send(url: string, init: { method?: string; body?: unknown; from?: string; cookie?: string } = {}): Promise<Answer> {
    const method = init.method ?? (init.body === undefined ? 'GET' : 'POST');
    const payload = init.body === undefined ? undefined : JSON.stringify(init.body);
    const headers: Record<string, string> = {};
    if (payload !== undefined) {
      headers['content-type'] = 'application/json';
      // Node frames no body of a DELETE by itself.
      headers['content-length'] = String(Buffer.byteLength(payload));
    }
    if (method !== 'GET') headers.origin = ORIGIN;
    if (init.cookie) headers.cookie = init.cookie;
    const started = performance.now();
    return new Promise((resolve, reject) => {
      const req = request(url, { method, headers, agent, localAddress: init.from ?? '127.0.0.1' }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
            ms: performance.now() - started,
          }),
        );
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(payload);
    });
  }
  return { send, close: () => agent.destroy() };
}

/** The real Argon2 hasher, counting every hash and verification it runs. */
export function countingHasher(): PasswordHasher & { calls: () => number; reset: () => void } {
  const real = createPasswordHasher();
  let calls = 0;
  return {
    hash: (password) => ((calls += 1), real.hash(password)),
    verify: (passwordHash, password) => ((calls += 1), real.verify(passwordHash, password)),
    verifyDummy: (password) => ((calls += 1), real.verifyDummy(password)),
    calls: () => calls,
    reset: () => {
      calls = 0;
    },
  };
}

export type AbuseServer = { url: string; deps: Deps; stop: () => Promise<void> };

/** The app on an in-memory database, listening on 127.0.0.1 (ephemeral port). */
export async function startAbuseServer(env: Record<string, string> = {}, passwords?: PasswordHasher): Promise<AbuseServer> {
  const config = loadConfig({ NODE_ENV: 'test', APP_ORIGIN: ORIGIN, LOG_LEVEL: 'silent', ...env });
  const deps = createDeps(config, {
    dbHandle: createTestDb(),
    logger: createLogger('silent'),
    ...(passwords ? { passwords } : {}),
  });
  const server = await listen(createApp(deps).fetch, { port: 0, hostname: '127.0.0.1' });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    deps,
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await deps.store.close();
    },
  };
}

export const count = (answers: Answer[], status: number) => answers.filter((a) => a.status === status).length;

/** A test file's client and the servers it starts: the servers stop after each test, the client after the file. */
export function abuseHarness() {
  const client = createClient();
  const servers: AbuseServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => s.stop()));
  });
  afterAll(() => client.close());
  return { client, servers };
}
