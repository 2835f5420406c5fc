import type { AddressForm } from '@ascenso/domain/address-form';
import type { CoachingProfile } from '@ascenso/domain/assessment-profile';
import { activityCount } from './offline/summaries';

/** One day of the ledger as the coach sees it. */
export type LedgerDay = { day: string; steps: number; activities: Record<string, number> };

export type Commitment = { id: string; text: string; createdAt: string };

/** Everything the coach knows about the user; callers assemble it from the database. */
export type CoachContext = {
  firstName: string;
  today: string;
  profile: CoachingProfile | null;
  /** The last 7 days, oldest first (days without activity included with 0). */
  ledger: LedgerDay[];
  /** Recurring themes of recent journal entries (moods and words), most frequent first. */
  journalThemes: string[];
  /** Commitments from past sessions not yet marked done. */
  openCommitments: Commitment[];
  /** Facts the user asked the coach to keep in mind (editable by the user). */
  notes: string[];
  /** "Cómo quieres que te hable": gender of adjectives about the user; absent means neutral wording. */
  addressForm?: AddressForm;
  /** The user's local hour (0–23) when the context was built, for greetings that fit the time of day. */
  localHour?: number;
};

/** Names of activity keys in the coach's words. */
export const ACTIVITY_WORDS: Record<string, string> = {
  active_break: 'pausas activas',
  breathing_short: 'respiraciones cortas',
  breathing_long: 'respiraciones largas',
  audio_ascenso_daily: 'audios del día',
  audio_ascenso_archive: 'audios del archivo',
  journaling: 'entradas de diario',
  consulta_rapida: 'consultas rápidas',
  sesion_completa: 'sesiones completas',
  fitness_class_short: 'clases cortas',
  fitness_class_medium: 'clases medias',
  fitness_class_long: 'clases largas',
  assessment_completed: 'evaluaciones',
};

/** A one-paragraph Spanish summary of the week, for prompts and the offline coach. */
export function describeLedger(ledger: LedgerDay[]): string {
  const activeDays = ledger.filter((d) => d.steps > 0 || Object.keys(d.activities).length > 0);
  if (activeDays.length === 0) return 'Esta semana todavía no ha registrado actividades.';
  const totals: Record<string, number> = {};
  for (const day of ledger) for (const [key, n] of Object.entries(day.activities)) totals[key] = (totals[key] ?? 0) + n;
  const parts = Object.entries(totals)
    .sort((a, b) => b[1] - a[1])
    .map(([key, n]) => activityCount(key, n));
  const steps = ledger.reduce((sum, d) => sum + d.steps, 0);
  // Neutral and in agreement: "tuvo actividad 1 día", "1 sesión completa" (no gendered "activa").
  return `En los últimos 7 días tuvo actividad ${activeDays.length} ${activeDays.length === 1 ? 'día' : 'días'} y sumó ${steps} pasos: ${parts.join(', ')}.`;
}

/** Activity keys done yesterday and the areas of the catalogue not touched in the whole week. */
export function yesterdayAndGaps(ledger: LedgerDay[]): { yesterday: string[]; untouched: string[] } {
  const yesterday = Object.keys(ledger.at(-2)?.activities ?? {});
  const touched = new Set(ledger.flatMap((d) => Object.keys(d.activities)));
  const families: Record<string, string[]> = {
    breathing: ['breathing_short', 'breathing_long'],
    fitness: ['fitness_class_short', 'fitness_class_medium', 'fitness_class_long'],
    journal: ['journaling'],
    'active-breaks': ['active_break'],
    meditation: ['audio_ascenso_daily', 'audio_ascenso_archive'],
    coaching: ['consulta_rapida', 'sesion_completa'],
  };
  const untouched = Object.entries(families)
    .filter(([, keys]) => !keys.some((k) => touched.has(k)))
    .map(([area]) => area);
  return { yesterday, untouched };
}
