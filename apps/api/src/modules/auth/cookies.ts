/**
 * The session cookie: `HttpOnly; SameSite=Lax; Path=/`, plus `Secure` and the `__Host-` prefix in
 * production (which forbids a Domain attribute and requires Secure and Path=/).
 */
export type CookieSettings = { secure: boolean };

export function sessionCookieName(settings: CookieSettings): string {
  return settings.secure ? '__Host-session' : 'session';
}

export function serializeSessionCookie(settings: CookieSettings, token: string, expiresAt: Date, now: Date): string {
  const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / 1000));
  const parts = [`${sessionCookieName(settings)}=${token}`, 'HttpOnly', 'SameSite=Lax', 'Path=/', `Max-Age=${maxAge}`];
  if (settings.secure) parts.push('Secure');
  return parts.join('; ');
}

export function serializeClearedSessionCookie(settings: CookieSettings): string {
  const parts = [`${sessionCookieName(settings)}=`, 'HttpOnly', 'SameSite=Lax', 'Path=/', 'Max-Age=0'];
  if (settings.secure) parts.push('Secure');
  return parts.join('; ');
}

/** Reads one cookie from a Cookie header. */
export function readCookie(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index === -1) continue;
    if (part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return undefined;
}

/**
 * The device cookie (OWASP's device cookies, decision 034): `<id>.<secret>` of a device that signed in
 * successfully, kept a year. `HttpOnly; SameSite=Strict; Path=/api` (only sign-ins read it), plus `Secure`
 * in production. Not `__Host-`: that prefix requires `Path=/`.
 */
export function deviceCookieName(settings: CookieSettings): string {
  return settings.secure ? '__Secure-device' : 'device';
}

export function serializeDeviceCookie(settings: CookieSettings, token: string, maxAgeSeconds: number): string {
  const parts = [`${deviceCookieName(settings)}=${token}`, 'HttpOnly', 'SameSite=Strict', 'Path=/api', `Max-Age=${Math.floor(maxAgeSeconds)}`];
  if (settings.secure) parts.push('Secure');
  return parts.join('; ');
}
