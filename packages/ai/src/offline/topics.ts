import { activeBreak, audio, breathing, fitnessClass, JOURNAL } from './catalogue';
import type { Phrase } from './language';

/**
 * The offline coach's reviewed library: the professional topics it recognises, with keyword sets
 * (normalised: lower case, no accents; a phrase has spaces, a single word is a stem), reflections that
 * name the situation without repeating the user's words, open questions, and concrete suggestions.
 * Suggestions that name a practice take its title and length from the domain catalogue.
 */
export const TOPIC_IDS = [
  'delegacion',
  'carga',
  'conflicto',
  'feedback',
  'ascenso',
  'visibilidad',
  'impostor',
  'agotamiento',
  'equilibrio',
  'conversacion',
  'cambio',
  'motivacion',
] as const;
export type TopicId = (typeof TOPIC_IDS)[number];

export type Topic = {
  id: TopicId;
  /** The topic as a noun phrase: "hablar sobre {name}". */
  name: string;
  keywords: readonly string[];
  reflections: readonly Phrase[];
  questions: readonly string[];
  suggestions: readonly string[];
  /** Assessment goal values (shortTermGoals) this topic serves. */
  goals: readonly string[];
  /** Assessment challenge values (currentChallenges, workRelationshipIssues, fears) that point to it. */
  signals: readonly string[];
};

