import { formatSteps, stepsLabel } from './format-steps';
import { longDay } from '../chart';

/** "+325", "0", "−150" (a real minus sign). */
export function signedSteps(steps: number): string {
  if (steps > 0) return `+${formatSteps(steps)}`;
  if (steps < 0) return `−${formatSteps(Math.abs(steps))}`;
  return '0';
}

/** The reason line of a ledger entry: the server's reason unless it only repeats the steps ("+325 pasos"). */
export function reasonText(entry: { kind: 'completion' | 'adjustment'; reason: string }): string | null {
  if (entry.kind === 'adjustment') return `Motivo: ${entry.reason}`;
  if (/^\+\d+ pasos?$/.test(entry.reason.trim())) return null;
  return entry.reason;
}

/** True for a completion recorded past the daily limit (no steps). */
export function isLimitEntry(entry: { kind: 'completion' | 'adjustment'; steps: number; reason: string }): boolean {
  return entry.kind === 'completion' && entry.steps === 0 && /l[ií]mite/i.test(entry.reason);
}

/** A one-sentence reading of the steps history for screen readers (the table has every value). */
export function historySummary(history: ReadonlyArray<{ day: string; steps: number }>): string {
  const total = history.reduce((sum, d) => sum + d.steps, 0);
  const active = history.filter((d) => d.steps !== 0).length;
  const first = history[0];
  if (!first || (total === 0 && active === 0)) {
    return `Gráfico de barras de tus pasos por día en los últimos ${history.length} días: todavía no hay pasos en este periodo.`;
  }
  const best = history.reduce((top, d) => (d.steps > top.steps ? d : top), first);
  return `Gráfico de barras de tus pasos por día en los últimos ${history.length} días: ${stepsLabel(total)} en ${active} ${
    active === 1 ? 'día' : 'días'
  } con actividad; el mejor día fue el ${longDay(best.day)}, con ${stepsLabel(best.steps)}.`;
}
