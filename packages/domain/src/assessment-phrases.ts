import type {
  COACHING_STYLE,
  COMMUNICATION_STYLE,
  DEVELOPMENT_AREAS,
  ENERGY_FACTORS,
  QUICK_WINS,
  REPORTING_STRUCTURE,
  SHORT_TERM_GOALS,
  SUPPORT_NEEDS,
  TOP_STRENGTHS,
  WORK_LOCATION,
} from './assessment-options';
import { inlineFreeText } from './spanish-text';

/*
 * How each option is said inside the written reading of the assessment (assessment-evaluation.ts), which speaks to
 * the user as "tú". The wizard's labels stay as they are ("Liderar mejor a mi equipo", "Aprendo rápido": the user's
 * own voice); pasted into a sentence they broke it ("quieres liderar mejor a mi equipo", "trabajar delegar"). Each
 * table is keyed by every value of its list, so a new option does not compile until it has its phrase.
 *
 * Rules the phrases keep, so any of them can stand in any list the reading builds (see assessment-reading.test.ts):
 * second person, no gendered word about the user (the reading does not know the form of address), no comma and no
 * "y"/"e"/"o" inside a phrase (the list join is then unambiguous), and a different head word for each phrase of a
 * table ("ganar visibilidad y ganar confianza" would repeat).
 */

type ValueOf<T extends { values: readonly string[] }> = T['values'][number];

/** After "quieres" / "para": infinitive phrases. */
export const GOAL_PHRASES: Record<ValueOf<typeof SHORT_TERM_GOALS>, string> = {
  ascenso: 'conseguir un ascenso',
  habilidades: 'desarrollar nuevas habilidades',
  equilibrio: 'conciliar tu vida personal con la laboral',
  equipo: 'liderar mejor a tu equipo',
  visibilidad: 'dar visibilidad a tu trabajo',
  'red-profesional': 'ampliar tu red profesional',
  eficiencia: 'ser más eficiente',
  confianza: 'ganar confianza en ti',
  'aumento-salarial': 'lograr un aumento de sueldo',
  'pensamiento-estratégico': 'pensar con perspectiva estratégica',
};

/** After "destacas por" / "te apoyas en": noun phrases. */
export const STRENGTH_PHRASES: Record<ValueOf<typeof TOP_STRENGTHS>, string> = {
  comunicación: 'tu forma de comunicar',
  empatía: 'tu empatía',
  análisis: 'tu mirada analítica',
  creatividad: 'tu creatividad',
  organización: 'tu capacidad de organización',
  resiliencia: 'tu resiliencia',
  liderazgo: 'tu liderazgo',
  negociación: 'tu habilidad para negociar',
  'aprendizaje-rápido': 'lo rápido que aprendes',
  'resolución-problemas': 'tu manera de resolver problemas',
  'visión-estratégica': 'tu visión estratégica',
  'trabajo-equipo': 'tu facilidad para trabajar en equipo',
  adaptabilidad: 'lo bien que te adaptas a los cambios',
};

/** After "te ayudará a": infinitive phrases. */
export const DEVELOPMENT_PHRASES: Record<ValueOf<typeof DEVELOPMENT_AREAS>, string> = {
  delegar: 'delegar',
  'decir-no': 'decir que no cuando haga falta',
  'gestión-estrés': 'gestionar el estrés',
  'hablar-público': 'hablar en público con soltura',
  paciencia: 'ser paciente',
  'visión-estratégica': 'ganar visión estratégica',
  'dar-feedback': 'dar feedback',
  'recibir-feedback': 'sacar partido de los comentarios que recibes',
  priorizar: 'priorizar',
  autoconfianza: 'confiar más en ti',
  'gestión-tiempo': 'organizar tu tiempo',
  'escucha-activa': 'practicar la escucha activa',
};

/** After "ayudarte a": infinitive phrases. */
export const SUPPORT_PHRASES: Record<ValueOf<typeof SUPPORT_NEEDS>, string> = {
  'rendición-cuentas': 'cumplir tus compromisos',
  'claridad-objetivos': 'aclarar tus objetivos',
  motivación: 'mantener la motivación',
  'gestión-estrés': 'gestionar el estrés',
  'desarrollo-liderazgo': 'desarrollar tu liderazgo',
  'planificación-carrera': 'planificar tu carrera',
  hábitos: 'crear hábitos',
  equilibrio: 'compaginar tu vida personal con la laboral',
  confianza: 'ganar confianza en ti',
  comunicación: 'comunicarte mejor',
  'toma-decisiones': 'tomar decisiones con más seguridad',
  'bienestar-físico': 'cuidar tu bienestar físico',
};

/** The subject of "te da energía" / "te quitan energía", with its number so the verb agrees. */
export const ENERGY_PHRASES: Record<ValueOf<typeof ENERGY_FACTORS>, { text: string; plural: boolean }> = {
  autonomy: { text: 'la autonomía', plural: false },
  collaboration: { text: 'la colaboración', plural: false },
  learning: { text: 'el aprendizaje', plural: false },
  recognition: { text: 'el reconocimiento', plural: false },
  pressure: { text: 'la presión de los plazos', plural: false },
  routine: { text: 'la rutina', plural: false },
  meetings: { text: 'las reuniones', plural: true },
};

/** A clause starting the sentence "{seniority} y {work location}." */
export const SENIORITY_CLAUSES: Record<ValueOf<typeof REPORTING_STRUCTURE>, string> = {
  'contribuidor-individual': 'No tienes personas a tu cargo',
  'líder-equipo': 'Lideras un equipo',
  manager: 'Ocupas un puesto de manager',
  'senior-manager': 'Ocupas un puesto de senior manager',
  director: 'Ocupas un puesto de dirección',
  'ejecutivo-alto-nivel': 'Formas parte de la alta dirección',
};

