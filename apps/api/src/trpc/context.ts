import type { UserRow } from '@ascenso/db/schema/users';
import type { Deps } from '../deps';
import {
  deviceCookieName,
  readCookie,
  serializeClearedSessionCookie,
  serializeDeviceCookie,
  serializeSessionCookie,
  sessionCookieName,
} from '../modules/auth/cookies';
import { DEVICE_LIFETIME_MS, validateSessionToken } from '../modules/auth/auth.service';

export type AuthState = { user: UserRow; session: { id: string; expiresAt: Date } };

export type Context = {
  deps: Deps;
  requestId: string;
  ip: string;
  transport: 'http' | 'ws';
  auth: AuthState | null;
  /** Issues the session cookie on this response (no-op on WebSockets). */
  setSessionCookie: (token: string, expiresAt: Date) => void;
  clearSessionCookie: () => void;
  /** The device cookie this request carried (decision 034), if any. */
  deviceToken: string | undefined;
  /** Issues the device cookie, valid a year from now (no-op on WebSockets). */
  setDeviceCookie: (token: string) => void;
};

export type RequestMeta = {
  headers: Pick<Headers, 'get'>;
  /** Where Set-Cookie lines go; they are copied to the response. */
  responseHeaders: Pick<Headers, 'append'>;
  ip: string;
  requestId: string;
};

/** Resolves the session from the cookie. Never throws: a bad or expired cookie means a visitor. */
export async function createRequestContext(deps: Deps, meta: RequestMeta): Promise<Context> {
  const token = readCookie(meta.headers.get('cookie'), sessionCookieName(deps.cookie));
  const setSessionCookie = (value: string, expiresAt: Date) =>
    meta.responseHeaders.append('set-cookie', serializeSessionCookie(deps.cookie, value, expiresAt, deps.clock()));
  const clearSessionCookie = () => meta.responseHeaders.append('set-cookie', serializeClearedSessionCookie(deps.cookie));

  let auth: AuthState | null = null;
  if (token) {
    const result = await validateSessionToken(deps, token);
    if (!result) clearSessionCookie();
    else {
      auth = { user: result.user, session: { id: result.sessionId, expiresAt: result.expiresAt } };
      if (result.refreshed) setSessionCookie(token, result.expiresAt);
    }
  }
  return {
    deps,
    requestId: meta.requestId,
    ip: meta.ip,
    transport: 'http',
    auth,
    setSessionCookie,
    clearSessionCookie,
    deviceToken: readCookie(meta.headers.get('cookie'), deviceCookieName(deps.cookie)),
    setDeviceCookie: (value: string) => meta.responseHeaders.append('set-cookie', serializeDeviceCookie(deps.cookie, value, DEVICE_LIFETIME_MS / 1000)),
  };
}

/** Context for a WebSocket connection whose session was checked at the upgrade. */
export function createSocketContext(deps: Deps, auth: AuthState | null, ip: string, requestId: string): Context {
  return {
    deps,
    requestId,
    ip,
    transport: 'ws',
    auth,
    setSessionCookie: () => {},
    clearSessionCookie: () => {},
    deviceToken: undefined,
    setDeviceCookie: () => {},
  };
}
