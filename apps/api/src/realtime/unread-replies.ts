import { WebSocket, type RawData } from 'ws';
import { closeAbusive } from './message-rate';

/** How long a socket over its unread-replies cap stays unread from before it is closed (1008). */
export const UNREAD_GRACE_MS = 10_000;
/** Close reason sent with 1008 (Spanish, ≤ 123 bytes). */
export const UNREAD_CLOSE_REASON = 'Demasiadas respuestas sin leer en esta conexión; vuelve a conectar';

export type UnreadPolicy = {
  /** Replies (bytes queued in the socket) a client may leave unread. */
  maxUnreadBytes: number;
  /** Time a client over the cap gets to read before it is closed; defaults to UNREAD_GRACE_MS. */
  graceMs?: number;
  /** Told when a socket is held (reading stopped) or closed for unread replies (logs, tests). */
  onEvent?: (event: 'held' | 'released' | 'closed', unreadBytes: number) => void;
};

type SendCallback = (error?: Error) => void;
type SendOptions = Exclude<Parameters<WebSocket['send']>[1], SendCallback | undefined>;

/**
 * The WebSocket class both endpoints' servers build their sockets from (`ws`'s documented `WebSocket`
 * server option), with the unread-replies bound checked where memory grows: on every send, whether
 * it answers a call, pushes an event or a ping.
 *
 * A client that stops reading leaves each reply queued in the server (`bufferedAmount`). Past
 * `maxUnreadBytes` the socket is held: the server stops reading it, so it takes no new calls whose
 * answers would queue too (the calls already running are capped per socket, subscription-guard.ts).
 * If it has read below the cap when the grace ends, reading resumes; if not, or if it passes four
 * times the cap meanwhile, it is closed with 1008 and cut a second later (message-rate.ts), and what
 * is sent after that is dropped, not queued. See docs/ARCHITECTURE.md "Realtime".
 */
export function boundedWebSocketClass(policy: UnreadPolicy): typeof WebSocket {
  const grace = policy.graceMs ?? UNREAD_GRACE_MS;
  const hardCap = policy.maxUnreadBytes * 4;
  return class BoundedWebSocket extends WebSocket {
    #held = false;
    /**
     * Set by the endpoint (message-rate.ts): a message it refuses reaches no 'message' listener, not
     * even the one being called when the socket is closed for it.
     */
    admitMessage: ((data: RawData) => boolean) | undefined = undefined;

    override emit(event: string | symbol, ...args: unknown[]): boolean {
      if (event === 'message' && this.admitMessage && !this.admitMessage(args[0] as RawData)) return false;
      return super.emit(event, ...args);
    }

    override send(data: Parameters<WebSocket['send']>[0], options?: SendOptions | SendCallback, callback?: SendCallback): void {
      if (typeof options === 'function') super.send(data, options);
      else super.send(data, options ?? {}, callback);
      this.#checkUnread();
    }

    #checkUnread() {
      const unread = this.bufferedAmount;
      if (unread <= policy.maxUnreadBytes || this.readyState !== WebSocket.OPEN) return;
      if (unread > hardCap) {
        policy.onEvent?.('closed', unread);
        closeAbusive(this, UNREAD_CLOSE_REASON);
        return;
      }
      if (this.#held) return;
      this.#held = true;
      this.pause();
      policy.onEvent?.('held', unread);
      setTimeout(() => {
        this.#held = false;
        if (this.readyState !== WebSocket.OPEN) return;
        if (this.bufferedAmount > policy.maxUnreadBytes) {
          policy.onEvent?.('closed', this.bufferedAmount);
          closeAbusive(this, UNREAD_CLOSE_REASON);
        } else {
          policy.onEvent?.('released', this.bufferedAmount);
          this.resume();
        }
      }, grace).unref();
    }
  };
}