/** The second half of "{seniority} y {work location}." */
export const WORK_LOCATION_CLAUSES: Record<ValueOf<typeof WORK_LOCATION>, string> = {
  presencial: 'tu trabajo es presencial',
  remoto: 'teletrabajas',
  híbrido: 'combinas la oficina con el teletrabajo',
  viajes: 'viajas con frecuencia',
};

/** After "prefieres que tu coach": what the coach does, in the subjunctive. */
export const COACHING_STYLE_CLAUSES: Record<ValueOf<typeof COACHING_STYLE>, string> = {
  'motivador-intenso': 'te motive con intensidad',
  'guía-estratégico': 'te guíe con una mirada estratégica',
  'campeón-apoyo': 'te anime en cada paso',
  'analista-detallado': 'analice contigo cada detalle',
  'innovador-creativo': 'te proponga ideas creativas',
  'coach-holístico': 'tenga en cuenta tu vida en conjunto',
};

/** After "y que": how the coach talks to the user, in the subjunctive. */
export const COMMUNICATION_CLAUSES: Record<ValueOf<typeof COMMUNICATION_STYLE>, string> = {
  directo: 'te hable sin rodeos',
  diplomático: 'te hable con tacto',
  analítico: 'te hable con datos concretos',
  narrativo: 'te hable a través de historias',
  visual: 'te explique las cosas de forma visual',
};

/**
 * "Tu primer paso" for each quick win, sized to the minutes the user has (at most 15 a day): a whole sentence each,
 * since sleeping better and organising the diary do not fit one template.
 */
export const QUICK_WIN_STEPS: Record<Exclude<ValueOf<typeof QUICK_WINS>, 'otro'>, (minutes: number) => string> = {
  'organizar-agenda': (n) => `Esta semana, empieza por organizar mejor tu agenda: reserva ${n} minutos cada mañana para planificar el día.`,
  'reuniones-eficaces': (n) =>
    `Esta semana, empieza por hacer más eficaces tus reuniones: dedica ${n} minutos al día a preparar la reunión clave de la jornada.`,
  'delegar-tareas': (n) => `Esta semana, empieza por delegar alguna tarea: dedica ${n} minutos a elegirla y a explicarla bien.`,
  'decir-no': (n) => `Esta semana, empieza por aprender a decir que no: dedica ${n} minutos al día a revisar qué compromisos puedes rechazar.`,
  pausas: (n) => `Esta semana, empieza por hacer pausas durante el día: reparte ${n} minutos de descanso a lo largo de la jornada.`,
  'dormir-mejor': (n) => `Esta semana, empieza por dormir mejor: dedica ${n} minutos antes de acostarte a desconectar de las pantallas.`,
  'moverme-más': (n) => `Esta semana, empieza por moverte más: ${n} minutos de movimiento al día ya cuentan.`,
  'conversación-pendiente': (n) => `Esta semana, empieza por tener esa conversación pendiente: dedica ${n} minutos a preparar lo que quieres decir.`,
  desconectar: (n) => `Esta semana, empieza por desconectar después del trabajo: dedica ${n} minutos a un pequeño ritual de cierre.`,
  priorizar: (n) => `Esta semana, empieza por elegir tus tres prioridades: dedica ${n} minutos cada mañana a decidirlas.`,
};

/** The phrase of a value in one of the tables above, or null for a value the table does not know (old answers). */
export function phraseOf<T>(table: Record<string, T>, value: string): T | null {
  return Object.hasOwn(table, value) ? (table[value] as T) : null;
}

const NUMBER_WORDS = '(?:\\d+(?:[.,]\\d+)?|un|una|uno|medio|media|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|once|doce|quince|veinte|treinta)';
const QUALIFIERS = '(?:(?:unos|unas|más de|menos de|casi|cerca de|alrededor de|algo más de|poco más de|apenas|solo|sólo)\\s+)?';
const DURATION = new RegExp(`^${QUALIFIERS}${NUMBER_WORDS}\\b.*\\b(?:años?|mes(?:es)?)\\b`, 'iu');

/**
 * The answer to "¿Cuánta experiencia profesional tienes?" as "9 años de experiencia", when it is a length of time
 * ("9 años", "más de 15 años", "6 meses de experiencia", or a bare "9", read as years); otherwise null, and the
 * reading quotes the answer as written instead of fitting it into a sentence.
 */
export function experiencePhrase(experience: string): string | null {
  const text = inlineFreeText(experience);
  if (/^\d+$/u.test(text)) return `${text} ${text === '1' ? 'año' : 'años'} de experiencia`;
  if (!DURATION.test(text)) return null;
  return /experiencia/iu.test(text) ? text : `${text} de experiencia`;
}

/** The answer to "¿Cuál es tu puesto?" after "Trabajas como" / "Como": "Soy enfermera" becomes "enfermera". */
export function rolePhrase(role: string): string {
  return inlineFreeText(role.trim().replace(/^(?:soy|trabajo (?:como|de)|ejerzo (?:como|de)|estoy de)\s+/iu, ''));
}

/**
 * The answer to "¿En qué sector trabajas?" with its preposition: "en tecnología sanitaria", "en el sector público";
 * an answer that already starts with "en" ("En la banca") keeps it instead of doubling it.
 */
export function industryPhrase(industry: string): string {
  const text = inlineFreeText(industry.trim().replace(/^(?:trabajo|estoy)\s+(?=en\s)/iu, ''));
  if (/^en\s/iu.test(text)) return `en${text.slice(2)}`;
  if (/^sector\b/iu.test(text)) return `en el ${text}`;
  return `en ${text}`;
}
