/**
 * Option lists of the assessment (product spec §3), each value a slug with its Spanish label.
 * Lists the spec leaves unnamed (currentChallenges, workRelationshipIssues, skillGaps, workStyle,
 * motivationFactors, topStrengths, developmentAreas, supportNeeds, and quickWins besides 'otro') are ours.
 */
export type Option = { value: string; label: string };

function options<const T extends readonly (readonly [string, string])[]>(pairs: T) {
  return {
    values: pairs.map(([value]) => value) as unknown as { [K in keyof T]: T[K][0] },
    list: pairs.map(([value, label]) => ({ value, label })) as Option[],
  };
}

export const COMPANY_SIZE = options([
  ['startup', 'Startup'],
  ['pequeña', 'Pequeña (menos de 50 personas)'],
  ['mediana', 'Mediana (50 a 250 personas)'],
  ['grande', 'Grande (más de 250 personas)'],
  ['independiente', 'Independiente o autónomo'],
] as const);

export const REPORTING_STRUCTURE = options([
  ['contribuidor-individual', 'Contribuidor/a individual'],
  ['líder-equipo', 'Líder de equipo'],
  ['manager', 'Manager'],
  ['senior-manager', 'Senior manager'],
  ['director', 'Director/a'],
  ['ejecutivo-alto-nivel', 'Alta dirección'],
] as const);

export const WORK_LOCATION = options([
  ['presencial', 'Presencial'],
  ['remoto', 'En remoto'],
  ['híbrido', 'Híbrido'],
  ['viajes', 'Viajo con frecuencia'],
] as const);

export const PERSONAL_SITUATION = options([
  ['soltero', 'Sin pareja'],
  ['pareja', 'En pareja'],
  ['hijos-pequeños', 'Con hijos pequeños'],
  ['hijos-adolescentes', 'Con hijos adolescentes'],
  ['hijos-adultos', 'Con hijos adultos'],
  ['cuidador', 'Cuido de un familiar'],
  ['estudiando', 'Estoy estudiando'],
] as const);

export const LIFE_STAGE = options([
  ['inicio-carrera', 'Inicio de carrera'],
  ['estableciendo', 'Consolidándome'],
  ['avanzando', 'Avanzando hacia más responsabilidad'],
  ['senior', 'Etapa senior'],
  ['transición', 'En transición o cambio de rumbo'],
  ['pre-jubilación', 'Preparando la jubilación'],
] as const);

export const TIME_AVAILABILITY = options([
  ['muy-limitado', 'Muy limitado (menos de 10 minutos al día)'],
  ['limitado', 'Limitado (10 a 20 minutos al día)'],
  ['moderado', 'Moderado (20 a 40 minutos al día)'],
  ['flexible', 'Flexible (40 a 60 minutos al día)'],
  ['abundante', 'Abundante (más de una hora al día)'],
] as const);

export const PERSONAL_CHALLENGES = options([
  ['tiempo-familia', 'Tiempo con la familia'],
  ['salud', 'Salud'],
  ['energía', 'Energía'],
  ['relaciones', 'Relaciones personales'],
  ['finanzas', 'Finanzas'],
  ['ubicación', 'Ubicación o mudanza'],
  ['educación', 'Formación'],
] as const);

export const SHORT_TERM_GOALS = options([
  ['ascenso', 'Conseguir un ascenso'],
  ['habilidades', 'Desarrollar nuevas habilidades'],
  ['equilibrio', 'Mejorar el equilibrio vida-trabajo'],
  ['equipo', 'Liderar mejor a mi equipo'],
  ['visibilidad', 'Ganar visibilidad'],
  ['red-profesional', 'Ampliar mi red profesional'],
  ['eficiencia', 'Ser más eficiente'],
  ['confianza', 'Ganar confianza'],
  ['aumento-salarial', 'Conseguir un aumento salarial'],
  ['pensamiento-estratégico', 'Pensar de forma más estratégica'],
] as const);

export const LEADERSHIP_TYPES = options([
  ['transformacional', 'Transformacional'],
  ['servicial', 'Servicial'],
  ['auténtico', 'Auténtico'],
  ['coach', 'Coach'],
  ['visionario', 'Visionario'],
  ['democrático', 'Democrático'],
  ['situacional', 'Situacional'],
  ['orientado-resultados', 'Orientado a resultados'],
  ['empoderador', 'Empoderador'],
  ['innovador', 'Innovador'],
] as const);

