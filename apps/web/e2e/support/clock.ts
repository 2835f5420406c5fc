import { PORTS } from './ports';

/**
 * The e2e server's test clock (e2e/test-clock.mjs, preloaded by start-server.mjs only): moves the API's
 * time forward, so a practice or a listen started on the server can be completed without waiting its
 * real length. The offset is shared by every spec on that server and only grows.
 */
export async function advanceServerClock(ms: number, clockPort = PORTS.appClock): Promise<number> {
  const response = await fetch(`http://127.0.0.1:${clockPort}/advance?ms=${Math.ceil(ms)}`, { method: 'POST' });
  if (!response.ok) throw new Error(`[e2e clock] ${response.status} ${await response.text()}`);
  return ((await response.json()) as { offsetMs: number }).offsetMs;
}
