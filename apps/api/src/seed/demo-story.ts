import { createCoach } from '@ascenso/ai/coach';
import { createOfflineProvider } from '@ascenso/ai/offline-provider';
import type { Deps } from '../deps';
import { sendMessage } from '../modules/coaching/chat';
import { startConversation } from '../modules/coaching/conversations';
import { streamReply } from '../modules/coaching/reply';
import { createEntry } from '../modules/journaling/journaling.service';
import { addNote } from '../modules/profile/profile.service';

/**
 * What backs Lucía's demo ledger: her journal entries, her chats with the coach and a finished
 * structured session with its commitments, each written through the same services a user goes through
 * (so every journaling, consulta_rapida and sesion_completa row carries the evidence the service records),
 * plus coach-memory notes that agree with them. The guided offline coach answers, whatever model is
 * configured, so seeding never calls a model.
 */
type Actor = { id: string; firstName: string; timezone: string };

const MINUTE = 60_000;

export type JournalSeed = { mood: string; title: string; body: string };

/** Every body has at least 50 words, so each entry earns `journaling` like a real one. */
export const LUCIA_JOURNAL: readonly JournalSeed[] = [
  {
    mood: 'cansancio',
    title: 'Demasiadas reuniones',
    body:
      'Hoy he encadenado seis reuniones y lo importante se ha quedado para la noche otra vez. Me doy cuenta de que ' +
      'acabo revisando los documentos del equipo cuando los niños ya duermen, y luego me cuesta desconectar. ' +
      'Quiero probar a dejar una franja sin reuniones por la mañana y ver si llego con más energía a la tarde.',
  },
  {
    mood: 'motivación',
    title: 'Primer paso para delegar',
    body:
      'Después de la sesión con mi coach tengo más claro qué quiero soltar: la revisión semanal del backlog. ' +
      'Marta está preparada y yo sigo haciéndolo por costumbre. Me da miedo que baje la calidad, pero si le explico ' +
      'bien el criterio y acordamos un punto de control, creo que puede salir bien. Lo hablaré con ella el lunes.',
  },
  {
    mood: 'gratitud',
    title: 'Cena en casa',
    body:
      'Hoy he cerrado el portátil a las siete y he llegado a cenar con la familia. Parece poco, pero hacía semanas ' +
      'que no pasaba un martes. He notado que al día siguiente tenía la cabeza más despejada para preparar la ' +
      'reunión de producto. Quiero repetirlo al menos dos días por semana y contárselo a mi pareja para que me lo recuerde.',
  },
  {
    mood: 'tranquilidad',
    title: 'Revisión del sprint',
    body:
      'La revisión del sprint ha ido mejor de lo que esperaba. El equipo ha presentado sus propias conclusiones y yo ' +
      'apenas he tenido que intervenir. Me cuesta quedarme callada cuando veo algo que haría distinto, pero hoy he ' +
      'preferido preguntar antes que corregir. Me llevo la sensación de que confiar también es una forma de liderar.',
  },
  {
    mood: 'alegría',
    title: 'Semana cerrada',
    body:
      'Cierro la semana con más calma que la anterior. Marta ha hecho la revisión del backlog y solo hemos ajustado ' +
      'dos detalles en el punto de control del miércoles. He hecho pausas entre reuniones casi todos los días y el ' +
      'viernes salí a tiempo. Quiero mantener la franja de la mañana sin reuniones también la semana que viene.',
  },
];

/** Two quick consultations (3 turns each earn `consulta_rapida`). */
export const LUCIA_CHATS: readonly (readonly string[])[] = [
  ['Tengo demasiadas reuniones y no llego a lo importante', 'Casi todas son de seguimiento; muchas podrían ser un correo', '¿Qué puedo probar esta semana?'],
  [
    'Mañana tengo que dar feedback a una persona del equipo y me cuesta',
    'Se retrasa con las entregas y eso afecta al resto del equipo',
    '¿Alguna idea para preparar la conversación?',
  ],
];

/** The structured session: check-in, goal, exploration, commitments (then it is summarised and closed). */
export const LUCIA_SESSION: readonly string[] = [
  'Un 6. Con ganas, pero cansada de revisarlo todo por la noche',
  'Quiero delegar la revisión semanal del backlog en Marta sin perder calidad',
  'He probado a pasarle partes sueltas, pero al final lo rehago yo. Creo que no le explico bien el criterio',
  'Explicar a Marta el criterio de calidad el lunes; acordar un único punto de control el miércoles; no revisar nada después de las 20:00',
];

/** What Lucía asked her coach to keep in mind; it agrees with her session and her journal. */
export const LUCIA_NOTES: readonly string[] = [
  'Prefiero sesiones cortas, por la mañana antes de las 9.',
  'Estoy delegando en Marta la revisión semanal del backlog.',
];

/** The story is written by the offline coach even when a model is configured: no model call at start-up. */
// The crisis screen's second opinion (decision 036) asks `coachProvider`: offline here too.
const offlineProvider = createOfflineProvider();
const offlineCoach = createCoach(offlineProvider);
const at = (deps: Deps, when: Date): Deps => ({ ...deps, coach: offlineCoach, coachProvider: offlineProvider, clock: () => when });

export function seedJournalEntry(deps: Deps, actor: Actor, when: Date, entry: JournalSeed) {
  return createEntry(at(deps, when), actor, entry);
}

/** Sends each message and lets the coach answer it, a minute apart, as a user in the app would. */
async function converse(deps: Deps, actor: Actor, conversationId: string, messages: readonly string[], start: Date) {
  for (const [index, content] of messages.entries()) {
    const moment = at(deps, new Date(start.getTime() + (2 * index + 1) * MINUTE));
    const { userMessageId } = await sendMessage(moment, actor, {
      conversationId,
      content,
      clientMessageId: crypto.randomUUID(),
    });
    for await (const _ of streamReply(moment, actor, { conversationId, userMessageId }, new AbortController().signal)) {
      // drain the answer: it is stored when the stream ends
    }
  }
}

export async function seedChat(deps: Deps, actor: Actor, when: Date, messages: readonly string[]) {
  const conversation = await startConversation(at(deps, when), actor, { kind: 'chat' });
  await converse(deps, actor, conversation.id, messages, when);
  return conversation.id;
}

/** A structured session run to its end: the last answer closes it with a summary and commitments. */
export async function seedSession(deps: Deps, actor: Actor, when: Date, messages: readonly string[]) {
  const conversation = await startConversation(at(deps, when), actor, { kind: 'session' });
  await converse(deps, actor, conversation.id, messages, when);
  return conversation.id;
}

export async function seedNotes(deps: Deps, actor: Actor, when: Date) {
  for (const [i, text] of LUCIA_NOTES.entries()) await addNote(at(deps, new Date(when.getTime() + i * MINUTE)), actor, text);
}
