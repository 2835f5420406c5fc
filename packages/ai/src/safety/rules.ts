import type { RiskCategory } from './categories';

/**
 * The risk screen's rules, reviewed by hand. Each pattern is written in ordinary Spanish (or English)
 * without accents; ./normalise.ts compiles it through the same spelling key as the message, so typos
 * such as "kiero", "suisidarme" or "bentana" match, and a space between two words is optional.
 *
 * Conventions:
 * - Rules are first person: a topic word alone ("suicidio", "autolesiones", "violencia de género") never
 *   fires, so news, fiction, courses and third-person mentions pass. The one deliberate exception is a
 *   child the user knows being abused (category child_abuse).
 * - `negatable` (default true): a match right after "no", "nunca", "jamás", "ni", "tampoco" (optionally
 *   with one or two bridge words such as "me", "pienso", "tengo", "quiero") does not count:
 *   "no pienso suicidarme", "nunca me haría daño", "no tengo ganas de morirme".
 *   Rules whose own wording starts with the negation ("no quiero seguir viviendo") set it to false.
 * - `notAfter`: a pattern tested on what follows the match in the same clause; it turns an idiom off
 *   ("me quiero morir de vergüenza", "me hice daño en la rodilla", "me pega el resfriado").
 * - `notWith`: a pattern anywhere in the message that turns the rule off (an idiom's context).
 * - `also`: further patterns that must all match somewhere in the message (compound rules, e.g. an age
 *   under 18 and an abuse verb).
 */
export type Rule = {
  id: string;
  category: RiskCategory;
  pattern: string;
  negatable?: boolean;
  notAfter?: string;
  /** A pattern anywhere in the message that turns the rule off ("qué vergüenza… me quería morir"). */
  notWith?: string;
  also?: string[];
};

const PARTNER =
  '(?:mi|my) (?:pareja?|marido|novio|novia|mujer|esposo|esposa|ex|exmarido|exmujer|expareja|exnovio|exnovia|chico|chica|husband|boyfriend|girlfriend|wife|partner)';
const FAMILY =
  '(?:mi|my) (?:padre|madre|padrastro|madrastra|tio|tia|abuelo|primo|hermano mayor|profesor|profe|entrenador|monitor|vecino|dad|father|stepdad|stepfather|mom|mum|mother|uncle|teacher|coach|papa|mama)';
const CHILD = '(?:mi|a mi|my) (?:hijo|hija|hijos|hijas|sobrino|sobrina|nieto|nieta|alumno|alumna|son|daughter)';
/** Words that may sit between a subject and its verb, but never a negation. */
const GAP = (n: number) => `(?:(?!no |nunca |jamas |ni )\\w+ ){0,${n}}`;
const MINOR_AGE =
  '(?:tengo|i am|im|i m) (?:[6-9]|1[0-7]|seis|siete|ocho|nueve|diez|once|doce|trece|catorce|quince|dieciseis|diecisiete)(?![0-9])(?! anos de| anos en| years of)(?: anos| years)?(?! \\w+ de experiencia)';
const MINOR = `(?:${MINOR_AGE}|soy menor|soy una nina|soy un nino|i am a kid|im a kid|im a minor|i am a minor)`;
const ABUSE_VERB =
  '(?:me pega|me pegan|me ha pegado|me toca|me tocan|me tocaba|me hace cosas|me hacen cosas|abusa de mi|abusan de mi|abuso de mi|me viola|me violo|me maltrata|me maltratan|me obliga|me pide fotos|me piden fotos|me manda fotos|beats me|hits me|touches me|hurts me|abuses me)';
const PV_VERB =
  '(?:pega|pegan|pego|pegaba|ha pegado|esta pegando|esta golpeando|esta amenazando|golpea|golpeo|ha golpeado|maltrata|maltrato|ha maltratado|amenaza|amenazo|ha amenazado|empuja|empujo|ha empujado|agrede|agredio|ha agredido|viola|violo|ha violado|obliga|obligo|controla|persigue|acosa|humilla|insulta|da palizas|dio una paliza|ha dado una paliza|estrangula|ahoga|encierra|quita el movil|revisa el movil|vigila|abusa de mi)';
