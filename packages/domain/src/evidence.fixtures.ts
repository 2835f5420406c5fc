/**
 * Writing that counts as evidence (decision 037), for tests and demos: what a person would write, never filler.
 */

/** A journal entry of 70 words, most of them distinct: it earns `journaling`. */
export const SAMPLE_JOURNAL_ENTRY =
  'Hoy he tenido una reunión larga con mi equipo y al principio me ha costado concentrarme, porque venía cansada de la semana. ' +
  'Después hemos hablado del proyecto nuevo y me he dado cuenta de que tengo más ideas de las que pensaba. ' +
  'Mañana quiero empezar por la tarea más difícil antes de abrir el correo, dar un paseo corto al mediodía y acostarme pronto.';

/** Three messages of a quick consultation that count: they earn `consulta_rapida`. */
export const SAMPLE_CHAT_MESSAGES = [
  'Hola, hoy me cuesta concentrarme en el trabajo',
  'Tengo muchas reuniones seguidas y no paro en todo el día',
  '¿Qué puedo probar mañana para tener un rato de foco?',
] as const;

/** One answer per stage of a structured session (check-in, goal, exploration, commitments): it earns `sesion_completa`. */
export const SAMPLE_SESSION_ANSWERS = [
  'Llego con un 6. Me ronda la cabeza el lanzamiento del trimestre.',
  'Quiero salir con un plan para delegar el informe semanal.',
  'Podría pedírselo a Marta y revisar solo el resumen final.',
  'Hablar con Marta el lunes; Revisar el primer borrador el jueves',
] as const;
