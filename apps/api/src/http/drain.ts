import type { Server, ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';
import type { Logger } from '../logger';

/**
 * A graceful, bounded stop (docs/decisions/024-instances-behind-nginx.md "Draining").
 *
 * On SIGTERM/SIGINT `main.ts` runs `drain.run()`:
 *  1. draining: the listener closes (a new connection is refused, so nginx passes any request, POST
 *     included, to another instance and marks this one down); kept-alive connections stay, and on them
 *     WebSocket upgrades get 503 + `Retry-After: 1`, `GET /api/health` answers 503 `{ "status": "draining" }`,
 *     and every answer started from now on carries `Connection: close`; `/ws` sockets close with 1012;
 *  2. in-flight HTTP requests and coach reply streams (`holdStream`) finish, up to the budget;
 *  3. tRPC clients are told to reconnect (`broadcastReconnectNotification`) and close their sockets,
 *     up to the budget, and tRPC event streams over HTTP (SSE) are closed; both come back through the
 *     load balancer to another instance;
 *  4. kept-alive connections idle for `idleGraceMs` are closed (the proxy, whose pool keeps an idle
 *     connection for less, closes them first: see below), up to the budget; whatever is left is closed.
 *
 * The reconnect notification waits for step 2 because tRPC's client closes its socket as soon as it gets
 * it, which would cut a coach reply mid-stream (and the other instance would ask the model again); until
 * then the tabs on this instance stay live (the event bus still delivers to them).
 */

/** Coach reply streams in flight, per app graph (a test process may run several). */
const streams = new WeakMap<object, { open: number }>();

/** Counts a finite stream (a coach reply) that a stop lets finish; call the returned function once it ends. */
export function holdStream(owner: object): () => void {
  let count = streams.get(owner);
  if (!count) {
    count = { open: 0 };
    streams.set(owner, count);
  }
  const held = count;
  held.open += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    held.open -= 1;
  };
}

/** Finite streams (coach replies) of this app graph still running. */
export function streamsInFlight(owner: object): number {
  return streams.get(owner)?.open ?? 0;
}

/** What the drain needs from the WebSocket side (realtime/realtime-server.ts). */
export type DrainableRealtime = {
  /** From now on upgrades get 503; `/ws` sockets close with 1012. */
  beginDrain(): void;
  broadcastReconnectNotification(): void;
  /** tRPC sockets still open (or closing). */
  openSockets(): number;
  /** Terminates what is left and stops handling upgrades. */
  close(): Promise<void>;
};

export type DrainResult = {
  /** Everything in flight finished and every tRPC client left before the budget ran out. */
  drained: boolean;
  ms: number;
  /** What was still open when the budget ran out (all 0 when drained). */
  left: { requests: number; streams: number; sockets: number };
};

export type DrainOptions = {
  /** DRAIN_TIMEOUT_MS: the longest the stop waits before closing everything. */
  budgetMs: number;
  logger: Logger;
  /** The app graph whose coach streams the drain waits for (`holdStream(deps)`). */
  owner: object;
  /**
   * DRAIN_IDLE_GRACE_MS: how long a kept-alive connection must have been idle before the drain closes it.
   * Behind a proxy it must exceed the proxy's own idle timeout for pooled connections (nginx's upstream
   * `keepalive_timeout`, 2 s in deploy/nginx/ascenso.conf), so the proxy drops an idle connection first
   * and never writes a request on one the instance is closing: a POST cut that way is lost to it (nginx
   * answers 502 and does not pass it on). 0: idle connections are closed at once (one instance, no proxy).
   */
  idleGraceMs?: number;
  /** How often the drain looks at what is still in flight. */
  pollMs?: number;
};

export type Drain = ReturnType<typeof createDrain>;

