import { describe, expect, it } from 'vitest';
import {
  SESSION_PHASES,
  conversationPath,
  countUserMessages,
  countWords,
  formatConversationDate,
  journalWordCount,
  newClientMessageId,
  newConversationPath,
  pendingReplyFor,
  phaseIndex,
  phaseLabel,
  phaseState,
  type MessageLike,
} from './conversation';

const user = (id: string, content = 'hola', flagged = false): MessageLike => ({ id, role: 'user', content, flagged });
const coach = (id: string, content = 'te escucho', flagged = false): MessageLike => ({
  id,
  role: 'assistant',
  content,
  flagged,
});

describe('pending reply', () => {
  it('is the last user message of an open conversation', () => {
    expect(pendingReplyFor([coach('a'), user('u1')], 'active')).toBe('u1');
  });
  it('is the crisis message of a paused conversation until its safety answer is shown', () => {
    expect(pendingReplyFor([user('u1', 'no quiero vivir', true)], 'flagged')).toBe('u1');
    expect(pendingReplyFor([user('u1', 'no quiero vivir', true), coach('s', '024', true)], 'flagged')).toBeNull();
  });
  it('is nothing once the coach has answered or in closed conversations', () => {
    expect(pendingReplyFor([user('u1'), coach('a')], 'active')).toBeNull();
    expect(pendingReplyFor([user('u1')], 'flagged')).toBeNull();
    expect(pendingReplyFor([user('u1')], 'completed')).toBeNull();
    expect(pendingReplyFor([], 'active')).toBeNull();
  });
});

describe('client message ids', () => {
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
  it('uses randomUUID when available', () => {
    expect(newClientMessageId({ getRandomValues: (a) => a, randomUUID: () => '00000000-0000-4000-8000-000000000000' })).toBe(
      '00000000-0000-4000-8000-000000000000',
    );
  });
  it('builds a v4 UUID from random bytes otherwise (plain http on a LAN address)', () => {
    const fake = {
      getRandomValues: <T extends ArrayBufferView | null>(array: T) => {
        new Uint8Array((array as unknown as Uint8Array).buffer).fill(255);
        return array;
      },
    };
    expect(newClientMessageId(fake as Pick<Crypto, 'getRandomValues'>)).toMatch(UUID);
    expect(newClientMessageId({ getRandomValues: crypto.getRandomValues.bind(crypto) })).toMatch(UUID);
  });
});

describe('counting', () => {
  it('counts user messages', () => {
    expect(countUserMessages([coach('a'), user('u1'), coach('b'), user('u2')])).toBe(2);
  });
  it('counts words like the server', () => {
    expect(countWords('')).toBe(0);
    expect(countWords('  una  dos\ntres\t')).toBe(3);
  });
  it('counts only what the user wrote for the journal, crisis messages excluded', () => {
    const messages = [coach('a', 'Cuéntame cómo estás hoy'), user('u1', 'Hoy estoy bien'), user('u2', 'no quiero vivir', true), user('u3', ' y tranquila ')];
    expect(journalWordCount(messages)).toBe(5);
  });
});

describe('session phases', () => {
  it('has the five phases in order', () => {
    expect(SESSION_PHASES.map((p) => p.label)).toEqual(['Check-in', 'Objetivo', 'Exploración', 'Compromisos', 'Resumen']);
  });
  it('maps the server stage to the current phase', () => {
    expect(phaseIndex('check-in')).toBe(0);
    expect(phaseIndex('exploration')).toBe(2);
    expect(phaseIndex('done')).toBe(4);
    expect(phaseIndex(null)).toBe(0);
    expect(phaseIndex('desconocida')).toBe(0);
    expect(phaseIndex('goal', 'completed')).toBe(4);
    expect(phaseLabel('commitments')).toBe('Compromisos');
  });
  it('marks earlier phases complete and later ones upcoming', () => {
    expect([0, 1, 2, 3, 4].map((i) => phaseState(i, 2))).toEqual(['complete', 'complete', 'current', 'upcoming', 'upcoming']);
  });
});

describe('paths and dates', () => {
  it('links each kind to its screen', () => {
    expect(conversationPath('chat', 'abc')).toBe('/coaching/chat?c=abc');
    expect(conversationPath('session', 'abc')).toBe('/coaching/session/abc');
    expect(conversationPath('journal', 'a b')).toBe('/journaling/chat?c=a%20b');
    expect(newConversationPath('chat')).toBe('/coaching/chat');
    expect(newConversationPath('session')).toBe('/coaching');
    expect(newConversationPath('journal')).toBe('/journaling/chat');
  });
  it('formats dates in Spanish in the user time zone', () => {
    const date = new Date('2026-05-12T08:30:00Z');
    expect(formatConversationDate(date, 'Europe/Madrid', new Date('2026-06-01T00:00:00Z'))).toBe('12 may, 10:30');
    expect(formatConversationDate(date, 'Europe/Madrid', new Date('2027-01-01T00:00:00Z'))).toContain('2026');
    expect(formatConversationDate(date, 'No/Existe', new Date('2026-06-01T00:00:00Z'))).toMatch(/12 may/);
  });
});
