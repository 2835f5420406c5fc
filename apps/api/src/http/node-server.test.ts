import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { HEADERS_TIMEOUT_MS, KEEP_ALIVE_TIMEOUT_MS, listen } from './node-server';

function get(port: number, agent: Agent): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/', agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('listen', () => {
  it('keeps an idle connection open longer than the 60 s of proxies and pools, headers timeout above it', async () => {
    const app = new Hono().get('/', (c) => c.text('ok'));
    const server = await listen(app.fetch, { port: 0, hostname: '127.0.0.1' });
    try {
      expect(server.keepAliveTimeout).toBe(KEEP_ALIVE_TIMEOUT_MS);
      expect(KEEP_ALIVE_TIMEOUT_MS).toBeGreaterThan(60_000);
      expect(server.headersTimeout).toBe(HEADERS_TIMEOUT_MS);
      expect(HEADERS_TIMEOUT_MS).toBeGreaterThan(KEEP_ALIVE_TIMEOUT_MS);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
    }
  });

  it('a pooled connection idle past Node’s default (5 s, closed at about 6 s) is still the server’s: the next request reuses it', async () => {
    const app = new Hono().get('/', (c) => c.text('ok'));
    const server = await listen(app.fetch, { port: 0, hostname: '127.0.0.1' });
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    let connections = 0;
    let closed = 0;
    server.on('connection', (socket) => {
      connections += 1;
      socket.on('close', () => (closed += 1));
    });
    try {
      const { port } = server.address() as AddressInfo;
      expect(await get(port, agent)).toEqual({ status: 200, body: 'ok' });
      await new Promise((done) => setTimeout(done, 6_600));
      expect(closed).toBe(0);
      expect(await get(port, agent)).toEqual({ status: 200, body: 'ok' });
      expect(connections).toBe(1);
    } finally {
      agent.destroy();
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
    }
  }, 15_000);

  it('rejects when the port is taken', async () => {
    const app = new Hono().get('/', (c) => c.text('ok'));
    const first = await listen(app.fetch, { port: 0, hostname: '127.0.0.1' });
    try {
      const { port } = first.address() as AddressInfo;
      await expect(listen(app.fetch, { port, hostname: '127.0.0.1' })).rejects.toMatchObject({ code: 'EADDRINUSE' });
    } finally {
      await new Promise<void>((done) => first.close(() => done()));
    }
  });
});