export const TOPICS: readonly Topic[] = [
  {
    id: 'delegacion',
    name: 'la delegación',
    keywords: ['deleg', 'repartir', 'reparto', 'lo hago todo', 'hacerlo todo', 'lo reviso todo', 'reviso todo', 'revisandolo todo', 'soltar tareas', 'soltar el control', 'microgest', 'micromanag', 'confiar en mi equipo', 'confiar en el equipo'],
    reflections: [
      'Soltar trabajo cuando te importa tanto la calidad tiene su coste: delegar da vértigo y, a la vez, hacerlo todo tú también pesa.',
      'Parece que buena parte de tu energía se va en revisar y sostener trabajo que podría estar en otras manos.',
      'Confiar en el equipo sin dejar de cuidar el resultado es uno de los equilibrios más difíciles de liderar.',
    ],
    questions: [
      '¿Qué tarea concreta te costaría menos soltar primero?',
      '¿Qué necesitarías ver para delegar algo importante con tranquilidad?',
      '¿Qué aprendiste de alguna vez en que delegar sí salió bien?',
    ],
    suggestions: [
      'Elige una sola tarea que hoy revises por costumbre y delégala entera, con el resultado esperado, una fecha y un único punto de control a mitad de camino.',
      'Haz dos columnas: lo que solo tú puedes hacer y lo que otra persona podría hacer al 80 %. Empieza a soltar por la segunda.',
      'Al delegar, explica el para qué y el criterio de calidad, no el cómo, y pide a la persona que te cuente su plan en dos minutos antes de empezar.',
      `Si te descubres revisándolo todo por la noche, anota lo que cambiarías y compártelo al día siguiente como feedback; para cerrar el día, prueba ${audio('soltar-la-jornada')}.`,
    ],
    goals: ['equipo', 'eficiencia'],
    signals: ['delegar', 'microgestión', 'delegación'],
  },
  {
    id: 'carga',
    name: 'la carga de trabajo',
    keywords: ['carga de trabajo', 'sobrecarg', 'no llego', 'horas extra', 'demasiado trabajo', 'demasiadas tareas', 'muchas horas', 'jornadas', 'jornada larga', 'agobi', 'plazos', 'deadline', 'pendientes', 'reuniones', 'sin tiempo', 'no me da la vida', 'no me da tiempo', 'trabajo hasta', 'volumen de trabajo', 'saturad', 'prioriz', 'urgencias'],
    reflections: [
      'Cuando todo parece urgente, es fácil que los días se llenen antes de empezar y que lo importante quede para el final.',
      'Suena a una temporada en la que el trabajo ocupa más espacio del que te gustaría.',
      'Llevar tanto a la vez desgasta, y no es solo cuestión de organizarse mejor.',
    ],
    questions: [
      '¿Qué parte de tu carga depende de ti y cuál viene de fuera?',
      'Si tuvieras que quitar una cosa de tu semana, ¿cuál sería?',
      '¿En qué momento del día notas que se te escapa el control de la agenda?',
    ],
    suggestions: [
      'Antes de aceptar una tarea nueva, pregunta qué sale de tu lista para que entre esa: priorizar en voz alta protege tu semana.',
      'Bloquea en el calendario dos franjas de 90 minutos sin reuniones esta semana para lo que más importa, y trátalas como una cita.',
      `Pon hora de cierre a tu jornada y, diez minutos antes, anota los tres pendientes de mañana; ${audio('soltar-la-jornada')} ayuda a cerrar de verdad.`,
      `Entre reunión y reunión, haz ${activeBreak('espalda')} o escucha ${audio('pausa-entre-reuniones')}: recuperar energía también es parte del trabajo.`,
    ],
    goals: ['eficiencia', 'equilibrio'],
    signals: ['carga-trabajo', 'gestión-tiempo', 'prioridades'],
  },
  {
    id: 'conflicto',
    name: 'el conflicto',
    keywords: ['conflict', 'discusion', 'discuti', 'tension', 'choque', 'chocamos', 'roces', 'enfrentamiento', 'mal rollo', 'pelea', 'me lleva la contraria', 'no nos entendemos', 'mal ambiente', 'malos rollos', 'companero dificil', 'mi jefe me', 'mi jefa me', 'problemas con mi jefe', 'problemas con mi jefa', 'relacion con mi jefe', 'relacion con mi jefa'],
    reflections: [
      'Las tensiones con personas con las que trabajas cada día desgastan más de lo que parece.',
      'Parece que esta relación te está ocupando bastante cabeza, incluso fuera del trabajo.',
      'Cuando un conflicto se alarga, cada conversación nueva llega con el peso de las anteriores.',
    ],
    questions: [
      '¿Qué crees que necesita la otra persona, aunque no lo diga?',
      '¿Qué tendría que pasar para que esta relación fuera simplemente funcional?',
      '¿Qué parte del conflicto está en tu mano cambiar?',
    ],
    suggestions: [
      'Antes de hablar, escribe por separado los hechos, lo que interpretas y lo que necesitas; separar las tres cosas suele rebajar la tensión.',
      'Propón una conversación breve en privado y empieza por el objetivo que compartís, por ejemplo que el proyecto salga bien, no por el problema.',
      `Si notas que te activas, pide una pausa y haz ${breathing('cuadrada')}, antes de responder.`,
      'Pregunta primero cómo lo ve la otra persona y resume lo que has entendido antes de dar tu punto de vista.',
    ],
    goals: ['equipo'],
    signals: ['conflictos', 'conflictos-equipo', 'gestión-conflictos', 'comunicación-difícil', 'relación-jefe'],
  },
  {
    id: 'feedback',
    name: 'el feedback',
    keywords: ['feedback', 'retroaliment', 'me critica', 'criticas', 'evaluacion de desempeno', 'desempeno', 'valoracion anual', 'correccion', 'corregir a', 'dar una opinion'],
    reflections: [
      'Dar feedback bien hecho es de las cosas que más ayudan a un equipo y de las que más cuestan.',
      'Parece que hay algo importante que decir y que cuidar cómo se dice te preocupa.',
      'El feedback, en cualquier dirección, toca la relación además de la tarea; por eso pesa.',
    ],
    questions: [
      '¿Qué te gustaría que la otra persona se llevara de esa conversación?',
      '¿Qué te frena a la hora de darlo o de pedirlo?',
      '¿Cómo te gustaría a ti recibir un mensaje así?',
    ],
    suggestions: [
      'Usa el modelo SBI: la situación concreta, el comportamiento observable y el impacto que tuvo; después pregunta cómo lo ve la otra persona.',
      'Da el feedback cuanto antes y en privado, centrado en un solo comportamiento, y cerrad juntos con un siguiente paso acordado.',
      'Si lo que llega es feedback para ti, agradece, pide un ejemplo concreto y date un día antes de responder a fondo.',
      `Escribe en ${JOURNAL} qué quieres que la persona se lleve de la conversación, en una sola frase: te ayudará a no perderte en detalles.`,
    ],
    goals: ['equipo', 'habilidades'],
    signals: ['dar-feedback', 'falta-feedback', 'recibir-feedback'],
  },
  {
    id: 'ascenso',
    name: 'tu ascenso',
    keywords: ['ascenso', 'ascender', 'promocion', 'promocionar', 'subir de puesto', 'subir de nivel', 'siguiente nivel', 'siguiente paso en mi carrera', 'head of', 'aumento', 'subida de sueldo', 'salario', 'nuevo puesto', 'puesto de'],
    reflections: [
      'Querer crecer y no tener claro el camino genera mucha impaciencia.',
      'Parece que sientes que estás en condiciones de dar el siguiente paso y quieres que se vea.',
      'Un ascenso depende en parte de ti y en parte de decisiones ajenas, y esa mezcla cuesta gestionarla.',
    ],
    questions: [
      '¿Qué sabes hoy de lo que tu empresa valora para ese siguiente paso?',
      '¿Quién decide sobre tu ascenso y qué sabe de tu trabajo?',
      '¿Qué cambiaría en tu día a día si lo consiguieras?',
    ],
    suggestions: [
      'Pide a tu responsable una conversación específica sobre tu desarrollo y pregunta qué necesitaría ver en tu trabajo para proponerte al siguiente nivel.',
      'Escribe tres logros de los últimos seis meses con su impacto medible: es la base de cualquier conversación de ascenso.',
      'Empieza a asumir ya una parte del rol que quieres, como liderar una reunión o un proyecto transversal, y haz visible el resultado.',
      'Busca a alguien que ya ocupe ese puesto y pídele veinte minutos para saber qué se valoró en su caso.',
    ],
    goals: ['ascenso', 'aumento-salarial', 'visibilidad'],
    signals: ['estancamiento', 'responsabilidad'],
  },
  {
    id: 'visibilidad',
    name: 'tu visibilidad',
    keywords: ['visibilidad', 'visible', 'que se me vea', 'nadie ve', 'nadie valora', 'reconocimiento', 'no me reconocen', 'no se reconoce', 'merito', 'mis logros', 'autopromo', 'networking', 'comite de direccion', 'darme a conocer', 'invisible'],
    reflections: [
      'Hacer un buen trabajo y sentir que no se ve es frustrante.',
      'Parece que tu aportación es mayor de lo que llega a quien decide.',
      'Mostrar lo que haces sin sentir que te vendes es un arte que se puede aprender.',
    ],
    questions: [
      '¿Quién debería conocer mejor tu trabajo, y por qué esa persona?',
      '¿Qué te incomoda de hacer más visible lo que consigues?',
      '¿Qué logro reciente merecería haberse visto más?',
    ],
    suggestions: [
      'Manda cada viernes a tu responsable un resumen de tres líneas: qué se ha conseguido, qué bloquea y qué viene.',
      'Ofrécete a presentar en cinco minutos el resultado de tu próximo proyecto en la reunión de equipo o de área.',
      'Cuando el equipo logre algo, compártelo nombrando a quién lo hizo posible: dar visibilidad a otras personas también te la da a ti.',
      'Elige dos personas clave fuera de tu equipo y busca un café de quince minutos con cada una este mes.',
    ],
    goals: ['visibilidad', 'red-profesional', 'ascenso'],
    signals: ['reconocimiento', 'política-interna', 'juicio-otros'],
  },
  {
    id: 'impostor',
    name: 'el síndrome del impostor',
    keywords: ['impostor', 'impostora', 'no estoy a la altura', 'no valgo', 'no soy suficiente', 'no soy capaz', 'me van a pillar', 'fraude', 'no merezco', 'insegur', 'dudo de mi', 'no me lo merezco', 'me queda grande'],
    reflections: [
      'Esa voz que pone en duda lo que vales suele aparecer justo cuando estás creciendo.',
      'Dudar de tu capacidad no dice mucho de ella; dice que te importa hacerlo bien.',
      'Parece que lo que ves de ti y lo que muestran tus resultados no terminan de coincidir.',
    ],
    questions: [
      '¿Qué evidencias tienes de que sí estás a la altura, aunque te cueste creerlas?',
      '¿Qué le dirías a una persona de tu equipo que sintiera esto mismo?',
      '¿En qué momentos aparece más esa duda?',
    ],
    suggestions: [
      `Abre en ${JOURNAL} una lista de evidencias: logros, mensajes de agradecimiento, problemas que resolviste. Añade una cada día esta semana.`,
      'Cuando aparezca la duda sobre si vales para esto, pregúntate qué le dirías a una colega en tu lugar, y escríbelo.',
      'Comparte esa duda con alguien de confianza de tu entorno profesional: suele aliviar descubrir que le pasa a mucha más gente.',
      `Antes de un momento exigente, escucha ${audio('amabilidad-contigo')} para bajar la autoexigencia.`,
    ],
    goals: ['confianza'],
    signals: ['síndrome-impostor', 'perfeccionismo', 'fracaso', 'autoconfianza', 'experiencia'],
  },
  {
    id: 'agotamiento',
    name: 'el agotamiento',
    keywords: ['quemad', 'burnout', 'burn out', 'agotad', 'agotamiento', 'exhaust', 'no puedo mas', 'sin energia', 'sin fuerzas', 'cansad', 'cansancio', 'no duermo', 'duermo mal', 'insomnio', 'apatia', 'reventad', 'fundid'],
    reflections: [
      'Suena a un cansancio que ya no se arregla con un fin de semana.',
      'Cuando la energía se va agotando semana tras semana, hasta lo que antes gustaba empieza a costar.',
      'Lo que describes merece atención: el cuerpo y la cabeza están pidiendo algo.',
    ],
    questions: [
      '¿Desde cuándo notas este desgaste, y qué ha cambiado en ese tiempo?',
      '¿Qué te recarga, aunque sea un poco, en una semana normal?',
      '¿Qué es lo primero que dejas de hacer cuando vas al límite?',
    ],
    suggestions: [
      `Esta semana, pon el descanso por delante de la productividad: una hora fija de desconexión y ${audio('antes-de-dormir')} por la noche.`,
      'Haz un inventario rápido de qué tareas te vacían y cuáles te recargan, y busca una que puedas reducir, delegar o aplazar.',
      `Prueba ${breathing('suspiro-ciclico')}, cada día: en un ensayo de Stanford mejoró el ánimo en pocas semanas.`,
      'Si el agotamiento dura semanas o afecta a tu sueño o a tu salud, habla con tu médico de cabecera: no es algo que tengas que resolver a solas.',
    ],
    goals: ['equilibrio'],
    signals: ['energía', 'salud', 'gestión-estrés', 'abrumado'],
  },
  {
    id: 'equilibrio',
    name: 'el equilibrio entre vida y trabajo',
    keywords: ['equilibrio', 'conciliar', 'conciliacion', 'familia', 'mis hijos', 'mi hija', 'mi hijo', 'mi pareja', 'desconectar', 'vida personal', 'tiempo para mi', 'trabajo a casa', 'fin de semana', 'fines de semana', 'vacaciones', 'cenar en casa', 'llegar a casa'],
    reflections: [
      'Parece que el trabajo se está comiendo un espacio que para ti es importante.',
      'Querer estar a la vez en casa y en el trabajo, y sentir que no llegas a ninguno del todo, cansa mucho.',
      'El equilibrio no es un reparto perfecto de horas; es sentir que lo importante tiene su sitio.',
    ],
    questions: [
      '¿Qué te gustaría que tuviera más espacio en tu semana?',
      '¿Qué límite te gustaría poner y todavía no te has permitido?',
      '¿Cómo sería una semana equilibrada para ti, en concreto?',
    ],
    suggestions: [
      'Decide una hora de cierre para tres días de esta semana y cuéntaselo a alguien de casa: decirlo en voz alta ayuda a cumplirlo.',
      `Crea un ritual de salida: cierra pestañas, anota los pendientes de mañana y escucha ${audio('soltar-la-jornada')}.`,
      'Reserva en tu agenda un bloque personal como si fuera una reunión: deporte, familia o tiempo para ti.',
      'Silencia las notificaciones del correo del trabajo en el móvil a partir de una hora concreta, al menos entre semana.',
    ],
    goals: ['equilibrio'],
    signals: ['equilibrio', 'tiempo-familia', 'desconectar'],
  },
  {
    id: 'conversacion',
    name: 'esa conversación difícil',
    keywords: ['conversacion dificil', 'conversacion pendiente', 'hablar con mi jefe', 'hablar con mi jefa', 'hablar con mi responsable', 'decirle', 'plantearle', 'negociar', 'decir que no', 'poner limites', 'limites', 'enfrentarme a', 'tengo que hablar', 'no se como decir'],
    reflections: [
      'Las conversaciones que más cuestan suelen ser las que más cambian las cosas.',
      'Parece que hay algo que necesitas decir y que llevas un tiempo dándole vueltas.',
      'Prepararse bien para una conversación así es una forma de cuidar a las dos partes.',
    ],
    questions: [
      '¿Qué te gustaría que cambiara después de esa conversación?',
      '¿Qué es lo que más te preocupa de cómo pueda reaccionar la otra persona?',
      '¿Qué te ayudaría a sentir más calma al empezarla?',
    ],
    suggestions: [
      `Prepara la conversación en tres frases: qué ha pasado, cómo te afecta y qué propones. Escríbelas en ${JOURNAL} antes de hablar.`,
      'Elige el momento: en privado, sin prisas y no justo antes de una reunión importante. Puedes abrir preguntando si es buen momento.',
      `Justo antes, haz ${breathing('cuadrada')}: bajar la activación te ayuda a escuchar mejor.`,
      'Ensaya en voz alta la primera frase; suele ser la más difícil, y una vez dicha el resto fluye.',
    ],
    goals: ['confianza', 'equipo'],
    signals: ['conversación-pendiente', 'decir-no', 'negociación', 'expectativas-confusas'],
  },
  {
    id: 'cambio',
    name: 'un cambio de rumbo profesional',
    keywords: ['cambio de carrera', 'cambiar de trabajo', 'cambiar de empresa', 'cambiar de sector', 'dejar mi trabajo', 'dejar el trabajo', 'reinvent', 'reorient', 'otro sector', 'emprender', 'nueva etapa', 'estancad', 'me estanco', 'dar un giro', 'buscar trabajo', 'otra empresa'],
    reflections: [
      'Plantearse un cambio de rumbo remueve mucho: lo que dejas, lo que buscas y lo que no sabes todavía.',
      'Parece que algo en tu trabajo actual ya no encaja con lo que quieres para ti.',
      'Un cambio profesional rara vez es un salto único; suele construirse con pasos pequeños.',
    ],
    questions: [
      '¿Qué es lo que ya no quieres seguir viviendo en tu trabajo actual?',
      '¿Qué te atrae de la alternativa que imaginas?',
      '¿Qué necesitarías saber para decidir con más tranquilidad?',
    ],
    suggestions: [
      'Haz una lista de lo que quieres conservar de tu trabajo actual y de lo que quieres dejar atrás: te dará criterios para valorar opciones.',
      'Habla esta semana con alguien que trabaje en el sector o el rol que te atrae y pregúntale cómo es un día normal.',
      'Prueba antes de saltar: un curso corto, un proyecto paralelo o una colaboración pequeña te dan información real con poco riesgo.',
      `Describe en ${JOURNAL} cómo sería un buen día de trabajo dentro de tres años, con detalle: suele aclarar qué buscas de verdad.`,
    ],
    goals: ['habilidades', 'red-profesional'],
    signals: ['estancamiento', 'transición', 'cambio', 'planificación-carrera'],
  },
  {
    id: 'motivacion',
    name: 'la motivación',
    keywords: ['motivacion', 'desmotiv', 'sin ganas', 'no me apetece', 'aburr', 'rutina', 'sin sentido', 'le veo sentido', 'proposito', 'procrastin', 'pospon', 'pereza', 'me cuesta empezar', 'me da igual'],
    reflections: [
      'Cuando se apagan las ganas, hasta las tareas sencillas pesan el doble.',
      'Parece que lo que haces ha perdido parte del sentido que tenía para ti.',
      'La motivación no siempre llega antes de empezar; a veces aparece después del primer paso.',
    ],
    questions: [
      '¿Qué parte de tu trabajo todavía te despierta algo de interés?',
      '¿Cuándo fue la última vez que te sentiste con energía en el trabajo, y qué estabas haciendo?',
      '¿Qué te gustaría recuperar de cómo vivías antes tu trabajo?',
    ],
    suggestions: [
      'Identifica una parte de tu trabajo que todavía te interese y dale un espacio fijo esta semana, aunque sea media hora.',
      'Divide la tarea que más pospones en un primer paso de diez minutos y hazlo a primera hora, antes de abrir el correo.',
      `Empieza el día con ${audio('empezar-con-intencion')} y elige una sola prioridad.`,
      `Al final del día, anota en ${JOURNAL} un avance pequeño: ver el progreso alimenta las ganas. Si el cuerpo pide movimiento, ${fitnessClass('activacion-express')} despeja.`,
    ],
    goals: ['habilidades'],
    signals: ['motivación', 'estancamiento'],
  },
];

