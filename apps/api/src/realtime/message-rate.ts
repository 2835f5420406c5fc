import type { RawData, WebSocket } from 'ws';

/** The window of the per-socket message budget. */
export const MESSAGE_WINDOW_MS = 10_000;
/** A message costs one unit per started KiB, so one large batched frame costs what many small ones do. */
const UNIT_BYTES = 1024;
/** Replies queued for a client that does not read them; past this the client is cut off. */
export const MAX_BUFFERED_BYTES = 1024 * 1024;
/** How long a socket closed for abuse gets to answer the close frame before it is cut. */
const CLOSE_GRACE_MS = 1_000;
/** Close reason sent with 1008 (Spanish, ≤ 123 bytes). */
export const FLOOD_CLOSE_REASON = 'Demasiados mensajes en esta conexión; vuelve a conectar en unos segundos';

function byteLength(data: RawData): number {
  if (Array.isArray(data)) return data.reduce((sum, part) => sum + part.length, 0);
  return data.byteLength;
}

/**
 * Closes a socket that broke a rule (1008 policy violation) and stops handling what it sent: `ws`
 * keeps reading during the closing handshake and still emits every frame already received (the rest
 * of a 64 KiB chunk can hold hundreds), so the endpoint's 'message' listeners (tRPC's included) are
 * removed and reading is paused. The socket is cut (terminate) after a short grace.
 */
export function closeAbusive(ws: WebSocket, reason: string) {
  if (ws.readyState !== ws.OPEN) return;
  ws.close(1008, reason);
  ws.removeAllListeners('message');
  ws.pause();
  setTimeout(() => ws.terminate(), CLOSE_GRACE_MS).unref();
}

/**
 * A per-socket budget of `maxPer10s` units (a message is one unit per started KiB) in a fixed 10 s
 * window. Over it, or with more than 1 MiB of replies the client has not read, the socket is closed
 * with 1008 and a Spanish reason. Register it before the endpoint's own 'message' listener.
 * (A counter of the socket's own: nothing is shared, so no limiter library or store is needed.)
 */
export function guardMessageRate(ws: WebSocket, maxPer10s: number, now: () => number = Date.now) {
  let windowStart = now();
  let used = 0;
  ws.on('message', (data) => {
    const at = now();
    if (at - windowStart >= MESSAGE_WINDOW_MS) {
      windowStart = at;
      used = 0;
    }
    used += 1 + Math.floor(Math.max(0, byteLength(data) - 1) / UNIT_BYTES);
    if (used > maxPer10s || ws.bufferedAmount > MAX_BUFFERED_BYTES) closeAbusive(ws, FLOOD_CLOSE_REASON);
  });
}
