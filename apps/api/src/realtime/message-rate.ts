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
/** Close reason of a message with more calls than the cap (1008). */
export const BATCH_CLOSE_REASON = 'Demasiadas peticiones en un mismo mensaje; envíalas en varios';

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

/** The calls a tRPC message carries: a JSON array (a batch) counts each element; anything else one. */
export function callsIn(data: RawData): number {
  const text = (Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(data)).toString('utf8');
  // tRPC's keep-alive frames and anything that is not a batch: one call at most (tRPC answers a bad one).
  if (!text.trimStart().startsWith('[')) return 1;
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed.length : 1;
  } catch {
    return 1;
  }
}

/**
 * A per-socket budget of `maxPer10s` units in a fixed 10 s window: a message costs one unit per started
 * KiB, or one per call it carries if that is more. Over it, with more than `callsPerMessage` calls in one
 * message, or with more than 1 MiB of replies the client has not read, the socket is closed with 1008
 * and a Spanish reason. Install it before the endpoint's own 'message' listener. (A counter of the
 * socket's own: nothing is shared, so no limiter library or store is needed.) Unread replies are also
 * checked on every send (unread-replies.ts).
 */
export function guardMessageRate(
  ws: WebSocket & { admitMessage?: (data: RawData) => boolean },
  maxPer10s: number,
  now: () => number = Date.now,
  callsPerMessage = Number.POSITIVE_INFINITY,
) {
  let windowStart = now();
  let used = 0;
  const admit = (data: RawData): boolean => {
    const at = now();
    if (at - windowStart >= MESSAGE_WINDOW_MS) {
      windowStart = at;
      used = 0;
    }
    const calls = Number.isFinite(callsPerMessage) ? callsIn(data) : 1;
    if (calls > callsPerMessage) {
      closeAbusive(ws, BATCH_CLOSE_REASON);
      return false;
    }
    used += Math.max(calls, 1 + Math.floor(Math.max(0, byteLength(data) - 1) / UNIT_BYTES));
    if (used > maxPer10s || ws.bufferedAmount > MAX_BUFFERED_BYTES) {
      closeAbusive(ws, FLOOD_CLOSE_REASON);
      return false;
    }
    return true;
  };
  // The servers' sockets (unread-replies.ts) let the guard refuse a message before any listener; a
  // plain socket gets it as the first listener, which stops the ones after it from the next message on.
  if ('admitMessage' in ws) ws.admitMessage = admit;
  else ws.on('message', (data) => void admit(data));
}