/** When no topic is clear yet: small, general steps from the app. */
export const GENERAL_SUGGESTIONS: readonly string[] = [
  'Antes de cerrar hoy, elige tus tres prioridades de mañana y deja preparada la primera.',
  `Haz ${activeBreak('cuello')} cada par de horas: dos minutos de movimiento ordenan la cabeza.`,
  `Escribe cinco minutos en ${JOURNAL} sobre qué te ha dado energía hoy y qué te la ha quitado.`,
  `Prueba ${breathing('coherente')}, antes del momento más exigente del día.`,
];

export function findTopic(id: TopicId): Topic {
  return TOPICS.find((t) => t.id === id) as Topic;
}

/** The user's goals in the coach's voice (second person), by assessment value. */
export const GOAL_PHRASES: Record<string, string> = {
  ascenso: 'conseguir un ascenso',
  habilidades: 'desarrollar nuevas habilidades',
  equilibrio: 'mejorar tu equilibrio entre vida y trabajo',
  equipo: 'liderar mejor a tu equipo',
  visibilidad: 'ganar visibilidad',
  'red-profesional': 'ampliar tu red profesional',
  eficiencia: 'ser más eficiente',
  confianza: 'ganar confianza en ti',
  'aumento-salarial': 'conseguir un aumento de sueldo',
  'pensamiento-estratégico': 'pensar de forma más estratégica',
};

/** Strengths in the coach's voice: "tu empatía". */
export const STRENGTH_PHRASES: Record<string, string> = {
  comunicación: 'tu forma de comunicar',
  empatía: 'tu empatía',
  análisis: 'tu capacidad de análisis',
  creatividad: 'tu creatividad',
  organización: 'tu capacidad de organización',
  resiliencia: 'tu resiliencia',
  liderazgo: 'tu liderazgo',
  negociación: 'tu habilidad para negociar',
  'aprendizaje-rápido': 'lo rápido que aprendes',
  'resolución-problemas': 'tu manera de resolver problemas',
  'visión-estratégica': 'tu visión estratégica',
  'trabajo-equipo': 'tu forma de trabajar en equipo',
  adaptabilidad: 'tu capacidad de adaptación',
};

/** Energy drains with the verb agreeing with its subject. */
export const DRAIN_PHRASES: Record<string, string> = {
  meetings: 'las reuniones te restan energía',
  pressure: 'la presión y los plazos te restan energía',
  routine: 'la rutina te resta energía',
};
