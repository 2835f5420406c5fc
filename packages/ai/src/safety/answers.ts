import type { RiskCategory } from './categories';

/**
 * The fixed answers and helplines, one per risk family (decision 032). Sources:
 * - 024: Ministerio de Sanidad, «Línea 024 de atención a la conducta suicida» (sanidad.gob.es, línea 024);
 * - 016, WhatsApp 600 000 016 and 016-online@igualdad.gob.es: Ministerio de Igualdad, Delegación del
 *   Gobierno contra la Violencia de Género («016, servicio de información y asesoramiento»);
 * - ANAR 900 20 20 10 (niñas, niños y adolescentes) and 600 50 51 52 (personas adultas y familias):
 *   Fundación ANAR (anar.org, «Teléfono ANAR»);
 * - 112: the European emergency number (Ley 17/2015 del Sistema Nacional de Protección Civil; Real Decreto
 *   903/1997, acceso al 112);
 * - 91 562 04 20: Servicio de Información Toxicológica, Instituto Nacional de Toxicología y Ciencias
 *   Forenses (Ministerio de Justicia), 24 hours;
 * and the WHO and Samaritans guidance on safe messaging: warm, brief, no judgement, no diagnosis, no detail
 * about methods, one clear next step towards a person who can help.
 */
export type SafetyResource = {
  id: '024' | '112' | '016' | '016-whatsapp' | '016-email' | 'anar' | 'anar-adults' | 'toxicologia' | 'abroad';
  /** What the link or button says. */
  label: string;
  /** tel:, https: or mailto: */
  href: string;
  /** One line about who answers and when. */
  detail: string;
};

export const SAFETY_RESOURCES: Record<SafetyResource['id'], SafetyResource> = {
  '024': {
    id: '024',
    label: 'Llamar al 024',
    href: 'tel:024',
    detail: 'Línea de atención a la conducta suicida: gratuita, confidencial y disponible las 24 horas.',
  },
  '112': {
    id: '112',
    label: 'Emergencias: 112',
    href: 'tel:112',
    detail: 'Si tu vida o la de otra persona corre peligro ahora mismo.',
  },
  '016': {
    id: '016',
    label: 'Llamar al 016',
    href: 'tel:016',
    detail: 'Violencia de género: gratuito, 24 horas. La llamada no aparece en la factura del teléfono; bórrala del historial del móvil si lo necesitas.',
  },
  '016-whatsapp': {
    id: '016-whatsapp',
    label: 'WhatsApp 600 000 016',
    href: 'https://wa.me/34600000016',
    detail: 'El 016 también por WhatsApp.',
  },
  '016-email': {
    id: '016-email',
    label: '016-online@igualdad.gob.es',
    href: 'mailto:016-online@igualdad.gob.es',
    detail: 'El 016 también por correo electrónico.',
  },
  anar: {
    id: 'anar',
    label: 'ANAR: 900 20 20 10',
    href: 'tel:900202010',
    detail: 'Fundación ANAR, para niñas, niños y adolescentes: gratuito, confidencial y 24 horas.',
  },
  'anar-adults': {
    id: 'anar-adults',
    label: 'ANAR para personas adultas: 600 50 51 52',
    href: 'tel:600505152',
    detail: 'Si te preocupa una niña, un niño o un adolescente.',
  },
  toxicologia: {
    id: 'toxicologia',
    label: 'Información Toxicológica: 91 562 04 20',
    href: 'tel:+34915620420',
    detail: 'Instituto Nacional de Toxicología: te dicen qué hacer con lo que se ha tomado, las 24 horas. Si hay síntomas, llama antes al 112.',
  },
  abroad: {
    id: 'abroad',
    label: 'findahelpline.com',
    href: 'https://findahelpline.com',
    detail: 'Fuera de España: llama al número de emergencias de tu país o busca aquí tu línea de ayuda.',
  },
};

const ABROAD = 'Si no estás en España, llama al número de emergencias de tu país o busca una línea de ayuda en findahelpline.com.';
const NOT_A_CRISIS_SERVICE = 'Yo no soy un servicio de crisis, pero aquí seguiré cuando quieras continuar.';

type Answer = { message: string; english: string; resources: SafetyResource['id'][] };

