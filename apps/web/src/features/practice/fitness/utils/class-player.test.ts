import { FITNESS_CLASSES, classSeconds, fitnessBand, classMinutes, type Exercise } from '@ascenso/domain/fitness';
import { describe, expect, it } from 'vitest';
import { elapsedMs, pauseStopwatch, resumeStopwatch, startStopwatch } from '#lib/practice/stopwatch';
import { NO_FILTERS, classPlayerAt, equipmentLabel, equipmentOptions, filterClasses, skipTo } from './class-player';

const work = (name: string, seconds: number): Exercise => ({ name, seconds, instruction: `${name}.`, kind: 'work' });
const rest = (seconds: number): Exercise => ({ name: 'Descanso', seconds, instruction: 'Respira.', kind: 'rest' });
const CLASS = [work('Sentadilla', 40), rest(10), work('Plancha', 30), rest(10), work('Zancada', 40)];

describe('fitness player sequencing', () => {
  it('shows the current exercise, its countdown, what is next and the progress', () => {
    expect(classPlayerAt(CLASS, 0)).toMatchObject({
      index: 0,
      current: { name: 'Sentadilla' },
      remaining: 40,
      next: { name: 'Descanso' },
      nextExercise: { name: 'Plancha' },
      exerciseNumber: 1,
      exerciseCount: 3,
      progress: 0,
      done: false,
    });
    expect(classPlayerAt(CLASS, 45)).toMatchObject({ current: { name: 'Descanso' }, remaining: 5, exerciseNumber: 1 });
    expect(classPlayerAt(CLASS, 50)).toMatchObject({ current: { name: 'Plancha' }, remaining: 30, exerciseNumber: 2 });
    expect(classPlayerAt(CLASS, 65).progress).toBeCloseTo(65 / 130);
    expect(classPlayerAt(CLASS, 95)).toMatchObject({
      current: { name: 'Zancada' },
      next: null,
      nextExercise: null,
      exerciseNumber: 3,
    });
  });

  it('ends after the last exercise', () => {
    expect(classPlayerAt(CLASS, 130)).toMatchObject({ done: true, current: null, progress: 1, totalRemaining: 0 });
  });

  it('skips to the start of the next item, and skipping the last ends the class', () => {
    expect(skipTo(CLASS, 12)).toBe(40);
    expect(classPlayerAt(CLASS, skipTo(CLASS, 12)).current?.name).toBe('Descanso');
    expect(skipTo(CLASS, 100)).toBe(130);
    expect(skipTo(CLASS, 130)).toBe(130);
  });

  it('stands still while paused (the cursor is practised time plus skips)', () => {
    let watch = startStopwatch(0);
    watch = pauseStopwatch(watch, 20_000);
    const paused = classPlayerAt(CLASS, elapsedMs(watch, 500_000) / 1000);
    expect(paused).toMatchObject({ current: { name: 'Sentadilla' }, remaining: 20 });
    watch = resumeStopwatch(watch, 500_000);
    expect(classPlayerAt(CLASS, elapsedMs(watch, 525_000) / 1000)).toMatchObject({
      current: { name: 'Descanso' },
      remaining: 5,
    });
  });

  it('plays every real class from start to end', () => {
    for (const fitnessClass of FITNESS_CLASSES) {
      const total = classSeconds(fitnessClass);
      let cursor = 0;
      let steps = 0;
      while (!classPlayerAt(fitnessClass.exercises, cursor).done) {
        cursor = skipTo(fitnessClass.exercises, cursor);
        steps += 1;
      }
      expect(steps).toBe(fitnessClass.exercises.length);
      expect(cursor).toBe(total);
    }
  });
});

describe('class filters', () => {
  const classes = FITNESS_CLASSES.map((c) => ({ ...c, band: fitnessBand(classMinutes(c)) }));

  it('has classes in every band', () => {
    expect(new Set(classes.map((c) => c.band))).toEqual(new Set(['corta', 'media', 'larga']));
  });

  it('filters by band, level and equipment', () => {
    expect(filterClasses(classes, NO_FILTERS)).toHaveLength(classes.length);
    expect(filterClasses(classes, { ...NO_FILTERS, band: 'larga' }).every((c) => classMinutes(c) >= 30)).toBe(true);
    expect(filterClasses(classes, { ...NO_FILTERS, level: 'principiante' }).every((c) => c.level === 'principiante')).toBe(true);
    expect(filterClasses(classes, { ...NO_FILTERS, equipment: 'ninguno' }).every((c) => c.equipment.length === 0)).toBe(true);
    expect(filterClasses(classes, { ...NO_FILTERS, equipment: 'silla' }).every((c) => c.equipment.every((e) => e === 'silla'))).toBe(true);
  });

  it('names the equipment', () => {
    expect(equipmentLabel([])).toBe('Sin material');
    expect(equipmentLabel(['esterilla'])).toBe('Esterilla');
    expect(equipmentLabel(['silla', 'esterilla'])).toBe('Silla y esterilla');
    expect(equipmentOptions(classes)).toEqual(['esterilla', 'silla']);
  });
});