export const FEARS_AND_LIMITATIONS = options([
  ['síndrome-impostor', 'Síndrome del impostor'],
  ['edad', 'La edad'],
  ['educación-formal', 'Falta de formación formal'],
  ['experiencia', 'Falta de experiencia'],
  ['hablar-público', 'Hablar en público'],
  ['fracaso', 'Miedo al fracaso'],
  ['cambio', 'Miedo al cambio'],
  ['política-organizacional', 'La política de la organización'],
  ['juicio-otros', 'El juicio de los demás'],
  ['responsabilidad', 'Asumir más responsabilidad'],
  ['competencia', 'La competencia'],
  ['perfeccionismo', 'Perfeccionismo'],
] as const);

export const CURRENT_CHALLENGES = options([
  ['carga-trabajo', 'Demasiada carga de trabajo'],
  ['prioridades', 'Prioridades poco claras'],
  ['gestión-tiempo', 'Gestión del tiempo'],
  ['liderar-equipo', 'Liderar a mi equipo'],
  ['comunicación', 'Comunicación'],
  ['conflictos', 'Conflictos'],
  ['cambio-organizacional', 'Cambios en la organización'],
  ['motivación', 'Falta de motivación'],
  ['estancamiento', 'Sensación de estancamiento'],
  ['equilibrio', 'Equilibrio vida-trabajo'],
  ['toma-decisiones', 'Tomar decisiones difíciles'],
  ['reconocimiento', 'Falta de reconocimiento'],
] as const);

export const WORK_RELATIONSHIP_ISSUES = options([
  ['relación-jefe', 'Relación con mi responsable'],
  ['conflictos-equipo', 'Conflictos en el equipo'],
  ['falta-confianza', 'Falta de confianza'],
  ['comunicación-difícil', 'Comunicación difícil'],
  ['microgestión', 'Microgestión'],
  ['falta-feedback', 'Poco feedback'],
  ['política-interna', 'Política interna'],
  ['aislamiento', 'Aislamiento (trabajo en remoto)'],
  ['delegar', 'Me cuesta delegar'],
  ['expectativas-confusas', 'Expectativas poco claras'],
  ['colaboración-áreas', 'Colaboración entre áreas'],
  ['ninguno', 'Ninguno importante'],
] as const);

export const SKILL_GAPS = options([
  ['liderazgo', 'Liderazgo'],
  ['comunicación', 'Comunicación'],
  ['negociación', 'Negociación'],
  ['hablar-público', 'Hablar en público'],
  ['pensamiento-estratégico', 'Pensamiento estratégico'],
  ['gestión-proyectos', 'Gestión de proyectos'],
  ['inteligencia-emocional', 'Inteligencia emocional'],
  ['delegación', 'Delegación'],
  ['gestión-conflictos', 'Gestión de conflictos'],
  ['análisis-datos', 'Análisis de datos'],
  ['competencias-digitales', 'Competencias digitales'],
  ['dar-feedback', 'Dar feedback'],
  ['networking', 'Networking'],
] as const);

export const WORK_STYLE = options([
  ['colaborativo', 'Colaborativo'],
  ['independiente', 'Independiente'],
  ['estructurado', 'Estructurado'],
  ['flexible', 'Flexible'],
  ['detallista', 'Detallista'],
  ['visión-global', 'De visión global'],
  ['rápido', 'Rápido y ejecutivo'],
  ['reflexivo', 'Reflexivo'],
  ['creativo', 'Creativo'],
  ['orientado-resultados', 'Orientado a resultados'],
] as const);

export const MOTIVATION_FACTORS = options([
  ['impacto', 'Tener impacto'],
  ['aprendizaje', 'Aprender'],
  ['reconocimiento', 'Reconocimiento'],
  ['autonomía', 'Autonomía'],
  ['retos', 'Retos'],
  ['estabilidad', 'Estabilidad'],
  ['remuneración', 'Remuneración'],
  ['propósito', 'Propósito'],
  ['equipo', 'Un buen equipo'],
  ['flexibilidad', 'Flexibilidad'],
  ['crecimiento', 'Crecer profesionalmente'],
  ['creatividad', 'Creatividad'],
] as const);

