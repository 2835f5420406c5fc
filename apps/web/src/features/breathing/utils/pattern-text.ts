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
