import { describe, expect, it } from 'vitest';
import { appendDraft, offerMessageDraft, takeMessageDraft } from './voice-entry';

describe('the voice draft hand-over', () => {
  it('adds the transcript after what was written, with one space, and leaves the text alone for an empty one', () => {
    expect(appendDraft('', '  Quiero dormir mejor. ')).toBe('Quiero dormir mejor.');
    expect(appendDraft('Hola.  \n', 'Quiero dormir mejor.')).toBe('Hola. Quiero dormir mejor.');
    expect(appendDraft('Hola.', '   ')).toBe('Hola.');
  });

  it('keeps one draft until a message box takes it, and gives it once', () => {
    expect(takeMessageDraft()).toBeNull();
    offerMessageDraft('primero');
    offerMessageDraft('segundo');
    expect(takeMessageDraft()).toEqual({ text: 'segundo' });
    expect(takeMessageDraft()).toBeNull();
    offerMessageDraft(null);
    expect(takeMessageDraft()).toEqual({ text: null });
  });
});
