/**
 * Client for the documented `/ws` protocol (product spec §4 "Real-time connection", §7, §9; contract
 * "Realtime"). Framework-free: the WebSocket constructor, the timers and the document are injected, so
 * the state machine runs under fake timers in Node.
 *
 *   start() ──> connecting ──open──> connected ──send authenticate──> "authenticated" (retry budget reset)
 *                   │                     │
 *                 error                 close ──> disconnected ──> retry in 1, 2, 4, 8, 16 s ──> connecting
 *                                                     │
 *                         retries exhausted ──> error │ code 4401/4403 ──> stays disconnected
 */

export type RealtimeState = 'disconnected' | 'connecting' | 'connected' | 'error';

/** `activity_completed` data (the server also sends limitReached and dailyLimit). */
export interface ActivityCompletedData {
  activityId: string;
  activityType: string;
  activityName: string;
  stepsEarned: number;
  icon: string;
  completedAt: string;
  limitReached: boolean;
  dailyLimit: number;
}

/** `stats_updated` data. */
export interface StatsUpdatedData {
  totalSteps: number;
  todaySteps: number;
}

export type RealtimeEvent =
  | { type: 'activity_completed'; data: ActivityCompletedData }
  | { type: 'stats_updated'; data: StatsUpdatedData };

export interface RealtimeSnapshot {
  state: RealtimeState;
  /** The latest `activity_completed` or `stats_updated` event, or null before the first one. */
  lastEvent: RealtimeEvent | null;
}

/** The subset of the browser WebSocket this client uses (tests pass a fake). */
export type WebSocketLike = Pick<WebSocket, 'readyState' | 'onopen' | 'onmessage' | 'onerror' | 'onclose' | 'send' | 'close'>;

export type WebSocketFactory = new (url: string) => WebSocketLike;

