import { formatDateTime } from '@ascenso/domain/date-format';
import { SHARE_INCLUDE_LABELS, type ShareInclude, type ShareStatus } from '@ascenso/domain/shares';

/** "26 de noviembre de 2026 a las 08:05" in the user's time zone. */
export function formatShareDate(date: Date, timeZone: string): string {
  return formatDateTime(date, timeZone, 'long');
}

export const STATUS_LABELS: Record<ShareStatus, string> = { active: 'Activo', expired: 'Caducado', revoked: 'Revocado' };

/** "Visto 3 veces · última: 26 de noviembre de 2026, 11:05", or that nobody has opened it yet. */
export function viewsLabel(views: { count: number; lastViewedAt: Date | null }, timeZone: string): string {
  if (views.count === 0 || !views.lastViewedAt) return 'Nadie lo ha abierto todavía';
  const times = views.count === 1 ? 'Visto 1 vez' : `Visto ${views.count.toLocaleString('es-ES')} veces`;
  return `${times} · última: ${formatShareDate(views.lastViewedAt, timeZone)}`;
}

/** What a share carries, in words: "Resumen de pasos; 2 entradas del diario". */
export function partsLabel(include: readonly ShareInclude[], journalEntryCount: number): string {
  const parts = include.map((key) => SHARE_INCLUDE_LABELS[key].replace(/ \(.*\)$/, ''));
  if (journalEntryCount > 0) parts.push(journalEntryCount === 1 ? '1 entrada del diario' : `${journalEntryCount} entradas del diario`);
  return parts.join('; ');
}

export const daysLabel = (days: number) => (days === 1 ? '1 día' : `${days} días`);
