import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { attachRealtime, type RealtimeOptions } from '../realtime/realtime-server';
import type { TestApp } from './test-app';

/** Runs a test app on 127.0.0.1 with an ephemeral port and both WebSocket endpoints attached. */
export async function startTestServer(t: TestApp, options: RealtimeOptions = {}) {
  const server = await new Promise<Server>((resolve) => {
    const s = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s as Server)) as Server;
  });
  const realtime = attachRealtime(server, t.deps, options);
  const { port } = server.address() as AddressInfo;
  return {
    port,
    httpUrl: `http://127.0.0.1:${port}`,
    wsUrl: `ws://127.0.0.1:${port}`,
    realtime,
    async stop() {
      await realtime.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
