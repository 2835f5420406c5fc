/** "4:05" (minutes:seconds), or "1:02:03" past an hour. Negative values show as 0:00. */
export function clockTime(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const mm = h > 0 ? String(m).padStart(2, '0') : String(m);
  return `${h > 0 ? `${h}:` : ''}${mm}:${String(s).padStart(2, '0')}`;
}

/** Spoken duration for screen readers and labels: "4 minutos y 5 segundos", "1 minuto", "30 segundos". */
export function spokenDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  const minutes = m === 1 ? '1 minuto' : `${m} minutos`;
  const secs = s === 1 ? '1 segundo' : `${s} segundos`;
  if (m === 0) return secs;
  if (s === 0) return minutes;
  return `${minutes} y ${secs}`;
}

/** Short label for a length: "4 min", "45 s", "1 min 20 s". */
export function shortDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  if (m === 0) return `${s} s`;
  return s === 0 ? `${m} min` : `${m} min ${s} s`;
}