export interface TimersLike {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface DocumentLike {
  readonly visibilityState: string;
  addEventListener(type: 'visibilitychange', listener: () => void): void;
  removeEventListener(type: 'visibilitychange', listener: () => void): void;
}

export interface RealtimeLogger {
  warn(message: string, ...details: unknown[]): void;
}

export interface RealtimeClientOptions {
  url: string | (() => string);
  WebSocket: WebSocketFactory;
  timers?: TimersLike;
  /** Visibility source; omit where there is no document. */
  document?: DocumentLike | null;
  logger?: RealtimeLogger;
  maxReconnectAttempts?: number;
  baseDelayMs?: number;
}

/** Spec §9: at most 5 reconnect attempts, delay doubling from 1000 ms. */
export const MAX_RECONNECT_ATTEMPTS = 5;
export const RECONNECT_BASE_DELAY_MS = 1000;

/** Close codes after which reconnecting cannot help: the session ended (4401) or the id was refused (4403). */
export const SESSION_ENDED_CLOSE_CODE = 4401;
export const FORBIDDEN_CLOSE_CODE = 4403;

const WS_OPEN = 1;
const WS_CONNECTING = 0;
const NORMAL_CLOSURE = 1000;

/** Same-origin `/ws`: `wss:` on https, `ws:` otherwise. */
export function realtimeUrl(location: { protocol: string; host: string }): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/ws`;
}

/** Reconnect delay before attempt `attempt` (1-based): 1 s, 2 s, 4 s, 8 s, 16 s. */
export function reconnectDelayMs(attempt: number, baseDelayMs = RECONNECT_BASE_DELAY_MS): number {
  return baseDelayMs * 2 ** Math.max(0, attempt - 1);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Validates a pushed event; anything that is not a well-formed completion or stats event is null. */
export function parseRealtimeEvent(message: unknown): RealtimeEvent | null {
  if (!isRecord(message) || !isRecord(message.data)) return null;
  const data = message.data;
  if (message.type === 'stats_updated') {
    if (typeof data.totalSteps !== 'number' || typeof data.todaySteps !== 'number') return null;
    return { type: 'stats_updated', data: { totalSteps: data.totalSteps, todaySteps: data.todaySteps } };
  }
  if (message.type === 'activity_completed') {
    if (typeof data.activityId !== 'string' || typeof data.stepsEarned !== 'number') return null;
    return {
      type: 'activity_completed',
      data: {
        activityId: data.activityId,
        activityType: typeof data.activityType === 'string' ? data.activityType : '',
        activityName: typeof data.activityName === 'string' ? data.activityName : '',
        stepsEarned: data.stepsEarned,
        icon: typeof data.icon === 'string' ? data.icon : '',
        completedAt: typeof data.completedAt === 'string' ? data.completedAt : '',
        // Older servers did not send these: a zero-step completion is one past the limit.
        limitReached: typeof data.limitReached === 'boolean' ? data.limitReached : data.stepsEarned === 0,
        dailyLimit: typeof data.dailyLimit === 'number' ? data.dailyLimit : 0,
      },
    };
  }
  return null;
}

export class RealtimeClient {
  private readonly options: Required<Omit<RealtimeClientOptions, 'document'>> & { document: DocumentLike | null };
  private socket: WebSocketLike | null = null;
  private userId: string | null = null;
  private attempts = 0;
  private retryTimer: unknown = null;
  private sessionEnded = false;
  private snapshot: RealtimeSnapshot = { state: 'disconnected', lastEvent: null };
  private readonly stateListeners = new Set<() => void>();
  private readonly eventListeners = new Set<(event: RealtimeEvent) => void>();

  constructor(options: RealtimeClientOptions) {
    this.options = {
      timers: { setTimeout: (cb, ms) => setTimeout(cb, ms), clearTimeout: (h) => clearTimeout(h as number) },
      logger: console,
      maxReconnectAttempts: MAX_RECONNECT_ATTEMPTS,
      baseDelayMs: RECONNECT_BASE_DELAY_MS,
      ...options,
      document: options.document ?? null,
    };
  }

  /** Connects as `userId` (only ever called for a signed-in user) and watches tab visibility. */
  start(userId: string): void {
    if (this.userId === userId && this.socket) return;
    this.stop();
    this.userId = userId;
    this.sessionEnded = false;
    this.attempts = 0;
    this.options.document?.addEventListener('visibilitychange', this.handleVisibilityChange);
    this.connect();
  }

  /** Signed out or unmounted: close without reconnecting. */
  stop(): void {
    this.options.document?.removeEventListener('visibilitychange', this.handleVisibilityChange);
    this.userId = null;
    this.clearRetry();
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      this.detach(socket);
      socket.close(NORMAL_CLOSURE, 'client stopped');
    }
    this.setState('disconnected');
  }

  getSnapshot = (): RealtimeSnapshot => this.snapshot;

  /** For `useSyncExternalStore`: called whenever the snapshot changes. */
  subscribe = (listener: () => void): (() => void) => {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  };

  /** Every accepted event, in order. */
  onEvent(listener: (event: RealtimeEvent) => void): () => void {
    this.eventListeners.add(listener);
    return () => this.eventListeners.delete(listener);
  }

  /** How many reconnect attempts have been made since the last successful authentication. */
  get reconnectAttempts(): number {
    return this.attempts;
  }

  private connect(): void {
    if (!this.userId || this.sessionEnded) return;
    this.clearRetry();
    this.setState('connecting');
    const url = typeof this.options.url === 'function' ? this.options.url() : this.options.url;
    let socket: WebSocketLike;
    try {
      socket = new this.options.WebSocket(url);
    } catch (error) {
      this.options.logger.warn('[realtime] could not open the connection', error);
      this.setState('error');
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket || !this.userId) return;
      this.setState('connected');
      socket.send(JSON.stringify({ type: 'authenticate', userId: this.userId }));
    };
    socket.onmessage = (event) => {
      if (this.socket === socket) this.handleMessage(event.data);
    };
    socket.onerror = (event) => {
      if (this.socket !== socket) return;
      this.options.logger.warn('[realtime] connection error', event);
      this.setState('error');
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.detach(socket);
      this.setState('disconnected');
      if (event.code === SESSION_ENDED_CLOSE_CODE || event.code === FORBIDDEN_CLOSE_CODE) {
        // The session is over (or the id was refused): a new attempt would be refused too.
        this.sessionEnded = true;
        return;
      }
      this.scheduleReconnect();
    };
  }

  private handleMessage(raw: unknown): void {
    let message: unknown;
    try {
      message = JSON.parse(typeof raw === 'string' ? raw : String(raw));
    } catch {
      this.options.logger.warn('[realtime] ignoring an unparseable message', raw);
      return;
    }
    if (isRecord(message) && message.type === 'authenticated') {
      this.attempts = 0;
      return;
    }
    const event = parseRealtimeEvent(message);
    if (!event) return; // other types (errors, pong, future types) are ignored
    this.snapshot = { ...this.snapshot, lastEvent: event };
    for (const listener of [...this.eventListeners]) listener(event);
    this.emit();
  }

  private scheduleReconnect(): void {
    if (!this.userId || this.sessionEnded) return;
    if (this.attempts >= this.options.maxReconnectAttempts) {
      this.setState('error');
      return;
    }
    this.attempts += 1;
    const delay = reconnectDelayMs(this.attempts, this.options.baseDelayMs);
    this.retryTimer = this.options.timers.setTimeout(() => {
      this.retryTimer = null;
      this.connect();
    }, delay);
  }

  private readonly handleVisibilityChange = (): void => {
    const doc = this.options.document;
    if (!doc || doc.visibilityState !== 'visible') return;
    if (!this.userId || this.sessionEnded) return;
    const readyState = this.socket?.readyState;
    if (readyState === WS_OPEN || readyState === WS_CONNECTING) return;
    // A fresh retry budget: the user is back, try now instead of waiting for a pending retry.
    this.attempts = 0;
    this.connect();
  };

  private clearRetry(): void {
    if (this.retryTimer !== null) {
      this.options.timers.clearTimeout(this.retryTimer);
      this.retryTimer = null;
    }
  }

  private detach(socket: WebSocketLike): void {
    socket.onopen = null;
    socket.onmessage = null;
    socket.onerror = null;
    socket.onclose = null;
  }

  private setState(state: RealtimeState): void {
    if (this.snapshot.state === state) return;
    this.snapshot = { ...this.snapshot, state };
    this.emit();
  }

  private emit(): void {
    for (const listener of [...this.stateListeners]) listener();
  }
}
