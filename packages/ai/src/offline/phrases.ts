import type { Phrase } from './language';

/**
 * The offline coach's conversational phrases, grouped by what they do in a motivational-interviewing
 * turn. Each pool has enough variants that a six-turn conversation never repeats a sentence.
 * Gendered phrases carry a neutral rewording (`n`) that needs no gender at all.
 */

export const THANKS: readonly string[] = [
  'Gracias por contármelo.',
  'Gracias por traerlo aquí.',
  'Me alegra que lo pongas sobre la mesa.',
  'Vamos a mirarlo con calma.',
];

export const GENERIC_REFLECTIONS: readonly string[] = [
  'Parece que hay algo que te está ocupando bastante.',
  'Suena a que esto te importa de verdad.',
  'Se nota que le has dado vueltas.',
  'Hay algo aquí que merece un momento de atención.',
];

export const FEELINGS: Record<'tired' | 'frustrated' | 'worried' | 'sad' | 'hopeful', { keywords: readonly string[]; phrases: readonly Phrase[] }> = {
  tired: {
    keywords: ['cansad', 'agotad', 'sin energia', 'reventad', 'exhaust', 'sin fuerzas', 'fundid'],
    phrases: [
      {
        f: 'Te noto cansada, y tiene sentido con todo lo que llevas.',
        m: 'Te noto cansado, y tiene sentido con todo lo que llevas.',
        n: 'Se nota el cansancio, y tiene sentido con todo lo que llevas.',
      },
      'Suena agotador, la verdad.',
    ],
  },
  frustrated: {
    keywords: ['frustr', 'hart', 'me da rabia', 'que rabia', 'enfad', 'molest', 'impotencia', 'quemad'],
    phrases: ['Se percibe frustración en lo que cuentas, y es comprensible.', 'Tiene sentido que esto te frustre.'],
  },
  worried: {
    keywords: ['miedo', 'nervio', 'ansied', 'preocup', 'panico', 'angusti', 'insegur', 'agobi'],
    phrases: ['Entiendo que esto te genere inquietud.', 'Es normal que algo así te preocupe.'],
  },
  sad: {
    keywords: ['triste', 'desanim', 'decepcion', 'de bajon', 'un bajon', 'hundid', 'desilusion'],
    phrases: ['Suena a que esto te está pesando.', 'Parece que esto te toca de cerca.'],
  },
  hopeful: {
    keywords: ['ilusion', 'ganas de', 'motivad', 'emocionad', 'contenta', 'contento', 'animad'],
    phrases: [{ f: 'Te noto motivada con esto.', m: 'Te noto motivado con esto.', n: 'Te veo con ganas.' }, 'Se nota ilusión en cómo lo cuentas.'],
  },
};

/** Affirmations: always gendered by the form of address, neutral by default. */
export const AFFIRMATIONS: readonly Phrase[] = [
  {
    f: 'Se nota que estás muy implicada en hacerlo bien.',
    m: 'Se nota que estás muy implicado en hacerlo bien.',
    n: 'Se nota que te importa hacerlo bien.',
  },
  {
    f: 'Te veo dispuesta a mirar esto de frente, y eso ya es un paso.',
    m: 'Te veo dispuesto a mirar esto de frente, y eso ya es un paso.',
    n: 'Mirar esto de frente ya es un paso, y lo estás dando.',
  },
  {
    f: 'Estás más preparada para esto de lo que crees.',
    m: 'Estás más preparado para esto de lo que crees.',
    n: 'Tienes más recursos para esto de los que crees.',
  },
  {
    f: 'Te veo decidida a cambiar algo, y eso cuenta mucho.',
    m: 'Te veo decidido a cambiar algo, y eso cuenta mucho.',
    n: 'Se nota que quieres cambiar algo, y eso cuenta mucho.',
  },
  {
    f: 'Te noto comprometida con lo que haces.',
    m: 'Te noto comprometido con lo que haces.',
    n: 'Se nota tu compromiso con lo que haces.',
  },
  {
    f: 'Te veo motivada para dar el paso.',
    m: 'Te veo motivado para dar el paso.',
    n: 'Te veo con ganas de dar el paso.',
  },
];

export const GENERIC_FOCUS: readonly string[] = [
  '¿Qué es lo que más te preocupa de esto ahora mismo?',
  '¿Qué te gustaría que fuera distinto dentro de un mes?',
  '¿Qué parte de esto te gustaría trabajar primero?',
  '¿Qué está en tu mano y qué no?',
];

export const GENERIC_EVOKE: readonly string[] = [
  'Del 0 al 10, ¿cuánto te importa cambiar esto ahora, y por qué no un número más bajo?',
  '¿Qué te ha funcionado otras veces en situaciones parecidas?',
  'Si esto estuviera resuelto dentro de un mes, ¿qué notarías distinto en tu día a día?',
  '¿Qué ganarías si das un primer paso esta semana?',
];

export const OPEN_START: readonly string[] = [
  '¿Sobre qué te gustaría trabajar hoy?',
  '¿Qué te ronda la cabeza hoy?',
  '¿Qué te gustaría llevarte de esta conversación?',
];

