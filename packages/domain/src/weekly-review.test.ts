import { describe, expect, it } from 'vitest';
import { ACTIVITY_KEYS } from './activities';
import {
  AREA_OF_ACTIVITY,
  REVIEW_AREAS,
  WEEK_MESSAGES,
  checkReviewWeek,
  chooseHighlights,
  countMoods,
  daysOfIsoWeek,
  isoWeekOf,
  parseIsoWeek,
  shiftIsoWeek,
  weeksInYear,
  type HighlightInput,
} from './weekly-review';

describe('ISO weeks', () => {
  it.each([
    ['2026-11-23', '2026-W48'], // a Monday
    ['2026-11-29', '2026-W48'], // its Sunday
    ['2026-11-30', '2026-W49'],
    ['2027-01-01', '2026-W53'], // 2026 starts on a Thursday: it has 53 weeks
    ['2027-01-04', '2027-W01'],
    ['2024-12-30', '2025-W01'], // a Monday in December that belongs to next year's week 1
    ['2021-01-03', '2020-W53'],
    ['2020-01-01', '2020-W01'],
  ])('%s is in %s', (day, week) => {
    expect(isoWeekOf(day)).toBe(week);
    expect(daysOfIsoWeek(week)).toContain(day);
  });

  it('gives the seven days Monday to Sunday', () => {
    expect(daysOfIsoWeek('2026-W48')).toEqual(['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29']);
    expect(daysOfIsoWeek('2025-W01')[0]).toBe('2024-12-30');
  });

  it('counts 52 or 53 weeks a year', () => {
    expect([2020, 2021, 2024, 2025, 2026, 2032].map(weeksInYear)).toEqual([53, 52, 52, 52, 53, 53]);
  });

  it('shifts across year ends', () => {
    expect(shiftIsoWeek('2026-W01', -1)).toBe('2025-W52');
    expect(shiftIsoWeek('2026-W53', 1)).toBe('2027-W01');
    expect(shiftIsoWeek('2026-W48', -4)).toBe('2026-W44');
  });

  it.each(['2026-48', '2026-w48', '2026-W4', '26-W48', ' 2026-W48', '2026-W48x', '', '2026-W00'])('refuses %j', (value) => {
    const parsed = parseIsoWeek(value);
    expect(parsed.ok).toBe(false);
  });

  it('refuses week 54 and week 53 of a 52-week year with a Spanish reason', () => {
    expect(parseIsoWeek('2026-W54')).toMatchObject({
      ok: false,
      reason: 'noSuchWeek',
      message: 'El año 2026 no tiene semana 54: las semanas van de la 1 a la 53.',
    });
    expect(parseIsoWeek('2025-W53')).toMatchObject({ ok: false, reason: 'noSuchWeek' });
    expect(parseIsoWeek('2026-W53')).toMatchObject({ ok: true, year: 2026, week: 53 });
  });

  it('checks a requested week against the current one', () => {
    expect(checkReviewWeek(undefined, '2026-W48')).toEqual({ ok: true, week: '2026-W48' });
    expect(checkReviewWeek('2026-W47', '2026-W48')).toEqual({ ok: true, week: '2026-W47' });
    expect(checkReviewWeek('2026-W49', '2026-W48')).toEqual({ ok: false, message: WEEK_MESSAGES.future });
    expect(checkReviewWeek('2019-W52', '2026-W48')).toEqual({ ok: false, message: WEEK_MESSAGES.tooOld });
    expect(checkReviewWeek('semana', '2026-W48')).toEqual({ ok: false, message: WEEK_MESSAGES.format });
  });
});

describe('areas and moods', () => {
  it('puts every catalogue activity in one of the four areas', () => {
    for (const key of ACTIVITY_KEYS) expect(REVIEW_AREAS).toContain(AREA_OF_ACTIVITY[key]);
    expect(new Set(Object.values(AREA_OF_ACTIVITY))).toEqual(new Set(REVIEW_AREAS));
  });

  it('counts mood words, most frequent first', () => {
    expect(countMoods([{ mood: 'Cansancio' }, { mood: 'gratitud' }, { mood: ' cansancio ' }, { mood: null }, { mood: 'alegría' }])).toEqual([
      { mood: 'cansancio', count: 2 },
      { mood: 'alegría', count: 1 },
      { mood: 'gratitud', count: 1 },
    ]);
  });
});

describe('chooseHighlights', () => {
  const base: HighlightInput = { activities: [], doneBefore: new Set(), journal: [], kept: [], activeDays: 0 };

  it('has nothing to say about an empty week', () => {
    expect(chooseHighlights(base)).toEqual([]);
  });

  it('takes a kept commitment, the activity done most and a new one, in that order', () => {
    const highlights = chooseHighlights({
      ...base,
      activities: [
        { key: 'breathing_short', name: 'Respiración corta', completions: 2 },
        { key: 'active_break', name: 'Pausa activa', completions: 4 },
        { key: 'fitness_class_long', name: 'Clase larga (>=30 min)', completions: 1 },
      ],
      doneBefore: new Set(['active_break', 'breathing_short']),
      journal: [{ title: 'Cena en casa', mood: 'gratitud' }],
      kept: [{ text: 'Hablar con Marta el lunes' }],
      activeDays: 4,
    });
    expect(highlights).toEqual([
      { kind: 'commitment-kept', text: 'Cumpliste tu compromiso «Hablar con Marta el lunes».' },
      { kind: 'most-done', text: 'Lo que más hiciste: Pausa activa (4 veces).' },
      { kind: 'new-activity', text: 'Probaste algo nuevo: Clase larga (>=30 min).' },
    ]);
  });

  it('falls back to the journal and the days with some activity', () => {
    const highlights = chooseHighlights({
      ...base,
      activities: [{ key: 'journaling', name: 'Journaling guiado', completions: 1 }],
      doneBefore: new Set(['journaling']),
      journal: [
        { title: 'Reuniones', mood: 'cansancio' },
        { title: 'Semana cerrada', mood: 'Alegría' },
      ],
      activeDays: 1,
    });
    expect(highlights.map((h) => h.kind)).toEqual(['most-done', 'positive-mood', 'journal']);
    expect(highlights[0]?.text).toBe('Lo que más hiciste: Journaling guiado (una vez).');
    expect(highlights[1]?.text).toBe('Escribiste «Semana cerrada» con alegría.');
  });

  it('is deterministic: ties go to the activity key', () => {
    const input = {
      ...base,
      activities: [
        { key: 'breathing_short', name: 'B', completions: 2 },
        { key: 'active_break', name: 'A', completions: 2 },
      ],
      activeDays: 2,
    };
    expect(chooseHighlights(input)).toEqual(chooseHighlights({ ...input, activities: [...input.activities].reverse() }));
    expect(chooseHighlights(input)[0]?.text).toContain('A (2 veces)');
  });

  it('never speaks of streaks', () => {
    const text = chooseHighlights({ ...base, activeDays: 7, journal: [{ title: 't', mood: null }] })
      .map((h) => h.text)
      .join(' ');
    expect(text).not.toMatch(/racha|seguid|consecutiv/i);
  });
});
