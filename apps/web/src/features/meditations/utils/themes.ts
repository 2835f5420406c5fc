import type { MeditationSummary } from '../api/meditation-queries';

/** Theme labels as shown (the API sends lower-case Spanish words). */
export const THEME_LABELS: Record<string, string> = {
  respiración: 'Respiración',
  cuerpo: 'Cuerpo',
  foco: 'Foco',
  descanso: 'Descanso',
  emociones: 'Emociones',
};

export function themeLabel(theme: string): string {
  return THEME_LABELS[theme] ?? theme.charAt(0).toLocaleUpperCase('es') + theme.slice(1);
}

/** Themes present in the archive, in a stable order. */
export function themesOf(list: readonly Pick<MeditationSummary, 'theme'>[]): string[] {
  const order = Object.keys(THEME_LABELS);
  return [...new Set(list.map((m) => m.theme))].sort((a, b) => {
    const ia = order.indexOf(a);
    const ib = order.indexOf(b);
    return (ia === -1 ? 99 : ia) - (ib === -1 ? 99 : ib) || a.localeCompare(b, 'es');
  });
}
