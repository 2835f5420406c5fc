import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../testing/test-app';

async function setup() {
  const t = createTestApp();
  const { user, caller } = await t.signedInCaller();
  return { t, user, caller };
}

describe('practice catalogue', () => {
  it('serves breathing patterns, fitness classes in every band and active breaks', async () => {
    const { caller } = await setup();
    const catalogue = await caller.practice.catalogue();
    expect(catalogue.breathing.map((b) => b.id)).toEqual(expect.arrayContaining(['cuadrada', '4-7-8', 'coherente', 'suspiro-ciclico']));
    expect(new Set(catalogue.fitness.map((c) => c.band))).toEqual(new Set(['corta', 'media', 'larga']));
    expect(catalogue.activeBreaks.every((b) => b.seconds >= 60 && b.seconds <= 180)).toBe(true);
  });
});

describe('honest completions', () => {
  it('1 minute of breathing earns breathing_short; 5 minutes earn breathing_long', async () => {
    const { t, caller } = await setup();
    const short = await caller.practice.start({ kind: 'breathing', ref: 'cuadrada', minutes: 1 });
    t.clock.advance(61_000);
    expect(await caller.practice.complete({ sessionId: short.sessionId, practicedSeconds: 60 })).toMatchObject({
      activityKey: 'breathing_short',
      stepsEarned: 85,
    });
    const long = await caller.practice.start({ kind: 'breathing', ref: 'suspiro-ciclico', minutes: 5 });
    t.clock.advance(300_000);
    expect(await caller.practice.complete({ sessionId: long.sessionId, practicedSeconds: 300 })).toMatchObject({
      activityKey: 'breathing_long',
      stepsEarned: 200,
    });
  });

  it('refuses a completion claiming more time than has passed, and awards nothing', async () => {
    const { t, caller, user } = await setup();
    const session = await caller.practice.start({ kind: 'breathing', ref: 'coherente', minutes: 5 });
    t.clock.advance(20_000);
    await expect(caller.practice.complete({ sessionId: session.sessionId, practicedSeconds: 300 })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'No puedes registrar más tiempo del que ha pasado desde que empezaste.',
    });
    expect(await t.deps.repos.steps.total(user.id)).toBe(0);
  });

  it('awards a fitness class by its own duration band, only when finished', async () => {
    const { t, caller } = await setup();
    const catalogue = await caller.practice.catalogue();
    for (const [band, key] of [
      ['corta', 'fitness_class_short'],
      ['media', 'fitness_class_medium'],
      ['larga', 'fitness_class_long'],
    ] as const) {
      const fitnessClass = catalogue.fitness.find((c) => c.band === band);
      const session = await caller.practice.start({ kind: 'fitness', ref: fitnessClass?.id ?? '' });
      t.clock.advance(60_000);
      await expect(caller.practice.complete({ sessionId: session.sessionId, practicedSeconds: 60 })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
      t.clock.advance(session.plannedSeconds * 1000);
      expect(await caller.practice.complete({ sessionId: session.sessionId, practicedSeconds: session.plannedSeconds })).toMatchObject({ activityKey: key });
    }
  });

  it('awards an active break once per session and refuses a second completion', async () => {
    const { t, caller } = await setup();
    const session = await caller.practice.start({ kind: 'active_break', ref: 'cuello' });
    t.clock.advance(session.plannedSeconds * 1000);
    expect(await caller.practice.complete({ sessionId: session.sessionId, practicedSeconds: session.plannedSeconds })).toMatchObject({
      activityKey: 'active_break',
      stepsEarned: 70,
    });
    await expect(caller.practice.complete({ sessionId: session.sessionId, practicedSeconds: session.plannedSeconds })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
  });

  it('rejects unknown items, bad durations and other users’ sessions', async () => {
    const { t, caller } = await setup();
    await expect(caller.practice.start({ kind: 'breathing', ref: 'nada' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(caller.practice.start({ kind: 'breathing', ref: '4-7-8', minutes: 7 })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    await expect(caller.practice.start({ kind: 'fitness', ref: 'nada' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const session = await caller.practice.start({ kind: 'active_break', ref: 'ojos' });
    const other = (await t.signedInCaller()).caller;
    await expect(other.practice.complete({ sessionId: session.sessionId, practicedSeconds: 10 })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
