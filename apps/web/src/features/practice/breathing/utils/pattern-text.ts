const RATE_WORDS = 'respiraciones por minuto';

/** "5,5 respiraciones por minuto" (Spanish decimal comma). */
export function breathsPerMinuteText(breathsPerMinute: number): string {
  return `${String(breathsPerMinute).replace('.', ',')} ${RATE_WORDS}`;
}

/**
 * The line under a pattern's card heading: its full name and its rate, the rate only once: a name
 * that already says it ("Respiración coherente (5,5 respiraciones por minuto)") is shown alone.
 */
export function patternSubtitle(pattern: { name: string; breathsPerMinute: number }): string {
  if (pattern.name.toLowerCase().includes(RATE_WORDS)) return pattern.name;
  return `${pattern.name} · ${breathsPerMinuteText(pattern.breathsPerMinute)}`;
}

const HOW_TO_TAIL = 'Respira por la nariz si puedes; si te mareas, para y respira normal.';

/** "Cómo se hace": the rate, unless the evidence shown beside it already says it (once per screen). */
export function howToText(pattern: { breathsPerMinute: number; evidence: { summary: string } }): string {
  const rate = breathsPerMinuteText(pattern.breathsPerMinute);
  return pattern.evidence.summary.includes(rate) ? HOW_TO_TAIL : `${rate}. ${HOW_TO_TAIL}`;
}