export const TOP_STRENGTHS = options([
  ['comunicación', 'Comunicación'],
  ['empatía', 'Empatía'],
  ['análisis', 'Análisis'],
  ['creatividad', 'Creatividad'],
  ['organización', 'Organización'],
  ['resiliencia', 'Resiliencia'],
  ['liderazgo', 'Liderazgo'],
  ['negociación', 'Negociación'],
  ['aprendizaje-rápido', 'Aprendo rápido'],
  ['resolución-problemas', 'Resolución de problemas'],
  ['visión-estratégica', 'Visión estratégica'],
  ['trabajo-equipo', 'Trabajo en equipo'],
  ['adaptabilidad', 'Adaptabilidad'],
] as const);

export const DEVELOPMENT_AREAS = options([
  ['delegar', 'Delegar'],
  ['decir-no', 'Decir que no'],
  ['gestión-estrés', 'Gestionar el estrés'],
  ['hablar-público', 'Hablar en público'],
  ['paciencia', 'Paciencia'],
  ['visión-estratégica', 'Visión estratégica'],
  ['dar-feedback', 'Dar feedback'],
  ['recibir-feedback', 'Recibir feedback'],
  ['priorizar', 'Priorizar'],
  ['autoconfianza', 'Confianza en mí'],
  ['gestión-tiempo', 'Gestión del tiempo'],
  ['escucha-activa', 'Escucha activa'],
] as const);

export const SUPPORT_NEEDS = options([
  ['rendición-cuentas', 'Alguien que me pida cuentas'],
  ['claridad-objetivos', 'Aclarar mis objetivos'],
  ['motivación', 'Mantener la motivación'],
  ['gestión-estrés', 'Gestionar el estrés'],
  ['desarrollo-liderazgo', 'Desarrollar mi liderazgo'],
  ['planificación-carrera', 'Planificar mi carrera'],
  ['hábitos', 'Crear hábitos'],
  ['equilibrio', 'Equilibrar vida y trabajo'],
  ['confianza', 'Ganar confianza'],
  ['comunicación', 'Comunicarme mejor'],
  ['toma-decisiones', 'Tomar decisiones'],
  ['bienestar-físico', 'Cuidar mi bienestar físico'],
] as const);

export const COMMUNICATION_STYLE = options([
  ['directo', 'Directo'],
  ['diplomático', 'Diplomático'],
  ['analítico', 'Analítico'],
  ['narrativo', 'Narrativo'],
  ['visual', 'Visual'],
] as const);

export const STRESS_RESPONSE = options([
  ['confrontar', 'Lo afronto de inmediato'],
  ['analizar', 'Lo analizo a fondo'],
  ['buscar-apoyo', 'Busco apoyo'],
  ['retirarme', 'Me retiro para recargar'],
  ['procrastinar', 'Tiendo a posponerlo'],
  ['abrumado', 'Me siento abrumado/a'],
] as const);

export const COACHING_STYLE = options([
  ['motivador-intenso', 'Motivador intenso'],
  ['guía-estratégico', 'Guía estratégico'],
  ['campeón-apoyo', 'Campeón de apoyo'],
  ['analista-detallado', 'Analista detallado'],
  ['innovador-creativo', 'Innovador creativo'],
  ['coach-holístico', 'Coach holístico'],
] as const);

export const QUICK_WINS = options([
  ['organizar-agenda', 'Organizar mejor mi agenda'],
  ['reuniones-eficaces', 'Reuniones más eficaces'],
  ['delegar-tareas', 'Delegar alguna tarea'],
  ['decir-no', 'Aprender a decir que no'],
  ['pausas', 'Hacer pausas durante el día'],
  ['dormir-mejor', 'Dormir mejor'],
  ['moverme-más', 'Moverme más'],
  ['conversación-pendiente', 'Tener una conversación pendiente'],
  ['desconectar', 'Desconectar después del trabajo'],
  ['priorizar', 'Elegir mis tres prioridades'],
  ['otro', 'Otro'],
] as const);

/** The seven energy factors of section 6 (1 drains, 5 energises; 0 = not answered). */
export const ENERGY_FACTORS = options([
  ['autonomy', 'Autonomía'],
  ['collaboration', 'Colaboración'],
  ['learning', 'Aprender cosas nuevas'],
  ['recognition', 'Reconocimiento'],
  ['pressure', 'Presión y plazos'],
  ['routine', 'Rutina'],
  ['meetings', 'Reuniones'],
] as const);
