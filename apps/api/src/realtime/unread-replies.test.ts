import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { boundedWebSocketClass, UNREAD_CLOSE_REASON, type UnreadPolicy } from './unread-replies';

const KIB = 1024;
const cleanups: Array<() => void | Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

type Event = { event: 'held' | 'released' | 'closed'; unreadBytes: number };

/** A server whose sockets are bounded by `policy`, and one client that has stopped reading. */
async function pair(policy: Omit<UnreadPolicy, 'onEvent'>) {
  const events: Event[] = [];
  const wss = new WebSocketServer({
    port: 0,
    host: '127.0.0.1',
    WebSocket: boundedWebSocketClass({ ...policy, onEvent: (event, unreadBytes) => events.push({ event, unreadBytes }) }),
  });
  cleanups.push(() => new Promise<void>((resolve) => wss.close(() => resolve())));
  await new Promise((resolve) => wss.once('listening', resolve));
  const accepted = new Promise<WebSocket>((resolve) => wss.once('connection', resolve));
  const client = new WebSocket(`ws://127.0.0.1:${(wss.address() as AddressInfo).port}`);
  cleanups.push(() => client.terminate());
  let received = 0;
  client.on('message', (data: Buffer) => (received += data.length));
  const closed = new Promise<{ code: number; reason: string }>((resolve) => client.on('close', (code, reason) => resolve({ code, reason: String(reason) })));
  await new Promise((resolve) => client.once('open', resolve));
  client.pause();
  const server = await accepted;
  cleanups.push(() => server.terminate());
  return { server, client, events, closed, received: () => received };
}

/** Sends 256 KiB replies until the socket is held (the loop is bounded: 400 replies, 100 MiB). */
function sendUntilHeld(server: WebSocket, events: Event[]): number {
  const reply = Buffer.alloc(256 * KIB, 'a');
  for (let sent = 1; sent <= 400; sent += 1) {
    server.send(reply);
    if (events.length > 0) return sent;
  }
  throw new Error('the socket was never held');
}

describe('unread replies are bounded on every send', () => {
  it('a client that stops reading: reading from it stops at the cap, and it is closed with 1008 when the grace ends', async () => {
    const { server, client, events, closed } = await pair({ maxUnreadBytes: 256 * KIB, graceMs: 200 });
    sendUntilHeld(server, events);
    expect(events[0]?.event).toBe('held');
    // What the server holds for it is bounded by the cap plus the reply that passed it.
    expect(server.bufferedAmount).toBeLessThanOrEqual(2 * 256 * KIB);
    expect(server.isPaused).toBe(true);
    await expect.poll(() => events.map((e) => e.event), { timeout: 5000 }).toEqual(['held', 'closed']);
    expect(server.readyState).not.toBe(WebSocket.OPEN);
    // Later replies are dropped, not queued.
    const before = server.bufferedAmount;
    server.send(Buffer.alloc(256 * KIB));
    expect(server.bufferedAmount - before).toBeLessThanOrEqual(256 * KIB);
    // Once it reads again the client finds the 1008 close (or the cut that follows it a second later).
    client.resume();
    const { code, reason } = await closed;
    expect([1008, 1006]).toContain(code);
    if (code === 1008) expect(reason).toBe(UNREAD_CLOSE_REASON);
    expect(Buffer.byteLength(UNREAD_CLOSE_REASON)).toBeLessThanOrEqual(123);
  });

  it('a client that catches up within the grace is read again and keeps its socket', async () => {
    const { server, client, events, received } = await pair({ maxUnreadBytes: 256 * KIB, graceMs: 1500 });
    const sent = sendUntilHeld(server, events);
    client.resume();
    await expect.poll(() => events.map((e) => e.event), { timeout: 10_000 }).toEqual(['held', 'released']);
    expect(server.readyState).toBe(WebSocket.OPEN);
    expect(server.isPaused).toBe(false);
    await expect.poll(received, { timeout: 5000 }).toBe(sent * 256 * KIB);
    // And it still gets answers.
    server.send('sigue');
    await expect.poll(received, { timeout: 5000 }).toBe(sent * 256 * KIB + 5);
  });

  it('past four times the cap the socket is closed at once, without waiting for the grace', async () => {
    const { server, events } = await pair({ maxUnreadBytes: 256 * KIB, graceMs: 60_000 });
    sendUntilHeld(server, events);
    for (let i = 0; i < 5 && server.readyState === WebSocket.OPEN; i += 1) server.send(Buffer.alloc(256 * KIB));
    expect(events.map((e) => e.event)).toEqual(['held', 'closed']);
    expect(events[1]!.unreadBytes).toBeGreaterThan(4 * 256 * KIB);
    expect(server.readyState).not.toBe(WebSocket.OPEN);
  });

  it('a client that reads never notices: nothing is held', async () => {
    const { server, client, events, received } = await pair({ maxUnreadBytes: 256 * KIB, graceMs: 200 });
    client.resume();
    for (let i = 0; i < 20; i += 1) {
      server.send(Buffer.alloc(32 * KIB));
      await expect.poll(received, { timeout: 5000 }).toBe((i + 1) * 32 * KIB);
    }
    expect(events).toEqual([]);
  });

  it('a message the endpoint refuses (admitMessage) reaches no listener; the others do', async () => {
    const { server, client } = await pair({ maxUnreadBytes: 256 * KIB });
    const seen: string[] = [];
    (server as WebSocket & { admitMessage?: (data: unknown) => boolean }).admitMessage = (data) => String(data) !== 'no';
    server.on('message', (data: Buffer) => seen.push(String(data)));
    client.send('sí');
    client.send('no');
    client.send('también');
    await expect.poll(() => seen, { timeout: 5000 }).toEqual(['sí', 'también']);
  });
});
