import { ACTIVE_BREAKS, breakSeconds } from '@ascenso/domain/active-breaks';
import { BREATHING_PATTERNS } from '@ascenso/domain/breathing';
import { FITNESS_CLASSES, classMinutes } from '@ascenso/domain/fitness';
import { MEDITATIONS } from '@ascenso/domain/meditations';
import { duration, minutes } from './language';

/**
 * The app's real practices in the coach's words, named and timed from the domain catalogue, so a
 * suggestion never promises an audio or a length that does not exist. Unknown ids throw at load.
 */
function need<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`Offline coach: unknown ${what}`);
  return value;
}

/** "la respiración cuadrada (4-4-4-4) de la app, 3 minutos" */
export function breathing(id: string): string {
  const p = need(
    BREATHING_PATTERNS.find((x) => x.id === id),
    `breathing pattern ${id}`,
  );
  return `la ${p.name.charAt(0).toLowerCase()}${p.name.slice(1)} de la app, ${minutes(p.defaultMinutes)}`;
}

/** "la pausa activa de cuello (1 minuto y 20 segundos)" */
export function activeBreak(tag: string): string {
  const b = need(
    ACTIVE_BREAKS.find((x) => x.tag === tag),
    `active break ${tag}`,
  );
  return `la pausa activa de ${b.title.toLowerCase()} (${duration(breakSeconds(b))})`;
}

/** "el audio Soltar la jornada (6 minutos)" */
export function audio(id: string): string {
  const m = need(
    MEDITATIONS.find((x) => x.id === id),
    `audio ${id}`,
  );
  return `el audio ${m.title} (${duration(m.durationSeconds)})`;
}

/** "la clase Activación exprés (7 minutos)" */
export function fitnessClass(id: string): string {
  const c = need(
    FITNESS_CLASSES.find((x) => x.id === id),
    `fitness class ${id}`,
  );
  return `la clase ${c.title} (${minutes(classMinutes(c))})`;
}

export const JOURNAL = 'el diario de la app';