export const SAFETY_ANSWERS: Record<RiskCategory, Answer> = {
  immediate_danger: {
    message:
      'Lo que me cuentas me preocupa, y ahora lo más importante es que estés a salvo. Llama al 112 ahora, o pide a alguien cercano que llame por ti. ' +
      'Si puedes, aléjate de lo que pueda hacerte daño y busca la compañía de otra persona. ' +
      `El 024 también te atiende ahora mismo, gratis y a cualquier hora. ${ABROAD}`,
    english:
      'In English: please call 112 now (emergencies in Spain), or your local emergency number if you are elsewhere. The 024 line also answers, free, 24 hours.',
    resources: ['112', '024', 'abroad'],
  },
  suicidal_active: {
    message:
      'Gracias por contármelo. Lo que estás pasando importa, y ahora mereces hablar con una persona. ' +
      'Llama al 024, la línea de atención a la conducta suicida: es gratuita, confidencial y atiende las 24 horas. ' +
      `Si sientes que puedes hacerte daño ahora, llama al 112. Si puedes, avisa también a alguien de confianza. ${ABROAD} ${NOT_A_CRISIS_SERVICE}`,
    english:
      'In English: in Spain, call 024 (suicidal thoughts, free, 24 hours) or 112 if you are in danger now. Elsewhere, call your local emergency number or see findahelpline.com.',
    resources: ['024', '112', 'abroad'],
  },
  suicidal_passive: {
    message:
      'Gracias por contármelo; no es fácil ponerlo en palabras. Cuando aparecen pensamientos así, hablarlo con alguien ayuda. ' +
      'En el 024, la línea de atención a la conducta suicida, te escuchan gratis, con confidencialidad y a cualquier hora. ' +
      `Si en algún momento sientes que puedes hacerte daño, llama al 112. ${ABROAD} ${NOT_A_CRISIS_SERVICE}`,
    english:
      'In English: in Spain, call 024 (free, 24 hours) to talk about these thoughts, or 112 if you are in danger. Elsewhere, call your local emergency number or see findahelpline.com.',
    resources: ['024', '112', 'abroad'],
  },
  self_harm: {
    message:
      'Gracias por confiármelo. Hacerse daño suele ser una forma de aguantar un dolor muy grande, y mereces apoyo, no juicio. ' +
      'En el 024 te atienden gratis, con confidencialidad y las 24 horas. Si tienes una herida que te preocupa, llama al 112. ' +
      `Contárselo a tu médica o médico de cabecera también puede ayudarte. ${ABROAD} ${NOT_A_CRISIS_SERVICE}`,
    english:
      'In English: in Spain, call 024 (free, 24 hours), or 112 if you are hurt and need care now. Elsewhere, call your local emergency number or see findahelpline.com.',
    resources: ['024', '112', 'abroad'],
  },
  partner_violence: {
    message:
      'Siento mucho lo que estás viviendo. No es culpa tuya, y no tienes que afrontarlo sin ayuda. ' +
      'El 016 atiende a las víctimas de violencia de género las 24 horas y gratis, y la llamada no aparece en la factura del teléfono. ' +
      'También puedes escribir por WhatsApp al 600 000 016 o a 016-online@igualdad.gob.es. ' +
      `Si estás en peligro ahora, o ante cualquier otra violencia en la pareja, llama al 112. ${ABROAD}`,
    english:
      'In English: in Spain, 016 helps victims of gender violence (free, 24 hours, not shown on the phone bill; WhatsApp 600 000 016). Call 112 if you are in danger now.',
    resources: ['016', '016-whatsapp', '016-email', '112', 'abroad'],
  },
  child_abuse: {
    message:
      'Gracias por contarlo; hablar de esto es muy valiente, y no es culpa tuya. ' +
      'La Fundación ANAR atiende a niñas, niños y adolescentes en el 900 20 20 10: es gratis, confidencial y funciona las 24 horas. ' +
      `Si eres una persona adulta preocupada por un menor, ANAR te atiende en el 600 50 51 52. Si alguien está en peligro ahora, llama al 112. ${ABROAD}`,
    english:
      'In English: in Spain, children and teenagers can call ANAR on 900 20 20 10 (free, 24 hours); worried adults, 600 50 51 52. Call 112 if someone is in danger now.',
    resources: ['anar', 'anar-adults', '112', 'abroad'],
  },
  overdose_poisoning: {
    message:
      'Gracias por decírmelo. Llama al 112 ahora, aunque ahora te encuentres bien: algunos medicamentos, como el paracetamol, hacen daño horas después. ' +
      'Ten a mano el envase o di qué se ha tomado, cuánto y cuándo; no provoques el vómito y no te quedes sola ni solo. ' +
      'El Servicio de Información Toxicológica también responde las 24 horas en el 91 562 04 20. ' +
      `Si lo tomaste para hacerte daño, cuando estés a salvo el 024 te escucha, gratis y a cualquier hora. ${ABROAD}`,
    english:
      'In English: call 112 now, even if you feel fine (some medicines harm hours later). Keep the packaging at hand and do not make yourself vomit. Toxicology information line: +34 91 562 04 20 (24 hours).',
    resources: ['112', 'toxicologia', '024', 'abroad'],
  },
  medical_emergency: {
    message:
      'Esto puede ser una urgencia médica: llama al 112 ahora y di dónde estás y qué notas. ' +
      'Mientras llega la ayuda, no conduzcas, deja la puerta abierta si puedes y avisa a alguien que esté cerca. ' +
      `Las personas del 112 te dirán qué hacer paso a paso. ${ABROAD}`,
    english:
      'In English: this may be a medical emergency. Call 112 now (or your local emergency number), say where you are and what you feel, and do not drive.',
    resources: ['112', 'abroad'],
  },
  other_in_danger: {
    message:
      'Gracias por querer ayudar. Si esa persona puede estar en peligro ahora, llama al 112 y di dónde está; no hace falta estar seguro del todo para llamar. ' +
      'Mientras llega la ayuda: si puedes hacerlo sin ponerte en riesgo, no la dejes sola o pide a alguien cercano que vaya; si ha tomado algo, guarda los envases; ' +
      'si no respira o no responde, el 112 te guiará por teléfono. ' +
      `Si habla de quitarse la vida, el 024 también te orienta a ti sobre cómo acompañarla. ${ABROAD}`,
    english:
      'In English: if someone may be in danger now, call 112 and say where they are. Stay with them if it is safe, keep any packaging, and follow what 112 tells you. 024 can advise you about suicide risk.',
    resources: ['112', '024', 'abroad'],
  },
  eating_disorder_danger: {
    message:
      'Gracias por contármelo; lo que describes pone en riesgo tu salud y mereces ayuda de verdad, sin juicio. ' +
      'Pide cita esta semana con tu médica o médico de cabecera y cuéntale lo que comes y lo que haces después: desde el centro de salud te pueden derivar a una unidad especializada. ' +
      'Si te mareas, te desmayas, notas el corazón muy lento o muy rápido, o tienes dolor en el pecho, llama al 112. ' +
      `Si te pasan por la cabeza ideas de hacerte daño, el 024 te atiende gratis y a cualquier hora. ${ABROAD}`,
    english:
      'In English: please see your GP this week about eating and purging; call 112 if you faint, feel your heart racing or very slow, or have chest pain. In Spain, 024 answers 24 hours if you think of harming yourself.',
    resources: ['112', '024', 'abroad'],
  },
};

