/**
 * "Europe/Madrid" → "hora de Europa central" (es-ES generic name). Null when the zone is unknown to
 * the browser or has no Spanish name beyond an offset.
 */
export function timeZoneName(timeZone: string, now: Date): string | null {
  try {
    const parts = new Intl.DateTimeFormat('es-ES', { timeZone, timeZoneName: 'longGeneric' }).formatToParts(now);
    const name = parts.find((part) => part.type === 'timeZoneName')?.value ?? null;
    return name && !/^GMT|^UTC/.test(name) ? name : null;
  } catch {
    return null;
  }
}

/** Share of today's allowance used, 0–100, for the progress bar (a limit of 0 counts as full). */
export function allowancePercent(todayCount: number, dailyLimit: number): number {
  if (dailyLimit <= 0) return 100;
  return Math.round((Math.min(todayCount, dailyLimit) / dailyLimit) * 100);
}

/** "2026-11-22" (the user's local day from the API) → "domingo, 22 de noviembre". */
export function formatLocalDay(day: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const date = new Date(`${day}T12:00:00Z`);
  if (Number.isNaN(date.getTime())) return null;
  return new Intl.DateTimeFormat('es-ES', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(date);
}

/** "2 de 5 hoy"; past the limit completions are still recorded: "3 hoy · límite 2". */
export function todayCountLabel(todayCount: number, dailyLimit: number): string {
  if (todayCount > dailyLimit) return `${todayCount} hoy · límite ${dailyLimit}`;
  return `${todayCount} de ${dailyLimit} hoy`;
}

/** The activities in the catalogue's order (spec §3); keys the web does not know go last. */
export function inCatalogueOrder<T extends { activityKey: string }>(activities: readonly T[], order: readonly string[]): T[] {
  const rank = (key: string) => {
    const index = order.indexOf(key);
    return index === -1 ? order.length : index;
  };
  return [...activities].sort((a, b) => rank(a.activityKey) - rank(b.activityKey));
}
