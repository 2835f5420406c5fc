import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { applyWSSHandler } from '@trpc/server/adapters/ws';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Deps } from '../deps';
import { addressOf } from '../http/client-ip';
import { isAllowedOrigin } from '../http/security';
import { readCookie, sessionCookieName } from '../modules/auth/cookies';
import { purgeExpired, validateSessionToken } from '../modules/auth/auth.service';
import { pruneIdempotency } from '../modules/activities/activities.service';
import { appRouter } from '../trpc/app-router';
import { createSocketContext, type AuthState } from '../trpc/context';
import { connectionQuotaFor, quotaRefusalMessage, type QuotaRefusal } from './connection-quota';
import type { CompletionEvent, StatsEvent } from './event-bus';
import { pruneEvents } from './outbox-relay';
import { closeAbusive, guardMessageRate } from './message-rate';
import { createSocketRegistry } from './socket-registry';
import { boundedWebSocketClass } from './unread-replies';
import { trackSocketSubscriptions } from './subscription-guard';

export const TRPC_WS_PATH = '/api/trpc-ws';
export const PROTOCOL_WS_PATH = '/ws';
/** Largest message of the documented `/ws` protocol (its messages are a few dozen bytes). */
export const PROTOCOL_MAX_PAYLOAD_BYTES = 4 * 1024;
/** Messages a `/ws` socket may send in 10 s (it only ever needs `authenticate` and `ping`). */
export const PROTOCOL_MESSAGES_PER_10S = 30;

/** Messages the server sends on the documented `/ws` protocol. */
export type ProtocolMessage =
  | { type: 'authenticated'; userId: string }
  | { type: 'error'; code: 'FORBIDDEN' | 'BAD_MESSAGE' | 'UNKNOWN_TYPE' | 'RATE_LIMITED' | 'NOT_AUTHENTICATED' }
  | { type: 'pong' }
  | { type: 'activity_completed'; data: CompletionEvent }
  | { type: 'stats_updated'; data: StatsEvent };

export type RealtimeOptions = {
  /** How often expired sessions are purged and their sockets closed. */
  sessionSweepMs?: number;
  /** How long a `/ws` socket may stay open without sending `authenticate`. */
  authenticateTimeoutMs?: number;
  heartbeatMs?: number;
  /** Delay between a session ending and its sockets closing (lets a final push reach the tab). */
  closeDelayMs?: number;
  /** Grace of a socket over its unread-replies cap before it is closed (unread-replies.ts). */
  unreadGraceMs?: number;
};

