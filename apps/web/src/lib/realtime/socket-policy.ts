/**
 * The reconnect rules of the app's one WebSocket (`/api/trpc-ws`, product spec §4 "Real-time
 * connection" and §9): at most 5 reconnect attempts, 1 s, 2 s, 4 s, 8 s and 16 s apart; the count
 * starts again after a successful connection; when the tab becomes visible and the socket is not open,
 * it reconnects at once (with a fresh budget); a close with 4401/4403 (the session ended, or the server
 * refused it) stops reconnecting and hands over to sign-in.
 *
 * tRPC's WebSocket client reconnects by itself, forever. This policy drives it through its public
 * options only (src/lib/trpc-ws.ts): `retryDelayMs` is 0 and `url` is an async function that waits at
 * this gate (`beforeAttempt`), so the delay, the cap and the visibility wake-up all live here; `onOpen`
 * and `onClose` report back. Framework-free: timers are injected, so it runs under fake timers in Node.
 *
 *   open ──> connected ──close──> disconnected ──wait 1·2·4·8·16 s (or visible)──> attempt
 *                                      │ 5 attempts failed ──> error: waits for the tab to be visible
 *                                      │ code 4401/4403 ──> session ended: no attempt until the next sign-in
 */

export type SocketState = 'disconnected' | 'connecting' | 'connected' | 'error';

export interface SocketSnapshot {
  state: SocketState;
  /** Closes since the last successful open (the first is the drop, the next ones failed attempts). */
  failures: number;
  /** The server ended the session (close 4401/4403): no more attempts until `start()`. */
  sessionEnded: boolean;
}

export interface PolicyTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** Spec §9: at most 5 reconnect attempts, delay doubling from 1000 ms. */
export const MAX_RECONNECT_ATTEMPTS = 5;
export const RECONNECT_BASE_DELAY_MS = 1000;

/** The session ended (4401) or the server refused the socket (4403): reconnecting cannot help. */
export const SESSION_ENDED_CLOSE_CODE = 4401;
export const FORBIDDEN_CLOSE_CODE = 4403;

/** Delay before reconnect attempt `attempt` (1-based): 1 s, 2 s, 4 s, 8 s, 16 s. */
export function reconnectDelayMs(attempt: number, baseDelayMs = RECONNECT_BASE_DELAY_MS): number {
  return baseDelayMs * 2 ** Math.max(0, attempt - 1);
}

export class SocketPolicy {
  private snapshot: SocketSnapshot = { state: 'disconnected', failures: 0, sessionEnded: false };
  /** Signed in (the realtime provider is mounted): attempts are allowed. */
  private active = false;
  private readonly waiters = new Set<() => void>();
  private readonly listeners = new Set<() => void>();
  private readonly sessionEndedListeners = new Set<(code: number) => void>();

  constructor(
    private readonly timers: PolicyTimers = {
      setTimeout: (callback, ms) => setTimeout(callback, ms),
      clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    },
    private readonly maxAttempts = MAX_RECONNECT_ATTEMPTS,
    private readonly baseDelayMs = RECONNECT_BASE_DELAY_MS,
  ) {}

  getSnapshot = (): SocketSnapshot => this.snapshot;

  /** For `useSyncExternalStore`. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Called with the close code when the server ends the session on the socket. */
  onSessionEnded(listener: (code: number) => void): () => void {
    this.sessionEndedListeners.add(listener);
    return () => this.sessionEndedListeners.delete(listener);
  }

  /** A user is signed in: a fresh budget, and any waiting attempt goes now. */
  start(): void {
    this.active = true;
    this.update({
      failures: 0,
      sessionEnded: false,
      state: this.snapshot.state === 'connected' ? 'connected' : 'disconnected',
    });
    this.release();
  }

  /** Signed out: no more attempts (the socket closes by itself with its last subscription). */
  stop(): void {
    this.active = false;
  }

  /** The tab became visible: if the socket is not open, reconnect now, with a fresh budget. */
  visible(): void {
    if (!this.active || this.snapshot.sessionEnded || this.snapshot.state === 'connected') return;
    if (this.waiters.size === 0) return; // an attempt is already under way
    this.update({ failures: 0 });
    this.release();
  }

  /**
   * Awaited by the socket before every connection attempt (its `url` function): resolves at once for
   * the first one, after the backoff delay for a reconnect, and only when the tab becomes visible (or on
   * the next sign-in) once the attempts are used up or the session ended.
   */
  beforeAttempt(): Promise<void> {
    const { failures, sessionEnded } = this.snapshot;
    if (this.active && !sessionEnded && failures === 0) {
      this.update({ state: 'connecting' });
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => {
      let timer: unknown = null;
      const go = () => {
        if (timer !== null) this.timers.clearTimeout(timer);
        this.waiters.delete(go);
        this.update({ state: 'connecting' });
        resolve();
      };
      this.waiters.add(go);
      if (this.active && !sessionEnded && failures <= this.maxAttempts) {
        timer = this.timers.setTimeout(go, reconnectDelayMs(failures, this.baseDelayMs));
      }
    });
  }

  /** The socket opened: the reconnect count starts again. */
  opened(): void {
    this.update({ state: 'connected', failures: 0 });
  }

  /** The socket closed (also an attempt that never opened). */
  closed(code: number | undefined): void {
    if (code === SESSION_ENDED_CLOSE_CODE || code === FORBIDDEN_CLOSE_CODE) {
      this.update({ state: 'disconnected', sessionEnded: true });
      for (const listener of [...this.sessionEndedListeners]) listener(code);
      return;
    }
    const failures = this.snapshot.failures + 1;
    this.update({ failures, state: failures > this.maxAttempts ? 'error' : 'disconnected' });
  }

  private release(): void {
    for (const go of [...this.waiters]) go();
  }

  private update(patch: Partial<SocketSnapshot>): void {
    const next = { ...this.snapshot, ...patch };
    if (next.state === this.snapshot.state && next.failures === this.snapshot.failures && next.sessionEnded === this.snapshot.sessionEnded) return;
    this.snapshot = next;
    for (const listener of [...this.listeners]) listener();
  }
}

/** The tab's one policy, shared by the socket (src/lib/trpc-ws.ts) and the realtime provider. */
export const socketPolicy = new SocketPolicy();
