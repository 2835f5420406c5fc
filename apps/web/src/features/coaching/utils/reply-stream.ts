import type { ReplyEvent } from '@ascenso/api/router';

/** What `coaching.reply` streams: typed once, in apps/api (modules/coaching/reply.ts). */
export type { ReplyEvent };
export type ReplyDoneEvent = Extract<ReplyEvent, { type: 'done' }>;
export type ConversationStatus = ReplyDoneEvent['status'];

/**
 * The coach's answer to one user message, as the screen sees it:
 * idle → streaming → done | stopped (the user pressed "Detener") | failed (retry subscribes again).
 */
export type ReplyStreamState =
  | { phase: 'idle' }
  | { phase: 'streaming'; userMessageId: string; text: string; seq: number }
  | { phase: 'stopped'; userMessageId: string; text: string }
  | { phase: 'failed'; userMessageId: string; text: string; error: string }
  | {
      phase: 'done';
      userMessageId: string;
      messageId: string;
      text: string;
      safety: boolean;
      stage: string | null;
      status: ConversationStatus;
    };

export type ReplyStreamAction =
  | { type: 'start'; userMessageId: string }
  | { type: 'delta'; userMessageId: string; seq: number | null; text: string }
  | { type: 'done'; userMessageId: string; event: ReplyDoneEvent }
  | { type: 'stop' }
  | { type: 'error'; userMessageId: string; error: string }
  | { type: 'reset' };

export const IDLE: ReplyStreamState = { phase: 'idle' };

/**
 * The tracked event id is `<userMessageId>:<seq>`, seq counting from 1 for each server-side stream.
 * A seq that does not grow means the server started the answer again (a reconnect after the first
 * attempt was cut off): the text restarts instead of being appended twice.
 */
export function eventSequence(id: string | undefined): number | null {
  if (!id) return null;
  const match = /:(\d+)$/.exec(id);
  return match ? Number(match[1]) : null;
}

function isCurrent(state: ReplyStreamState, userMessageId: string): boolean {
  return state.phase !== 'idle' && state.userMessageId === userMessageId;
}

export function replyStreamReducer(state: ReplyStreamState, action: ReplyStreamAction): ReplyStreamState {
  switch (action.type) {
    case 'start':
      return { phase: 'streaming', userMessageId: action.userMessageId, text: '', seq: 0 };

    case 'delta': {
      // Late events from an answer the user stopped, or from an older subscription, are dropped.
      if (state.phase !== 'streaming' || !isCurrent(state, action.userMessageId)) return state;
      const restarted = action.seq !== null && action.seq <= state.seq;
      return {
        ...state,
        text: restarted ? action.text : state.text + action.text,
        seq: action.seq ?? state.seq + 1,
      };
    }

    case 'done': {
      if (state.phase !== 'streaming' || !isCurrent(state, action.userMessageId)) return state;
      const { event } = action;
      // The done event carries the whole answer: it is the text of record.
      const text = event.content || state.text;
      if (event.stopped) return { phase: 'stopped', userMessageId: state.userMessageId, text };
      return {
        phase: 'done',
        userMessageId: state.userMessageId,
        messageId: event.messageId,
        text,
        safety: event.safety,
        stage: event.stage,
        status: event.status,
      };
    }

    case 'stop':
      if (state.phase !== 'streaming') return state;
      return { phase: 'stopped', userMessageId: state.userMessageId, text: state.text };

    case 'error':
      if (state.phase !== 'streaming' || !isCurrent(state, action.userMessageId)) return state;
      return { phase: 'failed', userMessageId: state.userMessageId, text: state.text, error: action.error };

    case 'reset':
      return IDLE;
  }
}

export function isStreaming(state: ReplyStreamState): state is Extract<ReplyStreamState, { phase: 'streaming' }> {
  return state.phase === 'streaming';
}
