import { join } from 'node:path';
import { createTRPCClient, createWSClient, wsLink } from '@trpc/client';
import superjson from 'superjson';
import { expect, it } from 'vitest';
import WebSocket from 'ws';
import { createDeps } from '../deps';
import { loadConfig } from '../env';
import { createLogger } from '../logger';
import { recordUnverifiedActivity } from '../modules/activities/activities.service';
import { register } from '../modules/auth/auth.service';
import type { AppRouter } from '../trpc/app-router';
import { describeWithRedis } from '../testing/redis';
import { useProcessScratch } from '../testing/two-processes';
import { TEST_DIALECT } from '../testing/test-dialect';
import { RELAY_AFTER_MS, RELAY_INTERVAL_MS } from './outbox-relay';

// Two real API processes (src/main.ts, as `pnpm start` runs it) on one SQLite file and one Redis: a
// completion committed by a third writer that "died" before publishing (its publish never ran) reaches the
// user's /ws socket on one process and tRPC subscription on the other through the relays main.ts starts,
// once each. The processes use SQLite whatever the suite's dialect, so this runs in the `api` project only.

const ORIGIN = 'http://localhost:3997';

describeWithRedis('the outbox relay in real processes', () => {
  const scratch = useProcessScratch('outbox-processes');

  it.skipIf(TEST_DIALECT !== 'sqlite')(
    'an event its writer never published reaches both processes’ clients within the relay delay, once',
    async () => {
      const databasePath = join(scratch.dir, 'app.db');
      // The writer: this test's own handle on the file, on the real clock, with no bus to other processes.
      const writer = createDeps(loadConfig({ DATABASE_PATH: databasePath, LOG_LEVEL: 'silent' }), { logger: createLogger('silent') });
      const signedIn = await register(writer, { email: 'relevo@ejemplo.es', password: 'una frase bastante larga', firstName: 'Relevo' }, { ip: '127.0.0.1' });
      const cookie = `session=${signedIn.token}`;
      const env = { WS_MAX_CONNECTIONS_PER_MINUTE: '1000' };
      const [one, two] = await Promise.all([scratch.startServer(databasePath, ORIGIN, { env }), scratch.startServer(databasePath, ORIGIN, { env })]);
      if (!one || !two) throw new Error('two processes');
      const closers: Array<() => unknown> = [];
      try {
        // The user's /ws socket on process two.
        const protocol: Array<{ type: string; data?: { activityId?: string } }> = [];
        await new Promise<void>((resolve, reject) => {
          const ws = new WebSocket(`${two.url.replace('http://', 'ws://')}/ws`, { headers: { cookie, origin: ORIGIN } });
          closers.push(() => ws.close());
          ws.on('message', (data) => {
            const message = JSON.parse(String(data)) as { type: string; data?: { activityId?: string } };
            if (message.type === 'authenticated') resolve();
            else protocol.push(message);
          });
          ws.once('open', () => ws.send(JSON.stringify({ type: 'authenticate', userId: signedIn.user.id })));
          ws.once('error', reject);
        });
        // The user's tRPC subscription on process one.
        class CookieWebSocket extends WebSocket {
          constructor(url: string | URL, protocols?: string | string[]) {
            super(url, protocols, { headers: { cookie, origin: ORIGIN } });
          }
        }
        const wsClient = createWSClient({ url: `${one.url.replace('http://', 'ws://')}/api/trpc-ws`, WebSocket: CookieWebSocket as never });
        closers.push(() => wsClient.close());
        const client = createTRPCClient<AppRouter>({ links: [wsLink({ client: wsClient, transformer: superjson })] });
        const tracked: Array<{ id: string; completion: string }> = [];
        await new Promise<void>((resolve) => {
          const sub = client.activities.onCompleted.subscribe(undefined, {
            onStarted: () => resolve(),
            onData: (e) => tracked.push({ id: e.id, completion: e.data.completion.activityId }),
          });
          closers.push(() => sub.unsubscribe());
        });

        // The writer commits and dies before publishing.
        writer.outbox = { ...writer.outbox, publish: () => {} };
        const committedAt = Date.now();
        const { activityId } = await recordUnverifiedActivity(writer, { id: signedIn.user.id, timezone: 'Europe/Madrid' }, { activity_key: 'active_break' });

        // Within the grace period and one tick (plus slack for this shared machine): each client gets it once.
        const deadline = RELAY_AFTER_MS + RELAY_INTERVAL_MS + 3_000;
        await expect.poll(() => tracked.map((e) => e.completion), { timeout: deadline, interval: 100 }).toEqual([activityId]);
        await expect.poll(() => protocol.map((m) => m.type), { timeout: 3_000 }).toEqual(['activity_completed', 'stats_updated']);
        const delay = Date.now() - committedAt;
        expect(delay).toBeGreaterThanOrEqual(RELAY_AFTER_MS - 100);
        expect(protocol[0]?.data?.activityId).toBe(activityId);
        expect(tracked[0]?.id).toMatch(/^[1-9][0-9]*$/);
        // Two more relay ticks on each process: nothing is delivered twice.
        await new Promise((resolve) => setTimeout(resolve, 2 * RELAY_INTERVAL_MS + 500));
        expect(tracked).toHaveLength(1);
        expect(protocol).toHaveLength(2);
        console.info(`outbox relay in real processes: delivered ${delay} ms after the commit`);
      } finally {
        for (const close of closers.reverse()) await close();
        for (const started of [one, two]) {
          const exited = new Promise<number | null>((resolve) => started.child.once('exit', (code) => resolve(code)));
          started.child.kill('SIGTERM');
          expect(await exited).toBe(0);
        }
        await writer.store.close();
      }
    },
    90_000,
  );
});