export function createDrain(options: DrainOptions) {
  let draining = false;
  /** Answers not finished yet (their 'close' has not fired), event streams apart. */
  const inFlight = new Set<ServerResponse>();
  /**
   * tRPC subscriptions over HTTP (SSE: `Accept: text/event-stream`, outside clients; the web app uses the
   * socket). They never finish by themselves: the drain does not wait for them, and closes them when it
   * tells the sockets to reconnect; an SSE client reconnects (with its last event id) through the proxy.
   */
  const eventStreams = new Set<ServerResponse>();
  /**
   * Every HTTP connection (upgraded ones apart) with its answers in progress and when it last went idle,
   * for step 4. Node's `closeIdleConnections` closes every idle one at once, however recently it was used.
   */
  const connections = new Map<Socket, { active: number; idleSince: number }>();
  let running: Promise<DrainResult> | undefined;
  const pollMs = options.pollMs ?? 20;
  const idleGraceMs = options.idleGraceMs ?? 0;

  /** Closes the connections idle for the grace; true once none is left. */
  const closeIdle = () => {
    const now = Date.now();
    for (const [socket, state] of connections) {
      if (state.active === 0 && now - state.idleSince >= idleGraceMs) {
        connections.delete(socket);
        socket.destroy();
      }
    }
    return connections.size === 0;
  };

  const waitUntil = async (done: () => boolean, deadline: number) => {
    while (!done() && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, Math.min(pollMs, Math.max(1, deadline - Date.now()))));
    }
    return done();
  };

  async function run(server: Server, realtime: DrainableRealtime): Promise<DrainResult> {
    const started = Date.now();
    const deadline = started + options.budgetMs;
    draining = true;
    // Answers already being worked on close their connection too, unless their headers are out.
    for (const res of [...inFlight, ...eventStreams]) if (!res.headersSent) res.setHeader('connection', 'close');
    options.logger.info('draining: no new connections or sockets, waiting for what is in flight', {
      budgetMs: options.budgetMs,
      requests: inFlight.size,
      streams: streamsInFlight(options.owner),
      sockets: realtime.openSockets(),
    });
    realtime.beginDrain();
    // Stops listening, and only that: net.Server's close, not http.Server's, which would also drop the
    // kept-alive connections idle right now. A proxy may be writing a request on one of those at this very
    // moment, and a POST cut that way is lost to it (nginx answers 502 and does not pass it on). Kept, each
    // serves at most one more request, answered with `Connection: close`; the rest are closed at the end.
    const closed = new Promise<void>((resolve) => NetServer.prototype.close.call(server, () => resolve()));
    const settled = await waitUntil(() => inFlight.size === 0 && streamsInFlight(options.owner) === 0, deadline);
    realtime.broadcastReconnectNotification();
    for (const res of eventStreams) res.destroy();
    const left = await waitUntil(() => realtime.openSockets() === 0, deadline);
    await waitUntil(closeIdle, deadline);
    const result: DrainResult = {
      drained: settled && left,
      ms: Date.now() - started,
      left: { requests: inFlight.size, streams: streamsInFlight(options.owner), sockets: realtime.openSockets() },
    };
    if (result.drained) options.logger.info('drained', { ms: result.ms });
    else options.logger.warn('drain budget spent: closing what is left', { budgetMs: options.budgetMs, ...result.left });
    server.closeAllConnections();
    await realtime.close();
    await closed;
    return result;
  }

  return {
    /** True from the first signal on: health answers 503, upgrades are refused, answers close their connection. */
    isDraining: () => draining,
    /** HTTP requests whose answer has not finished (upgrades and event streams are not counted). */
    inFlight: () => inFlight.size,
    /**
     * Counts the server's in-flight requests. While draining, every answer carries `Connection: close`, so a
     * kept-alive connection (a proxy's pool) is not used again: its next request opens a connection, which
     * is refused, and goes to another instance.
     */
    track(server: Server) {
      server.prependListener('connection', (socket: Socket) => {
        connections.set(socket, { active: 0, idleSince: Date.now() });
        socket.once('close', () => connections.delete(socket));
      });
      // A WebSocket's connection is the realtime server's from now on (steps 1 and 3).
      server.prependListener('upgrade', (_req, socket: Socket) => connections.delete(socket));
      server.prependListener('request', (req, res) => {
        const held = req.headers.accept?.includes('text/event-stream') ? eventStreams : inFlight;
        held.add(res);
        if (draining) res.setHeader('connection', 'close');
        const connection = connections.get(req.socket as Socket);
        if (connection) connection.active += 1;
        res.once('close', () => {
          held.delete(res);
          if (connection) {
            connection.active -= 1;
            connection.idleSince = Date.now();
          }
        });
      });
    },
    /** Drains once (a second call gets the same promise) and closes the server and the sockets. */
    run(server: Server, realtime: DrainableRealtime): Promise<DrainResult> {
      running ??= run(server, realtime);
      return running;
    },
  };
}
