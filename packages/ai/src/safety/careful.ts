import { RISK_PRIORITY, type RiskCategory } from './categories';

/**
 * Careful mode that fits the family that fired (decision 032): after partner violence the coach reminds
 * of 016, after abuse of a minor of ANAR, after an overdose, a medical emergency or someone else in danger
 * of 112, after an eating disorder of the GP; after suicidal thoughts or self-harm, of 024.
 */
const REMINDERS: Record<RiskCategory, string> = {
  immediate_danger: 'Si vuelve a haber peligro, llama al 112 sin esperar; el 024 también te atiende a cualquier hora.',
  suicidal_active: 'Si lo necesitas, el 024 atiende gratis y a cualquier hora, y el 112 si hay un peligro inmediato.',
  suicidal_passive: 'Recuerda que puedes llamar al 024 cuando quieras, de día o de noche; y al 112 si estás en peligro.',
  self_harm: 'Si las ganas de hacerte daño vuelven, el 024 te escucha a cualquier hora; y si tienes una herida que te preocupa, el 112.',
  overdose_poisoning: 'Si has tomado algo o vuelves a sentirte mal, llama al 112 aunque parezca poco; Información Toxicológica responde en el 91 562 04 20.',
  medical_emergency: 'Si los síntomas vuelven o empeoran, llama al 112 enseguida y no conduzcas.',
  other_in_danger: 'Si esa persona vuelve a estar en peligro, llama al 112; el 024 también te orienta sobre cómo acompañarla.',
  child_abuse:
    'La Fundación ANAR escucha en el 900 20 20 10 si eres menor y en el 600 50 51 52 si te preocupa un menor, gratis y a cualquier hora; y el 112 si hay peligro ahora.',
  partner_violence:
    'El 016 atiende las 24 horas, gratis y sin dejar rastro en la factura, también por WhatsApp en el 600 000 016; y el 112 si estás en peligro ahora.',
  eating_disorder_danger:
    'Tu médica o médico de cabecera puede ayudarte con esto; si te mareas o te desmayas, llama al 112, y el 024 atiende a cualquier hora.',
};

/**
 * How long careful mode follows a person after a crisis message (the contract's "Safety"): across their
 * chats, journaling chats, sessions and daily plan, not only in the conversation where it happened.
 */
export const CAREFUL_MODE_MS = 72 * 60 * 60 * 1000;

/** The helplines to remind in careful mode, for the most urgent family that fired (null when none is known). */
export function carefulReminder(families: readonly RiskCategory[]): string | null {
  const first = RISK_PRIORITY.find((family) => families.includes(family));
  return first ? REMINDERS[first] : null;
}
