import type { AddressInfo } from 'node:net';
import { listen } from '../http/node-server';
import { attachRealtime, type RealtimeOptions } from '../realtime/realtime-server';
import type { TestApp } from './test-app';

/** Runs a test app on 127.0.0.1 with an ephemeral port and both WebSocket endpoints attached. */
export async function startTestServer(t: TestApp, options: RealtimeOptions = {}) {
  const server = await listen(t.app.fetch, { port: 0, hostname: '127.0.0.1' });
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
