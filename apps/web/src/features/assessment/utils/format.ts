/** "12 de mayo de 2026" in the user's time zone (falls back to the browser's zone for an unknown one). */
export function formatLongDate(date: Date, timeZone: string): string {
  const options: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long', year: 'numeric' };
  try {
    return new Intl.DateTimeFormat('es-ES', { ...options, timeZone }).format(date);
  } catch {
    return new Intl.DateTimeFormat('es-ES', options).format(date);
  }
}

/** Spanish list: "a", "a y b", "a, b y c". */
export function joinSpanish(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} y ${items.at(-1)}`;
}
