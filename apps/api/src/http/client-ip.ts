import type { Context as HonoContext } from 'hono';
import type { AppEnv } from './types';

/** The peer address of the TCP connection (no proxy headers are trusted). */
export function clientIp(c: HonoContext<AppEnv>): string {
  return c.env?.incoming?.socket?.remoteAddress ?? 'unknown';
}
