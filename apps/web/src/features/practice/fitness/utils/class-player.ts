import type { Exercise, FitnessBand, FitnessLevel } from '@ascenso/domain/fitness';
import { sequenceAt, skipAmount, totalSeconds, type SequenceView } from '#lib/practice/sequence';

export const BAND_LABELS: Record<FitnessBand, string> = {
  corta: 'Menos de 15 min',
  media: '15–29 min',
  larga: '30 min o más',
};

export const BAND_ORDER: readonly FitnessBand[] = ['corta', 'media', 'larga'];

export const LEVEL_LABELS: Record<FitnessLevel, string> = {
  principiante: 'Principiante',
  intermedio: 'Intermedio',
  avanzado: 'Avanzado',
};

/** "Sin material" for an empty list, else the items capitalised and joined: "Silla y esterilla". */
export function equipmentLabel(equipment: readonly string[]): string {
  if (equipment.length === 0) return 'Sin material';
  const words = equipment.map((e, i) => (i === 0 ? e.charAt(0).toLocaleUpperCase('es') + e.slice(1) : e));
  return words.length === 1 ? (words[0] as string) : `${words.slice(0, -1).join(', ')} y ${words.at(-1)}`;
}

export interface ClassFilters {
  band: FitnessBand | 'todas';
  level: FitnessLevel | 'todos';
  /** 'ninguno' = no equipment at all; otherwise classes that need at most that item. */
  equipment: string;
}

export const NO_FILTERS: ClassFilters = { band: 'todas', level: 'todos', equipment: 'todo' };

type Filterable = { band: FitnessBand; level: FitnessLevel; equipment: readonly string[] };

export function filterClasses<T extends Filterable>(classes: readonly T[], filters: ClassFilters): T[] {
  return classes.filter(
    (c) =>
      (filters.band === 'todas' || c.band === filters.band) &&
      (filters.level === 'todos' || c.level === filters.level) &&
      (filters.equipment === 'todo' || (filters.equipment === 'ninguno' ? c.equipment.length === 0 : c.equipment.every((e) => e === filters.equipment))),
  );
}

/** The equipment items found in the catalogue, for the filter. */
export function equipmentOptions(classes: readonly Filterable[]): string[] {
  return [...new Set(classes.flatMap((c) => c.equipment))].sort((a, b) => a.localeCompare(b, 'es'));
}

export interface ClassPlayerView extends SequenceView<Exercise> {
  /** 1-based number of the current exercise among the work items (rests do not count). */
  exerciseNumber: number;
  exerciseCount: number;
  /** The next work item (skipping a rest), for "A continuación". */
  nextExercise: Exercise | null;
}

/** The guided player at `cursor` seconds into the class (practised time + skipped time). */
export function classPlayerAt(exercises: readonly Exercise[], cursor: number): ClassPlayerView {
  const view = sequenceAt(exercises, cursor);
  const exerciseCount = exercises.filter((e) => e.kind === 'work').length;
  const upTo = exercises.slice(0, Math.min(view.index + 1, exercises.length));
  const exerciseNumber = Math.max(1, Math.min(exerciseCount, upTo.filter((e) => e.kind === 'work').length || 1));
  const nextExercise = exercises.slice(view.index + 1).find((e) => e.kind === 'work') ?? null;
  return { ...view, exerciseNumber, exerciseCount, nextExercise };
}

/** Skipping moves the cursor to the start of the next item. */
export function skipTo(exercises: readonly Exercise[], cursor: number): number {
  return cursor + skipAmount(exercises, cursor);
}

export function classLength(exercises: readonly Exercise[]): number {
  return totalSeconds(exercises);
}