export type SafetyAnswer = { category: RiskCategory; message: string; resources: SafetyResource[] };

const ENGLISH_WORDS = new Set([
  'i',
  'im',
  'my',
  'me',
  'myself',
  'the',
  'and',
  'to',
  'want',
  'dont',
  'of',
  'off',
  'he',
  'she',
  'is',
  'am',
  'been',
  'feel',
  'all',
  'took',
  'going',
  'anymore',
]);
const SPANISH_WORDS = new Set([
  'que',
  'de',
  'el',
  'la',
  'mi',
  'y',
  'no',
  'quiero',
  'me',
  'en',
  'por',
  'con',
  'los',
  'las',
  'es',
  'estoy',
  'tengo',
  'se',
  'un',
  'una',
]);

/** Whether a message reads as English (its answer then gets a line in English). */
export function looksEnglish(text: string): boolean {
  const words = text
    .toLowerCase()
    .replace(/['’]/g, '')
    .split(/[^a-z]+/)
    .filter(Boolean);
  const en = words.filter((w) => ENGLISH_WORDS.has(w) && w !== 'me').length;
  const es = words.filter((w) => SPANISH_WORDS.has(w) && w !== 'me').length;
  return en > es;
}

/**
 * The fixed answer for a screened message: the first category's text, with an English line when the
 * message was in English, and that category's helplines followed by those of the others, in the order
 * given (a partner threatening someone now gets 112 first, then 016). The screen lists the families it
 * is sure of most urgent first, then those that only add helplines (./screen.ts, answerFamilies).
 */
export function safetyAnswer(categories: readonly RiskCategory[], options: { english?: boolean } = {}): SafetyAnswer {
  const ordered = [...new Set(categories)];
  const category = ordered[0] ?? 'suicidal_passive';
  const answer = SAFETY_ANSWERS[category];
  const ids: SafetyResource['id'][] = [];
  for (const c of ordered) for (const id of SAFETY_ANSWERS[c].resources) if (!ids.includes(id)) ids.push(id);
  // "Other countries" always comes last.
  const sorted = [...ids.filter((id) => id !== 'abroad'), 'abroad' as const];
  return {
    category,
    message: options.english ? `${answer.message}\n\n${answer.english}` : answer.message,
    resources: sorted.map((id) => SAFETY_RESOURCES[id]),
  };
}
