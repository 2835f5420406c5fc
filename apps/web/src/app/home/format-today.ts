/** "sábado, 22 de noviembre" in the user's time zone (falls back to the browser's zone). */
export function formatToday(date: Date, timeZone: string | undefined): string {
  const options: Intl.DateTimeFormatOptions = { weekday: 'long', day: 'numeric', month: 'long' };
  try {
    return new Intl.DateTimeFormat('es-ES', { ...options, timeZone }).format(date);
  } catch {
    return new Intl.DateTimeFormat('es-ES', options).format(date);
  }
}