const IDIOM_AFTER_PEGAR =
  '^(?:el |la |los |las |un |una |su |sus |mucho |muy )?(?:gripe|resfriado|catarro|virus|mania|manias|costumbre|costumbres|acento|susto|bronca|broncas|color|bien|fatal)';
const INJURY_PLACE =
  '^(?:en |con )(?:el |la |los |las |un |una |mi |mis )?(?:rodilla|espalda|tobillo|pie|pies|mano|manos|dedo|cuello|hombro|muneca|codo|cadera|gemelo|musculo|pierna|brazo|cabeza)';
const PILLS = '(?:pastillas|pildoras|medicamentos|somniferos|ansioliticos|antidepresivos|tranquilizantes|pills|tablets|meds)';
const PLACE = '(?:ventana|balcon|puente|azotea|terraza|tejado|edificio|vias|via|tren|metro|vacio|acantilado|coche|window|bridge|roof|building|train)';
/** "Me mato a trabajar", "me mataría por un salmorejo": idioms after "me mato"/"matarme". */
const KILL_IDIOM_AFTER =
  '^(?:(?:a |de |por |con |para )(?:\\w+ ){0,1}(?:trabajar|estudiar|entrenar|correr|risa|hambre|trabajo|currar|reuniones|horas|\\w+(?:ar|er|ir)(?![a-z]))|por (?:un|una|unos|unas|el|la|los|las)(?![a-z]))';
const WHEN = '(?:esta noche|hoy|ahora|ahora mismo|manana|en un rato|tonight|today|right now)';

