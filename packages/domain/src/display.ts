/**
 * Small display and navigation rules shared by the API and the web app. No zod and no word lists here:
 * the web app's first screens import this module, so it must stay tiny.
 */

/** The word Home greets with: the first name, or "coach" when there is none. */
export function greetingName(firstName: string | null | undefined): string {
  const trimmed = firstName?.trim();
  return trimmed ? trimmed : 'coach';
}

/** A `?next=` target is honoured only when it is a path on this site (no open redirects). */
export function safeNextPath(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  if (next.length > 512 || [...next].some((ch) => ch.charCodeAt(0) < 0x20)) return '/';
  return next;
}
