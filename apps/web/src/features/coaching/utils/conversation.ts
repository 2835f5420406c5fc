import type { ConversationStatus } from './reply-stream';

export type ConversationKind = 'chat' | 'session' | 'journal';

/** The fields these helpers read from `coaching.conversation` messages. */
export interface MessageLike {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  flagged: boolean;
}

/**
 * The user message whose answer the screen has not shown yet: the conversation ends with a user
 * message, and either it is still open, or that message was the crisis message that paused it (its
 * safety answer is already stored; subscribing replays it). A reload in the middle of an answer
 * resumes from here.
 */
export function pendingReplyFor(messages: readonly MessageLike[], status: ConversationStatus): string | null {
  if (status === 'completed') return null;
  const last = messages.at(-1);
  if (!last || last.role !== 'user') return null;
  if (status === 'flagged' && !last.flagged) return null;
  return last.id;
}

/** A v4 UUID for `clientMessageId` (crypto.randomUUID needs a secure context; this does not). */
export function newClientMessageId(random: Pick<Crypto, 'getRandomValues'> & Partial<Pick<Crypto, 'randomUUID'>> = crypto): string {
  if (typeof random.randomUUID === 'function') return random.randomUUID();
  const bytes = random.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function countUserMessages(messages: readonly MessageLike[]): number {
  return messages.filter((m) => m.role === 'user').length;
}

/** Words as the server counts them for journal entries (whitespace-separated). */
export function countWords(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

/** The journal entry's words: what the user wrote, crisis messages excluded (as the server does). */
export function journalWordCount(messages: readonly MessageLike[]): number {
  return countWords(
    messages
      .filter((m) => m.role === 'user' && !m.flagged)
      .map((m) => m.content.trim())
      .join('\n\n'),
  );
}

/** The five phases a structured session shows (the server's stages, 'done' being the summary). */
export const SESSION_PHASES = [
  { stage: 'check-in', label: 'Check-in' },
  { stage: 'goal', label: 'Objetivo' },
  { stage: 'exploration', label: 'Exploración' },
  { stage: 'commitments', label: 'Compromisos' },
  { stage: 'done', label: 'Resumen' },
] as const;

export type SessionPhase = (typeof SESSION_PHASES)[number]['stage'];

/** The index of the current phase; an unknown or missing stage counts as the first one. */
export function phaseIndex(stage: string | null | undefined, status?: ConversationStatus): number {
  if (status === 'completed') return SESSION_PHASES.length - 1;
  const index = SESSION_PHASES.findIndex((phase) => phase.stage === stage);
  return index === -1 ? 0 : index;
}

export type PhaseState = 'complete' | 'current' | 'upcoming';

export function phaseState(index: number, currentIndex: number): PhaseState {
  if (index < currentIndex) return 'complete';
  return index === currentIndex ? 'current' : 'upcoming';
}

export function phaseLabel(stage: string | null | undefined, status?: ConversationStatus): string {
  return SESSION_PHASES[phaseIndex(stage, status)]?.label ?? 'Check-in';
}

export const STATUS_LABELS: Record<ConversationStatus, string> = {
  active: 'En curso',
  completed: 'Completada',
  flagged: 'En pausa',
};

/** Where a conversation of each kind is shown. */
export function conversationPath(kind: ConversationKind, id: string): string {
  const encoded = encodeURIComponent(id);
  if (kind === 'session') return `/coaching/session/${encoded}`;
  if (kind === 'journal') return `/journaling/chat?c=${encoded}`;
  return `/coaching/chat?c=${encoded}`;
}

/** Where a new conversation of the same kind starts (the link shown after a safety pause). */
export function newConversationPath(kind: ConversationKind): string {
  if (kind === 'session') return '/coaching';
  if (kind === 'journal') return '/journaling/chat';
  return '/coaching/chat';
}

/** "12 may, 10:30" (es-ES) in the user's time zone, falling back to the browser's. */
export function formatConversationDate(date: Date, timeZone: string | undefined, now: Date = new Date()): string {
  const sameYear = date.getFullYear() === now.getFullYear();
  const options: Intl.DateTimeFormatOptions = {
    day: 'numeric',
    month: 'short',
    ...(sameYear ? {} : { year: 'numeric' }),
    hour: '2-digit',
    minute: '2-digit',
  };
  try {
    return new Intl.DateTimeFormat('es-ES', { ...options, timeZone }).format(date);
  } catch {
    return new Intl.DateTimeFormat('es-ES', options).format(date);
  }
}