export const RULES: Rule[] = [
  // ── Immediate danger ──
  {
    id: 'pills-taken',
    category: 'immediate_danger',
    pattern: `(?:me he tomado|me tome|me acabo de tomar|he tomado|me he bebido|i took|i have taken|ive taken|i just took|i swallowed) (?:\\w+ ){0,1}(?:todas|todos|un bote|una caja|un blister|un monton|muchas|un punado|all|a bottle|a box|lots|loads|[0-9]+) (?:\\w+ ){0,3}${PILLS}`,
  },
  {
    id: 'jump',
    category: 'immediate_danger',
    pattern: `(?:me voy a tirar|tirarme|me tiro|me quiero tirar|voy a saltar|saltar|me lanzo|me voy a lanzar|lanzarme|arrojarme|me voy a arrojar|jump|throw myself) (?:\\w+ ){0,3}(?:por|desde|de|a|al|off|from|out of|in front of) (?:la |el |las |los |un |una |lo |the |a )?${PLACE}`,
  },
  {
    id: 'on-the-edge',
    category: 'immediate_danger',
    pattern: `(?:estoy en|im on|i am on) (?:el |la |un |una |the )?(?:puente|azotea|tejado|borde|vias|acantilado|bridge|roof|ledge)`,
    also: ['(?:saltar|tirarme|tirar|lanzarme|jump|acabar|matarme)'],
  },
  {
    id: 'kill-myself-when',
    category: 'immediate_danger',
    pattern: `${WHEN} (?:\\w+ ){0,2}(?:me mato|me suicido|me quito la vida|acabo con mi vida|kill myself|end my life)`,
    notAfter: KILL_IDIOM_AFTER,
  },
  {
    id: 'when-kill-myself',
    category: 'immediate_danger',
    pattern: `(?:me mato|me suicido|me voy a matar|me voy a suicidar|me quito la vida|voy a acabar con mi vida|kill myself|end my life|end it all) (?:\\w+ ){0,2}${WHEN}`,
  },
  {
    id: 'means-in-hand',
    category: 'immediate_danger',
    pattern: `tengo (?:el |la |las |los |un |una )?(?:cuchillo|cuter|navaja|cuchilla|cuerda|pastillas|pistola|arma|soga) (?:\\w+ ){0,3}(?:en la mano|aqui|preparad|delante|listas|lista)`,
  },
  {
    id: 'means-and-intent',
    category: 'immediate_danger',
    pattern: 'tengo (?:el |la |las |los |un |una )?(?:cuchillo|cuter|navaja|cuchilla|cuerda|pastillas|pistola|arma|soga)',
    also: [`(?:voy a hacerlo|lo voy a hacer|lo hago|hacerlo|acabar con todo|terminar con todo) (?:\\w+ ){0,2}${WHEN}`],
  },
  {
    id: 'bleeding',
    category: 'immediate_danger',
    pattern: '(?:me estoy desangrando|estoy sangrando mucho|no para de sangrar|no deja de sangrar|im bleeding a lot|i am bleeding a lot)',
    notAfter: '^(?:economicamente|(?:a |en |de |con )?(?:el |la |los |las )?(?:dinero|pasta|gastos|impuestos|alquiler|hipoteca|facturas))',
  },
  {
    id: 'cut-veins',
    category: 'immediate_danger',
    pattern: '(?:me he cortado|me corte|me acabo de cortar|i cut|i have cut|ive cut) (?:\\w+ ){0,2}(?:las venas|las munecas|my wrists)',
  },
  {
    id: 'farewell-letter',
    category: 'immediate_danger',
    pattern:
      '(?:he escrito|escribi|estoy escribiendo|ya tengo|i wrote|i have written|ive written) (?:la |una |mi |my |a )?(?:carta de despedida|nota de despedida|suicide note|goodbye letter)',
    notAfter: '^(?:a|para|de) (?:mi |mis |los |el )?(?:equipo|companeros|empresa|trabajo|jefe|clientes)',
  },
  {
    id: 'partner-now',
    category: 'immediate_danger',
    pattern: `${PARTNER} ${GAP(6)}(?:me va a matar|me quiere matar|intentando entrar|esta en la puerta|me esta pegando|me esta ahogando|tiene un cuchillo|is trying to get in|is going to kill me|is hitting me)`,
  },
  {
    id: 'being-hurt-now',
    category: 'immediate_danger',
    pattern: 'me (?:esta|estan) (?:pegando|ahogando|estrangulando|agrediendo) (?:ahora|en este momento)',
  },

  // ── Active suicidal ideation ──
  {
    id: 'suicide-me',
    category: 'suicidal_active',
    pattern: '(?:suicidarme|suicidare|me voy a suicidar|me quiero suicidar|me suicidaria|me suicido)',
    notAfter: '^(?:de |a )(?:risa|trabajar|estudiar)',
  },
  {
    id: 'take-my-life',
    category: 'suicidal_active',
    pattern:
      '(?:quitarme la vida|me quito la vida|me quitaria la vida|quitarme de en medio|acabar con mi vida|terminar con mi vida|poner fin a mi vida|acabo con mi vida)',
  },
  {
    id: 'kill-me',
    category: 'suicidal_active',
    pattern: '(?:matarme|me quiero matar|me voy a matar|me mataria|me mato)',
    notAfter: KILL_IDIOM_AFTER,
  },
  {
    id: 'overdose-thoughts',
    category: 'suicidal_active',
    pattern: `(?:tomarme|tragarme|beberme|me tomaria|me tragaria) (?:\\w+ ){0,1}(?:todas|todos|un bote|una caja|un blister|un monton|muchas|un punado) (?:\\w+ ){0,3}${PILLS}`,
  },
  {
    id: 'thinking-of-suicide',
    category: 'suicidal_active',
    pattern: '(?:pienso|pensando|pensado|pensar|pense|piensa en mi) (?:\\w+ ){0,3}en (?:el )?suicidio',
  },
  {
    id: 'suicidal-thoughts',
    category: 'suicidal_active',
    pattern: '(?:tengo|tenia|me vienen|me asaltan|me rondan) (?:\\w+ ){0,1}(?:ideas|pensamientos) (?:suicidas|de suicidio|de matarme|de quitarme la vida)',
  },
  {
    id: 'how-to-do-it',
    category: 'suicidal_active',
    pattern:
      '(?:como|forma de|manera de) (?:hacerlo|suicidarme|matarme|morir|morirme) (?:\\w+ ){0,3}(?:para no sufrir|sin que duela|sin sufrir|para dejar de sufrir)',
  },
  { id: 'end-it-all', category: 'suicidal_active', pattern: '(?:acabar|terminar) con todo(?= \\.|$)' },
  {
    id: 'en-kill-myself',
    category: 'suicidal_active',
    pattern: '(?:kill myself|killing myself|end my life|ending my life|take my own life|take my life|commit suicide|end it all)',
  },
  {
    id: 'en-suicidal',
    category: 'suicidal_active',
    pattern: '(?:feel|feeling|am|im|been|getting) (?:so |very |really )?suicidal',
  },
  {
    id: 'en-thinking-suicide',
    category: 'suicidal_active',
    pattern: '(?:think|thinking|thought) (?:\\w+ ){0,2}about (?:suicide|killing myself|ending it)',
  },

  // ── Child abuse ──
  { id: 'minor-abused', category: 'child_abuse', pattern: MINOR, also: [ABUSE_VERB] },
  {
    id: 'family-abuses-me',
    category: 'child_abuse',
    pattern: `${FAMILY} ${GAP(4)}${ABUSE_VERB}`,
    notAfter: IDIOM_AFTER_PEGAR,
  },
  {
    id: 'abused-as-child',
    category: 'child_abuse',
    pattern:
      '(?:abusaron de mi|abuso de mi|me tocaba|me violo|me violaron|sufri abusos|abused me|i was abused) (?:\\w+ ){0,3}(?:cuando era|de|siendo|as a|when i was) (?:\\w+ )?(?:pequeno|pequena|nino|nina|cria|menor|child|kid)',
  },
  {
    id: 'as-child-abused',
    category: 'child_abuse',
    pattern: '(?:de|cuando era|siendo) (?:pequeno|pequena|nino|nina|cria|menor) (?:\\w+ ){0,3}(?:abusos|abusaron|me tocaba|me violo|me violaron|me pegaban)',
  },
  {
    id: 'child-i-know',
    category: 'child_abuse',
    pattern: `(?:abus\\w* de ${CHILD}|${CHILD} (?:\\w+ ){0,7}(?:la|lo|le) (?:toca|tocaba|manosea|pega|pegan|pide fotos|manda fotos|abusa))`,
  },

  // ── Partner and gender violence ──
  {
    id: 'partner-hurts-me',
    category: 'partner_violence',
    pattern: `${PARTNER} ${GAP(4)}me ${PV_VERB}`,
    notAfter: IDIOM_AFTER_PEGAR,
  },
  {
    id: 'partner-threatens',
    category: 'partner_violence',
    pattern: `${PARTNER} ${GAP(4)}me (?:amenaza|ha amenazado|amenazo)`,
    notAfter: '^con (?:dejarme|irse|romper|dejarlo|cortar)',
  },
  {
    id: 'partner-wont-let-me',
    category: 'partner_violence',
    pattern: `${PARTNER} ${GAP(3)}no me deja (?:salir|ver|hablar|trabajar|tener|ir|usar|quedar)`,
  },
  {
    id: 'afraid-of-partner',
    category: 'partner_violence',
    pattern: `(?:miedo (?:de|a) ${PARTNER}|${PARTNER} me da miedo|miedo (?:de |a )?(?:volver|llegar|ir) a casa|(?:scared|afraid|frightened) of ${PARTNER})`,
  },
  {
    id: 'i-suffer-gbv',
    category: 'partner_violence',
    pattern:
      '(?:sufro|estoy sufriendo|sufri|vivo|soy victima de|i am a victim of|im a victim of) (?:\\w+ ){0,1}(?:violencia de genero|malos tratos|maltrato|violencia machista|domestic violence|domestic abuse)',
  },
  {
    id: 'hits-me-when',
    category: 'partner_violence',
    pattern:
      'me (?:golpea|pega|maltrata|da palizas|da golpes|empuja) (?:\\w+ ){0,1}(?:cuando|si|cada vez que|siempre que) (?:\\w+ ){0,2}(?:bebe|ha bebido|se emborracha|esta borracho|esta borracha|llega borracho|llega borracha|se enfada|se cabrea|pierde los nervios|discutimos|le contesto|le llevo la contraria|no le hago caso)',
  },
  {
    id: 'en-partner-hurts',
    category: 'partner_violence',
    pattern: `${PARTNER} ${GAP(3)}(?:hits|beats|hurts|abuses|threatens|chokes|rapes|hit|beat|hurt|raped) me`,
  },

  // ── Self-harm ──
  {
    id: 'cut-body',
    category: 'self_harm',
    pattern:
      '(?:me corto|me he cortado|me corte|me cortaba|cortarme|me hago cortes|me he hecho cortes|me hice cortes|hacerme cortes) (?:\\w+ ){0,2}(?:brazos?|piernas?|munecas?|muslos?|venas|piel|barriga|tripa|tobillos?)',
  },
  {
    id: 'cut-reason',
    category: 'self_harm',
    pattern:
      '(?:me corto|cortarme|me he vuelto a cortar|me vuelvo a cortar) (?:por que|para sentir|para calmar|para desahogar|para no|cuando me agobio|a escondidas|otra vez|de nuevo)',
  },
  {
    id: 'hurt-myself',
    category: 'self_harm',
    pattern: '(?:hacerme dano|me hago dano|me hice dano|me he hecho dano|me haria dano|haciendome dano|me hacia dano|hacerme mal)',
    notAfter: INJURY_PLACE,
  },
  {
    id: 'self-injury',
    category: 'self_harm',
    pattern: '(?:me \\w* ?autolesi|autolesionarme|me he autolesionado|autolesionandome)',
  },
  {
    id: 'burn-myself',
    category: 'self_harm',
    pattern:
      '(?:me quemo|me he quemado|me queme|quemarme) (?:\\w+ ){0,2}(?:con (?:el |un |los |las |una )?(?:mechero|cigarro|cigarros|cigarrillo|cigarrillos|encendedor|plancha)|a proposito|adrede)',
  },
  {
    id: 'hit-myself',
    category: 'self_harm',
    pattern:
      '(?:me golpeo|me doy golpes|me doy cabezazos|me pego punetazos|me pego a mi mismo|me pego a mi misma|golpearme) (?:\\w+ ){0,3}(?:contra|pared|cabeza|hasta)',
  },
  {
    id: 'scratch-blood',
    category: 'self_harm',
    pattern: '(?:me rasco|me arano|me arane|me aranaba|me araño|me pellizco) (?:\\w+ ){0,3}hasta (?:hacerme )?sangr',
  },
  {
    id: 'punish-hurt',
    category: 'self_harm',
    pattern: 'me castigo (?:\\w+ ){0,2}(?:haciendome dano|cortandome|golpeandome|quemandome)',
  },
  {
    id: 'en-self-harm',
    category: 'self_harm',
    pattern: '(?:i (?:cut|hurt|burn|harm) myself|(?:cutting|hurting|harming|burning) myself|i self ?harm|self ?harming)',
  },

  // ── Passive suicidal ideation ──
  {
    id: 'want-to-die',
    category: 'suicidal_passive',
    // Not "se quería morir" (someone else, told).
    pattern: '(?<!se |le |te )(?:me quiero|quiero|quisiera|me quisiera|me gustaria|me queria|me quise|queria|ganas de|deseos de) morir(?:me)?',
    notWith: '(?:que verguenza|tierra tragame|que corte|que palo)',
    // "me muero de risa", "me quería morir de vergüenza", "me muero por ir": idioms. "Morir de verdad",
    // "morir sin que nadie se entere" or "morir antes de…" are not (decision 032).
    notAfter:
      '^(?:de |del )(?:la |las |los |el )?(?:verguenza|risa|ganas|envidia|pena|amor|hambre|sed|sueno|calor|frio|aburrimiento|asco|curiosidad|cansancio|nervios|celos|ilusion|alegria|gusto|emocion)|^por (?:ir|ver|tener|probar|conocer|saber|un|una|el|la|los|las|que)',
  },
  {
    id: 'wish-i-died',
    category: 'suicidal_passive',
    pattern:
      'ojala (?:me muriera|me muera|me muriese|estuviera muerto|estuviera muerta|no despertar|no despertarme|no existir|no existiera|desaparecer|me atropellara|no haber nacido)',
    notAfter: '^(?:de |del |hasta )',
  },
  {
    id: 'dont-want-to-live',
    category: 'suicidal_passive',
    pattern: 'no quiero (?:seguir )?(?:vivir|viviendo|estar vivo|estar viva|existir)',
    negatable: false,
    notAfter: '^(?:en|con|de|asi en) (?!este mundo)',
  },
  {
    id: 'dont-want-to-wake',
    category: 'suicidal_passive',
    pattern: 'no (?:me )?quiero despertar(?:me)?',
    negatable: false,
    notAfter: '^(?:temprano|pronto|tarde|a las|antes|hasta|el lunes)',
  },
  {
    id: 'sleep-not-wake',
    category: 'suicidal_passive',
    pattern: 'dormir(?:me)? y no (?:volver a )?despertar(?:me)?',
    notAfter: '^(?:hasta|en|antes)',
  },
  {
    id: 'better-without-me',
    category: 'suicidal_passive',
    pattern: '(?:estarian|estaria|estaran|estara|irian|iria|seria|serian|vivirian) mejor sin mi',
  },
  {
    id: 'better-dead',
    category: 'suicidal_passive',
    pattern: '(?:estaria|estaria mucho) mejor muert[oa]|(?:preferiria|prefiero|mejor) estar muert[oa]|mejor (?:si )?no (?:estuviera|existiera|hubiera nacido)',
  },
  {
    id: 'nobody-would-miss-me',
    category: 'suicidal_passive',
    pattern:
      '(?:nadie me (?:echaria|echarian|extranaria|extranarian)(?: de menos)? (?:\\w+ ){0,2}si (?:me muriera|muriera|me muero|desapareciera|no estuviera|ya no estuviera)|si (?:me muriera|muriera|me muero|desapareciera|no estuviera|ya no estuviera) (?:\\w+ ){0,2}nadie me (?:echaria|echarian|extranaria|extranarian))',
  },
  {
    id: 'burden',
    category: 'suicidal_passive',
    pattern: 'soy una carga (?:para|en) (?:todos|todo el mundo|mi familia|los demas|mis)',
  },
  {
    id: 'tired-of-living',
    category: 'suicidal_passive',
    pattern: '(?:cansad[oa]|hart[oa]) de (?:vivir|estar vivo|estar viva|la vida)',
  },
  {
    id: 'no-meaning',
    category: 'suicidal_passive',
    pattern: 'no (?:le )?(?:veo|encuentro) (?:\\w+ )?sentido a (?:la vida|vivir|seguir viviendo|mi vida|seguir)(?! (?:en|con) )',
    negatable: false,
  },
  {
    id: 'no-reason-to-live',
    category: 'suicidal_passive',
    pattern: 'no tengo (?:ninguna |ningun )?(?:razon|razones|motivo|motivos|ganas) (?:para|de) (?:vivir|seguir viviendo|seguir vivo|seguir viva)',
    negatable: false,
  },
  { id: 'why-live', category: 'suicidal_passive', pattern: 'para que (?:seguir )?(?:vivir|viviendo)' },
  {
    id: 'disappear-forever',
    category: 'suicidal_passive',
    pattern: '(?:desaparecer para siempre|dejar de existir|quisiera no existir|no quiero existir)',
  },
  {
    id: 'dont-care-dying',
    category: 'suicidal_passive',
    pattern: 'me da igual (?:morir|morirme|si me muero|vivir o morir)',
  },
  {
    id: 'en-want-to-die',
    category: 'suicidal_passive',
    pattern:
      '(?:i want to die|i wanna die|wish i (?:was|were) dead|better off without me|better off dead|dont want to (?:live|be alive|be here anymore|wake up)|never wake up|not wake up)',
    notAfter: '^(?:until|till|before)',
  },
];