export const GOAL_LINES: readonly string[] = ['Esto conecta con uno de tus objetivos: {goal}.', 'Tiene mucho que ver con algo que te propusiste: {goal}.'];

export const CHALLENGE_LINES: readonly string[] = [
  'En tu evaluación ya lo señalaste como uno de tus retos, así que tiene sentido dedicarle tiempo.',
  'Coincide con uno de los retos que marcaste en tu evaluación.',
];

export const DRAIN_LINES: readonly string[] = ['Sé que {drain}, así que lo tendremos en cuenta.', 'Tengo presente que {drain}.'];

export const STRENGTH_LINES: readonly string[] = ['Aquí te va a ayudar {strength}.', 'Cuenta con {strength} para esto.'];

/** By the assessment's coachingStyle value. */
export const STYLE_LINES: Record<string, readonly string[]> = {
  'motivador-intenso': ['Esto se puede mover, y pronto.', 'Vamos a por ello con energía.'],
  'guía-estratégico': ['Miremos esto con algo de perspectiva antes de decidir.', 'Pensemos en qué movimiento tendría más impacto.'],
  'campeón-apoyo': ['Estoy de tu lado en esto.', 'No hace falta resolverlo todo de golpe.'],
  'analista-detallado': ['Vamos por partes.', 'Separemos los hechos de las interpretaciones.'],
  'innovador-creativo': ['Probemos a mirarlo desde otro ángulo.', 'Quizá haya una opción que todavía no has considerado.'],
  'coach-holístico': ['Miremos también cómo te afecta fuera del trabajo.', 'Tu bienestar también forma parte de la ecuación.'],
};

export const PERMISSION_PREAMBLES: readonly string[] = [
  'Creo que ya me hago una idea más clara de la situación.',
  'Gracias por explicármelo con detalle.',
  'Con lo que me cuentas, veo varias posibilidades.',
];

export const PERMISSION_ASKS: readonly string[] = [
  'Tengo un par de ideas que suelen funcionar en situaciones así. ¿Te apetece que te las cuente, o prefieres seguir explorándolo un poco más?',
  'Si te parece, puedo proponerte algunas ideas concretas. ¿Quieres que lo haga?',
  '¿Te sirve que te comparta un par de opciones que a otras personas les han funcionado?',
];

export const RESPECT: readonly string[] = ['De acuerdo, seguimos explorando.', 'Perfecto, sin prisa.', 'Claro, vamos a tu ritmo.'];

export const ADVICE_INTROS: readonly string[] = [
  'Algunas ideas concretas sobre {topic}:',
  'Para {topic}, esto suele funcionar:',
  'Un par de opciones para {topic}:',
];

export const GENERAL_ADVICE_INTROS: readonly string[] = ['Algunas ideas para empezar:', 'Un par de cosas pequeñas que suelen ayudar:'];

export const CHOICE_QUESTIONS: readonly string[] = [
  '¿Cuál de estas encaja mejor con tu semana?',
  '¿Con cuál te ves empezando?',
  '¿Qué te parece más realista para ti ahora mismo?',
  '¿Cuál probarías primero, y cuándo?',
];

export const PLAN_PREAMBLES: readonly string[] = ['Vamos a aterrizarlo.', 'Pasemos a algo concreto.', 'Llevémoslo a tu agenda.'];

export const TIME_LINES: readonly string[] = ['Con unos {minutes} al día, basta con algo pequeño.', 'No hace falta más de {minutes} al día para empezar.'];

export const PLAN_QUESTIONS: readonly string[] = [
  '¿Qué paso pequeño vas a dar esta semana, y qué día?',
  '¿Qué harás primero, y cuándo exactamente?',
  '¿Qué te comprometes a probar antes del viernes?',
];

export const SUMMARIES: readonly string[] = [
  'Para cerrar, un resumen: hemos hablado de {topic}, has puesto nombre a lo que más te importa y te llevas un primer paso concreto.',
  'En resumen: has mirado {topic} con calma y tienes un primer paso elegido.',
];

export const GENERAL_SUMMARIES: readonly string[] = [
  'Para cerrar, un resumen: has puesto en palabras lo que te ocupa y te llevas un primer paso concreto.',
  'En resumen: has ordenado lo que te preocupa y tienes un primer paso elegido.',
];

export const SUMMARY_CLOSINGS: readonly string[] = [
  'Cuando lo pruebes, cuéntame qué tal: lo revisaremos sobre la marcha.',
  'Si te ayuda, anótalo en tu diario; aquí sigo cuando quieras retomarlo.',
];

export const CONTINUE: readonly string[] = ['Seguimos.', 'Te sigo.', 'Sigamos con ello.', 'Vale, vamos con eso.'];

export const FAREWELLS: readonly string[] = [
  'Gracias a ti. Aquí estaré cuando quieras seguir.',
  'Un placer acompañarte hoy. Vuelve cuando lo necesites.',
  'Cuídate mucho; cuando quieras, retomamos.',
];

