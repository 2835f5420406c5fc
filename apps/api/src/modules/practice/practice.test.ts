import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../testing/test-app';
import { BREAK_SKIPPED } from './practice.service';

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

describe('a break whose moves were skipped', () => {
  /** An active break (cuello: 80 s, 64 s needed) started, with `elapsed` seconds passed on the server. */
  async function breakAfter(elapsed: number) {
    const { t, caller, user } = await setup();
    const session = await caller.practice.start({ kind: 'active_break', ref: 'cuello' });
    expect(session.plannedSeconds).toBe(80);
    t.clock.advance(elapsed * 1000);
    return { t, caller, user, sessionId: session.sessionId };
  }

  it('says the moves were skipped when skipping is why it fell short, and earns nothing', async () => {
    const { t, caller, user, sessionId } = await breakAfter(6);
    await expect(caller.practice.complete({ sessionId, practicedSeconds: 6, skippedSeconds: 74 })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: BREAK_SKIPPED,
    });
    expect(BREAK_SKIPPED).toBe('Has saltado los movimientos: la pausa cuenta cuando los haces.');
    expect(await t.deps.repos.steps.total(user.id)).toBe(0);
    expect(await t.deps.repos.steps.dayByActivity(user.id, '2026-11-22')).toEqual([]);
  });

  it('a break ended early ("Terminar") without skipping, or short even with what was skipped, still asks to finish it', async () => {
    const early = await breakAfter(30);
    await expect(early.caller.practice.complete({ sessionId: early.sessionId, practicedSeconds: 30 })).rejects.toMatchObject({
      message: 'Termina la pausa para sumar sus pasos.',
    });
    const skippedLittle = await breakAfter(20);
    await expect(
      skippedLittle.caller.practice.complete({ sessionId: skippedLittle.sessionId, practicedSeconds: 20, skippedSeconds: 15 }),
    ).rejects.toMatchObject({
      message: 'Termina la pausa para sumar sus pasos.',
    });
  });

  it('skipping never earns: enough practised time counts whatever was skipped; a skipped class keeps its own wording', async () => {
    const enough = await breakAfter(66);
    expect(await enough.caller.practice.complete({ sessionId: enough.sessionId, practicedSeconds: 65, skippedSeconds: 15 })).toMatchObject({
      activityKey: 'active_break',
      stepsEarned: 70,
    });

    const { t, caller } = await setup();
    const fitnessClass = (await caller.practice.catalogue()).fitness[0]!;
    const session = await caller.practice.start({ kind: 'fitness', ref: fitnessClass.id });
    t.clock.advance(10_000);
    await expect(
      caller.practice.complete({ sessionId: session.sessionId, practicedSeconds: 10, skippedSeconds: session.plannedSeconds }),
    ).rejects.toMatchObject({
      message: 'Termina la clase para sumar sus pasos.',
    });
  });
});
