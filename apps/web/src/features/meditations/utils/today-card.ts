/** Spec §9: the duration shown when an audio has none. */
export const DEFAULT_AUDIO_SECONDS = 120;

/** Spec §2/§9: loading messages rotate every 3 s. */
export const LOADING_ROTATION_MS = 3000;

export const LOADING_MESSAGES = [
  'Preparando tu audio de hoy...',
  'Buscando un momento de calma para ti...',
  'Afinando la voz que te acompañará...',
  'Casi listo: respira hondo una vez.',
] as const;

export function loadingMessage(tick: number): string {
  const index = ((tick % LOADING_MESSAGES.length) + LOADING_MESSAGES.length) % LOADING_MESSAGES.length;
  return LOADING_MESSAGES[index] as string;
}

export function displayDuration(duration: number | null | undefined): number {
  return typeof duration === 'number' && Number.isFinite(duration) && duration > 0 ? duration : DEFAULT_AUDIO_SECONDS;
}

export type TodayCardView =
  { kind: 'loading' } | { kind: 'retrying'; heading: string; text: string } | { kind: 'failed'; heading: string; text: string } | { kind: 'loaded' };

/**
 * Spec §8: while the query retries after a failure (first three retry counts) the card says it is
 * trying again; once the retries are spent it offers a manual retry.
 */
export function todayCardView(query: { hasData: boolean; isError: boolean; failureCount: number }): TodayCardView {
  if (query.hasData) return { kind: 'loaded' };
  if (query.isError || query.failureCount > 3) {
    return { kind: 'failed', heading: 'Hubo un problema', text: 'Problema temporal. Tap aquí para reintentar' };
  }
  if (query.failureCount > 0) {
    return { kind: 'retrying', heading: 'Hubo un problema', text: 'Ups, algo salió mal. Intentando de nuevo...' };
  }
  return { kind: 'loading' };
}