/** Opens a reply whose other parts were all said before, so no reply is ever repeated whole. */
export const BRIDGES: readonly string[] = [
  'Vuelvo sobre ello.',
  'Lo retomo desde otro lado.',
  'Demos una vuelta más a esto.',
  'Me quedo con lo que acabas de contar.',
  'Sigo aquí contigo.',
  'Paso a paso.',
  'Con calma.',
  'Vamos allá.',
];

/** Careful mode, after a crisis acknowledgement: support first, no career advice, helplines gently. */
export const CAREFUL_OPENERS: readonly string[] = [
  'Gracias por seguir aquí y por contármelo.',
  'Me alegra que sigas escribiendo.',
  'Estoy aquí, sin prisa.',
  'Gracias por tu confianza.',
];

export const CAREFUL_BODIES: readonly string[] = [
  'Hoy no hace falta hablar de trabajo ni de objetivos: lo primero eres tú.',
  'Lo que sientes importa, y está bien ir despacio.',
  'No tienes que resolver nada ahora mismo.',
  'Tomarte un respiro también cuenta.',
];

export const CAREFUL_RESOURCES: readonly string[] = [
  'Si en algún momento lo necesitas, el 024 atiende gratis y a cualquier hora, y el 112 si hay un peligro inmediato.',
  'Recuerda que puedes llamar al 024 cuando quieras, de día o de noche; y al 112 si estás en peligro.',
  'Si lo que sientes se vuelve demasiado, el 024 está ahí las 24 horas, y el 112 para una urgencia.',
  'El 024 sigue a tu disposición en cualquier momento, y el 112 ante cualquier peligro.',
];

export const CAREFUL_QUESTIONS: readonly string[] = [
  '¿Cómo estás ahora mismo?',
  '¿Hay alguien de confianza con quien puedas estar hoy?',
  '¿Qué te ayudaría a sentir un poco de calma en este momento?',
  '¿Qué necesitas ahora?',
];

export const CAREFUL_CLOSINGS: readonly string[] = ['Cuídate mucho; aquí estaré cuando quieras volver.', 'Gracias por este rato. Date permiso para descansar.'];

/** Structured sessions. */
export const CHECKIN_LOW: readonly string[] = [
  'Gracias por contarme cómo llegas; con poca energía también se puede avanzar, iremos a tu ritmo.',
  'Llegas con la batería baja, y lo tendremos en cuenta.',
];
export const CHECKIN_HIGH: readonly Phrase[] = [
  {
    f: 'Llegas con energía y te noto motivada.',
    m: 'Llegas con energía y te noto motivado.',
    n: 'Llegas con energía, te veo con ganas.',
  },
  'Qué bien llegar con buen ánimo.',
];
export const CHECKIN_MID: readonly string[] = ['Gracias por contarme cómo llegas.', 'Entendido, gracias por el check-in.'];

export const GOAL_QUESTIONS: readonly string[] = [
  'Para que esta sesión merezca la pena, ¿qué te gustaría tener más claro al terminar?',
  '¿Qué te gustaría llevarte resuelto de esta sesión?',
];

export const EXPLORATION_QUESTIONS: readonly string[] = [
  '¿Qué has probado ya, y qué se interpone?',
  '¿Qué obstáculos aparecen, y qué opciones ves, aunque parezcan pequeñas?',
];

export const OPTIONS_INTROS: readonly string[] = ['Algunas opciones que suelen funcionar:', 'Para que tengas dónde elegir:'];

export const COMMITMENT_QUESTIONS: readonly string[] = [
  '¿Qué uno a tres pasos concretos te comprometes a dar esta semana, y cuándo?',
  '¿Qué vas a hacer, exactamente, y qué día, en uno a tres pasos?',
];

export const SESSION_CLOSINGS: readonly string[] = [
  'Quedan apuntados en el resumen de la sesión, y la próxima vez empezaremos por cómo te ha ido.',
  'Los tendrás a mano en el resumen, y en la próxima sesión veremos juntos qué tal ha ido.',
];

export const SESSION_FAREWELLS: readonly string[] = ['Buen trabajo hoy.', 'Gracias por esta sesión.'];

/** Guided journaling: reflective prompts, no advice. */
export const JOURNAL_ACKS: readonly string[] = [
  'Gracias por escribirlo.',
  'Quédate un momento con lo que acabas de escribir.',
  'Está bien poner esto en palabras.',
  'Lo que escribes tiene su sitio aquí.',
  'Sigue a tu ritmo.',
];

export const JOURNAL_PROMPTS: readonly string[] = [
  '¿Qué emoción está más presente ahora mismo, y dónde la notas?',
  '¿Qué ha pasado hoy que quieras recordar dentro de un año?',
  '¿Qué te diría alguien que te quiere bien sobre esto?',
  '¿Qué necesitas mañana para que el día sea un poco mejor?',
  '¿Qué te ha sorprendido de ti hoy?',
  '¿Qué podrías soltar esta noche para descansar mejor?',
];