function reject(socket: Duplex, status: 401 | 403 | 404, text: string) {
  socket.write(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  socket.destroy();
}

/** The instance is stopping (http/drain.ts): 503 + `Retry-After: 1` and the JSON envelope; a proxy passes the upgrade (a GET) to another instance. */
function rejectDraining(socket: Duplex) {
  const body = JSON.stringify({
    error: { code: 'BUSY', message: 'Este servidor se está reiniciando. Vuelve a conectar en un momento.', requestId: crypto.randomUUID() },
  });
  socket.write(
    `HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nRetry-After: 1\r\n` +
      `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
  socket.destroy();
}

/** Close code of a `/ws` socket when its instance stops (RFC 6455 1012, "service restart"): reconnect. */
export const SERVICE_RESTART_CLOSE_CODE = 1012;

/** 429 with Retry-After and the API's JSON error envelope (Spanish message), before any WebSocket exists. */
function rejectTooMany(socket: Duplex, refusal: QuotaRefusal) {
  const message = quotaRefusalMessage(refusal);
  const body = JSON.stringify({ error: { code: 'RATE_LIMITED', message, requestId: crypto.randomUUID() } });
  socket.write(
    `HTTP/1.1 429 Too Many Requests\r\nConnection: close\r\nRetry-After: ${refusal.retryAfterSeconds}\r\n` +
      `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
  socket.destroy();
}

/**
 * Attaches both WebSocket endpoints to the HTTP server `serve()` returned:
 * tRPC subscriptions on /api/trpc-ws and the documented protocol on /ws. Every upgrade must carry an
 * allowed Origin and a valid session cookie; otherwise it is refused before any WebSocket exists.
 * Caps (`deps.config.realtime`, docs/ARCHITECTURE.md "Realtime"): sockets per user and per address on
 * both endpoints (one over gets 429 at the upgrade), subscriptions per socket (subscription-guard.ts),
 * message size (`maxPayload`: close 1009) and message rate per socket (message-rate.ts: close 1008).
 */
export function attachRealtime(server: Server, deps: Deps, options: RealtimeOptions = {}) {
  const registry = createSocketRegistry();
  const authByRequest = new WeakMap<IncomingMessage, AuthState>();
  const channels = new Map<string, Set<(message: ProtocolMessage) => void>>();
  const timers: NodeJS.Timeout[] = [];
  const limits = deps.config.realtime;
  const quota = connectionQuotaFor(deps);
  /** Set by `beginDrain()` (the instance is stopping): every upgrade from then on is refused with 503. */
  let draining = false;
  const refuseDraining = (socket: Duplex, path: string) => {
    deps.logger.info('upgrade refused: draining (503, Retry-After: 1)', { path });
    rejectDraining(socket);
  };

  // Sockets that check, on every send, what their client has left unread (unread-replies.ts).
  const BoundedWebSocket = boundedWebSocketClass({
    maxUnreadBytes: limits.maxUnreadBytes,
    graceMs: options.unreadGraceMs,
    onEvent: (event, unreadBytes) => {
      if (event !== 'released') deps.logger.warn(`socket ${event === 'held' ? 'held' : 'closed'}: replies left unread`, { unreadBytes });
    },
  });
  const trpcWss = new WebSocketServer({ noServer: true, maxPayload: limits.maxPayloadBytes, WebSocket: BoundedWebSocket });
  const protocolWss = new WebSocketServer({ noServer: true, maxPayload: PROTOCOL_MAX_PAYLOAD_BYTES, WebSocket: BoundedWebSocket });

  const trpcHandler = applyWSSHandler({
    wss: trpcWss,
    router: appRouter,
    // Never throws: the upgrade already checked the session; procedures refuse a null user.
    createContext: ({ req }) => createSocketContext(deps, authByRequest.get(req) ?? null, addressOf(req, deps.config.trustProxy), crypto.randomUUID()),
    keepAlive: { enabled: true, pingMs: 30_000, pongWaitMs: 5_000 },
  });

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = new URL(req.url ?? '/', 'http://internal').pathname;
    const target = path === PROTOCOL_WS_PATH ? protocolWss : path === TRPC_WS_PATH ? trpcWss : undefined;
    if (!target) return reject(socket, 404, 'Not Found');
    if (draining) return refuseDraining(socket, path);
    if (!isAllowedOrigin(req.headers.origin, deps.config.allowedOrigins)) return reject(socket, 403, 'Forbidden');
    const token = readCookie(req.headers.cookie, sessionCookieName(deps.cookie));
    if (!token) return reject(socket, 401, 'Unauthorized');
    const address = addressOf(req, deps.config.trustProxy);
    // Node's HTTP server stopped listening for this socket's errors when it emitted 'upgrade', and `ws`
    // starts only in handleUpgrade: a reset while the session is read or the quota answers (a network
    // round trip on PostgreSQL or Redis) must not be an uncaught exception.
    socket.on('error', () => socket.destroy());
    let auth: AuthState;
    void validateSessionToken(deps, token)
      .then((validated) => {
        if (!validated) return null;
        // One AuthState per socket: it also keys the socket's subscription count (subscription-guard.ts).
        auth = { user: validated.user, session: { id: validated.sessionId, expiresAt: validated.expiresAt } };
        return quota.acquire({ userId: auth.user.id, address });
      })
      .then(
        (grant) => {
          if (!grant) return reject(socket, 401, 'Unauthorized');
          if (!grant.ok) return rejectTooMany(socket, grant);
          // The slot is the TCP connection's: freed when it closes, also if the handshake fails.
          if (socket.destroyed) return grant.release();
          // The stop began while the session or the quota was being checked.
          if (draining) {
            grant.release();
            return refuseDraining(socket, path);
          }
          socket.once('close', grant.release);
          authByRequest.set(req, auth);
          if (target === trpcWss) trackSocketSubscriptions(auth);
          target.handleUpgrade(req, socket, head, (ws) => {
            registry.add(auth.session.id, ws);
            // A frame over maxPayload or a protocol error is emitted as 'error' before the close: without a
            // listener it would be an uncaught exception (the `/ws` endpoint had none).
            ws.on('error', (error) => deps.logger.warn('socket error', { path, error: String(error) }));
            // Before the endpoint's own listeners, so a flood is cut before they see the next chunk.
            if (target === trpcWss) guardMessageRate(ws, limits.messagesPer10s, Date.now, limits.callsPerMessage);
            target.emit('connection', ws, req);
          });
        },
        (error: unknown) => {
          deps.logger.error('socket session or quota check failed', { error: String(error) });
          socket.destroy();
        },
      );
  };
  server.on('upgrade', onUpgrade);

  protocolWss.on('connection', (ws: WebSocket, req: IncomingMessage) => {
    const auth = authByRequest.get(req);
    if (!auth) return ws.close(4401, 'unauthenticated');
    // An idle socket keeps only what it needs: the user id, not the user row (nor its password hash).
    const userId = auth.user.id;
    const send = (message: ProtocolMessage) => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
    };
    let joined = false;
    let alive = true;
    let budget = { windowStart: Date.now(), count: 0 };
    let authTimer: NodeJS.Timeout | undefined = setTimeout(() => {
      if (!joined) ws.close(4408, 'authenticate timeout');
    }, options.authenticateTimeoutMs ?? 10_000);

    const join = () => {
      let set = channels.get(userId);
      if (!set) {
        set = new Set();
        channels.set(userId, set);
      }
      set.add(send);
      joined = true;
      clearTimeout(authTimer);
      authTimer = undefined;
    };

    ws.on('pong', () => {
      alive = true;
    });
    ws.on('message', (data) => {
      const now = Date.now();
      if (now - budget.windowStart > 10_000) budget = { windowStart: now, count: 0 };
      budget.count += 1;
      if (budget.count > PROTOCOL_MESSAGES_PER_10S) {
        if (budget.count === PROTOCOL_MESSAGES_PER_10S + 1) {
          send({ type: 'error', code: 'RATE_LIMITED' });
          closeAbusive(ws, 'rate limited');
        }
        return;
      }
      let message: unknown;
      try {
        message = JSON.parse(String(data));
      } catch {
        send({ type: 'error', code: 'BAD_MESSAGE' });
        return;
      }
      const type = typeof message === 'object' && message !== null ? (message as { type?: unknown }).type : undefined;
      if (type === 'authenticate') {
        if ((message as { userId?: unknown }).userId !== userId) {
          send({ type: 'error', code: 'FORBIDDEN' });
          ws.close(4403, 'forbidden');
          return;
        }
        if (!joined) join();
        send({ type: 'authenticated', userId });
        return;
      }
      if (type === 'ping') return send({ type: 'pong' });
      send({ type: 'error', code: joined ? 'UNKNOWN_TYPE' : 'NOT_AUTHENTICATED' });
    });
    // Protocol-level heartbeat: a socket that misses a pong is terminated on the next beat.
    const beat = setInterval(() => {
      if (!alive) return ws.terminate();
      alive = false;
      ws.ping();
    }, options.heartbeatMs ?? 30_000);
    ws.on('close', () => {
      clearTimeout(authTimer);
      clearInterval(beat);
      const set = channels.get(userId);
      set?.delete(send);
      if (set?.size === 0) channels.delete(userId);
    });
  });

  const closeDelay = options.closeDelayMs ?? 250;
  const unsubscribeEnded = deps.bus.subscribe('session.ended', ({ sessionId }) => {
    const timer = setTimeout(() => registry.closeSession(sessionId, 'session ended'), closeDelay);
    timer.unref();
  });

  // The documented protocol is a second consumer of the bus: each commit becomes two messages.
  // The outbox relay may publish an event a second time (decision 026): this process passes each id on once.
  const recentEvents = new Set<string>();
  const unsubscribeCompleted = deps.bus.subscribe('activity.completed', ({ userId, completion, stats, eventId }) => {
    if (recentEvents.has(eventId)) return;
    recentEvents.add(eventId);
    if (recentEvents.size > 4_096) recentEvents.delete(recentEvents.values().next().value!);
    const channel = channels.get(userId);
    if (!channel) return;
    for (const send of channel) {
      send({ type: 'activity_completed', data: completion });
      send({ type: 'stats_updated', data: stats });
    }
  });

  const unsubscribeStats = deps.bus.subscribe('stats.updated', ({ userId, stats }) => {
    for (const send of channels.get(userId) ?? []) send({ type: 'stats_updated', data: stats });
  });

  const sweep = setInterval(() => {
    void (async () => {
      await purgeExpired(deps);
      await pruneIdempotency(deps);
      await pruneEvents(deps);
      // One statement for every socket's session, not one each (decision 039's addendum on bench (g)'s statements).
      const open = registry.sessionIds();
      const alive = new Set(open.length > 0 ? await deps.repos.sessions.existing(open) : []);
      for (const sessionId of open) {
        if (!alive.has(sessionId)) registry.closeSession(sessionId, 'session ended');
      }
    })().catch((error: unknown) => {
      deps.logger.error('session sweep failed', { error: String(error) });
    });
  }, options.sessionSweepMs ?? 60_000);
  sweep.unref();
  timers.push(sweep);

  return {
    registry,
    /** Pushes a `/ws` protocol message to every authenticated socket of a user. */
    sendToUser(userId: string, message: ProtocolMessage) {
      for (const send of channels.get(userId) ?? []) send(message);
    },
    /** Asks tRPC clients to reconnect (used on shutdown). */
    broadcastReconnectNotification: () => trpcHandler.broadcastReconnectNotification(),
    /** The instance is stopping (http/drain.ts): upgrades get 503 from now on, `/ws` sockets close with 1012 (their clients reconnect elsewhere). */
    beginDrain() {
      draining = true;
      for (const client of protocolWss.clients) client.close(SERVICE_RESTART_CLOSE_CODE, 'service restart');
    },
    /** tRPC sockets open or closing on this instance. */
    openSockets: () => trpcWss.clients.size,
    async close() {
      server.off('upgrade', onUpgrade);
      unsubscribeEnded();
      unsubscribeCompleted();
      unsubscribeStats();
      for (const timer of timers) clearInterval(timer);
      for (const wss of [trpcWss, protocolWss]) {
        for (const client of wss.clients) client.terminate();
        await new Promise<void>((resolve) => wss.close(() => resolve()));
      }
    },
  };
}

export type Realtime = ReturnType<typeof attachRealtime>;
