/**
 * A journal entry past the 50 words that earn steps (JOURNAL_MIN_WORDS_FOR_STEPS), written in the journal
 * or in the guided journaling chat. It mentions a "reunión" (the journal's search finds it by that word).
 */
export const LONG_ENTRY =
  'Hoy he tenido una reunión difícil con mi equipo y al principio me he puesto a la defensiva. ' +
  'Después he respirado, he escuchado de verdad lo que me decían y hemos encontrado una salida juntos. ' +
  'Me llevo que cuando bajo el ritmo escucho mejor, y que pedir ayuda no me hace peor responsable. ' +
  'Mañana quiero empezar el día revisando prioridades con calma antes de abrir el correo.';
