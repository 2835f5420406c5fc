/** Spec §2/§9: the Home message box's placeholder starts like this and changes every 4 seconds. */
export const PLACEHOLDER_PREFIX = 'Hoy quiero hablar de';
export const PLACEHOLDER_ROTATION_MS = 4000;

/** Eight career, leadership and balance topics (written for this product; the spec leaves them open). */
export const PLACEHOLDER_TOPICS = [
  'cómo delegar más en mi equipo',
  'prepararme para pedir un ascenso',
  'cómo dar feedback difícil sin tensión',
  'poner límites para desconectar después del trabajo',
  'ganar confianza al hablar en público',
  'liderar a mi equipo en un momento de cambio',
  'organizar mi semana para llegar a todo',
  'recuperar la energía cuando voy al límite',
] as const;

/** "Hoy quiero hablar de cómo delegar más en mi equipo..." for any index (wraps around). */
export function placeholderAt(index: number, topics: readonly string[] = PLACEHOLDER_TOPICS): string {
  if (topics.length === 0) return `${PLACEHOLDER_PREFIX}...`;
  const i = ((Math.trunc(index) % topics.length) + topics.length) % topics.length;
  return `${PLACEHOLDER_PREFIX} ${topics[i]}...`;
}

export function nextPlaceholderIndex(index: number, count: number = PLACEHOLDER_TOPICS.length): number {
  return count <= 0 ? 0 : (index + 1) % count;
}

/** The placeholder only shows on an empty box: rotating behind typed text would be wasted work. */
export function shouldRotatePlaceholder(text: string): boolean {
  return text.length === 0;
}
