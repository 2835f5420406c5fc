import { countWords } from '@ascenso/domain/journal';
import { describe, expect, it } from 'vitest';
import { excerpt, formatEntryDate, formatShortDate, moodLabel, paragraphs, suggestedTitle, wordProgress } from './journal-format';

describe('journal formatting', () => {
  it('counts towards the 50 words that earn steps', () => {
    expect(wordProgress(0).label).toBe('0/50 palabras para sumar pasos');
    expect(wordProgress(12)).toMatchObject({ reached: false, label: '12/50 palabras para sumar pasos', share: 0.24 });
    expect(wordProgress(50)).toMatchObject({ reached: true, label: '50 palabras · esta entrada suma pasos', share: 1 });
    expect(wordProgress(countWords('Hoy — me siento bien, ¡por fin!'))).toMatchObject({ count: 6 });
  });

  it('formats dates in Spanish in the user time zone', () => {
    const date = new Date('2026-01-05T17:30:00Z');
    expect(formatEntryDate(date, 'Europe/Madrid')).toBe('lunes, 5 de enero de 2026, 18:30');
    expect(formatShortDate(date, 'Europe/Madrid', new Date('2026-03-01T00:00:00Z'))).toBe('5 ene');
    expect(formatShortDate(date, 'Europe/Madrid', new Date('2027-03-01T00:00:00Z'))).toBe('5 ene 2026');
  });

  it('labels moods and cuts excerpts at a word', () => {
    expect(moodLabel(' gratitud ')).toBe('Gratitud');
    expect(excerpt('uno  dos\n\ntres')).toBe('uno dos tres');
    expect(excerpt('palabra '.repeat(40), 20)).toBe('palabra palabra…');
    expect(paragraphs('Uno.\n\nDos.\n  \nTres.')).toEqual(['Uno.', 'Dos.', 'Tres.']);
  });

  it('titles an untitled entry with its first line, cut at a word', () => {
    expect(suggestedTitle('Un buen día.\nCon más texto')).toBe('Un buen día.');
    expect(suggestedTitle('Hoy me he dado cuenta de que cuando paro cinco minutos antes de una reunión llego con más claridad.')).toBe(
      'Hoy me he dado cuenta de que cuando paro cinco minutos antes de una…',
    );
  });
});
