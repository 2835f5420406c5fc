import { describe, expect, it } from 'vitest';
import { IDLE, eventSequence, replyStreamReducer, type ReplyDoneEvent, type ReplyStreamAction, type ReplyStreamState } from './reply-stream';

const U = 'user-message-1';

function run(actions: ReplyStreamAction[], from: ReplyStreamState = IDLE): ReplyStreamState {
  return actions.reduce(replyStreamReducer, from);
}

const delta = (text: string, seq: number | null, userMessageId = U): ReplyStreamAction => ({
  type: 'delta',
  userMessageId,
  seq,
  text,
});

const done = (overrides: Partial<ReplyDoneEvent> = {}): ReplyStreamAction => ({
  type: 'done',
  userMessageId: U,
  event: {
    type: 'done',
    messageId: 'a-1',
    content: 'Hola, te escucho.',
    stopped: false,
    safety: false,
    stage: null,
    status: 'active',
    ...overrides,
  },
});

describe('reply stream reducer', () => {
  it('appends deltas as they arrive', () => {
    const state = run([{ type: 'start', userMessageId: U }, delta('Hola, ', 1), delta('te ', 2), delta('escucho.', 3)]);
    expect(state).toEqual({ phase: 'streaming', userMessageId: U, text: 'Hola, te escucho.', seq: 3 });
  });

  it('done makes the server content the text of record', () => {
    const state = run([{ type: 'start', userMessageId: U }, delta('Hola, ', 1), done({ stage: 'goal', status: 'active' })]);
    expect(state).toMatchObject({
      phase: 'done',
      messageId: 'a-1',
      text: 'Hola, te escucho.',
      safety: false,
      stage: 'goal',
    });
  });

  it('done with safety is kept as a safety answer', () => {
    const state = run([{ type: 'start', userMessageId: U }, delta('Llama al 024', 1), done({ content: 'Llama al 024', safety: true, status: 'flagged' })]);
    expect(state).toMatchObject({ phase: 'done', safety: true, status: 'flagged' });
  });

  it('stop keeps what arrived and ignores later deltas and the done event', () => {
    const stopped = run([{ type: 'start', userMessageId: U }, delta('Hola, ', 1), { type: 'stop' }]);
    expect(stopped).toEqual({ phase: 'stopped', userMessageId: U, text: 'Hola, ' });
    expect(run([delta('te ', 2), done()], stopped)).toEqual(stopped);
  });

  it('stop when nothing streams changes nothing', () => {
    expect(replyStreamReducer(IDLE, { type: 'stop' })).toBe(IDLE);
  });

  it('a done event marked stopped (server-side stop) ends as stopped', () => {
    const state = run([{ type: 'start', userMessageId: U }, delta('Hola', 1), done({ content: 'Hola', stopped: true, messageId: '' })]);
    expect(state).toEqual({ phase: 'stopped', userMessageId: U, text: 'Hola' });
  });

  it('an error keeps the partial text and a retry starts again from empty', () => {
    const failed = run([
      { type: 'start', userMessageId: U },
      delta('Hola', 1),
      { type: 'error', userMessageId: U, error: 'Tu coach no ha podido responder ahora.' },
    ]);
    expect(failed).toEqual({
      phase: 'failed',
      userMessageId: U,
      text: 'Hola',
      error: 'Tu coach no ha podido responder ahora.',
    });
    const retried = run([{ type: 'start', userMessageId: U }, delta('Otra vez', 1)], failed);
    expect(retried).toMatchObject({ phase: 'streaming', text: 'Otra vez' });
  });

  it('events for another user message are ignored', () => {
    const streaming = run([{ type: 'start', userMessageId: U }, delta('Hola', 1)]);
    expect(run([delta('intruso', 2, 'otro'), { type: 'error', userMessageId: 'otro', error: 'x' }], streaming)).toEqual(streaming);
    expect(
      replyStreamReducer(streaming, {
        type: 'done',
        userMessageId: 'otro',
        event: {
          type: 'done',
          messageId: 'z',
          content: 'z',
          stopped: false,
          safety: false,
          stage: null,
          status: 'active',
        },
      }),
    ).toBe(streaming);
  });

  it('a restarted server stream (seq back to 1) replaces the text instead of duplicating it', () => {
    const state = run([{ type: 'start', userMessageId: U }, delta('Hola ', 1), delta('te ', 2), delta('Hola ', 1), delta('te ', 2)]);
    expect(state).toMatchObject({ text: 'Hola te ', seq: 2 });
  });

  it('deltas without a sequence are appended', () => {
    const state = run([{ type: 'start', userMessageId: U }, delta('a', null), delta('b', null)]);
    expect(state).toMatchObject({ text: 'ab', seq: 2 });
  });

  it('deltas before start are ignored; reset goes back to idle', () => {
    expect(replyStreamReducer(IDLE, delta('x', 1))).toBe(IDLE);
    expect(run([{ type: 'start', userMessageId: U }, { type: 'reset' }])).toEqual(IDLE);
  });

  it('reads the sequence from tracked ids', () => {
    expect(eventSequence('abc-123:7')).toBe(7);
    expect(eventSequence('abc')).toBeNull();
    expect(eventSequence(undefined)).toBeNull();
  });
});
