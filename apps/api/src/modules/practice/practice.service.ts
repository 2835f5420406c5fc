import { ACTIVE_BREAKS, breakSeconds, findActiveBreak } from '@ascenso/domain/active-breaks';
import { BREATHING_PATTERNS, breathingActivityKey, breathsPerMinute, cycleSeconds, findBreathingPattern } from '@ascenso/domain/breathing';
import { DomainError } from '@ascenso/domain/errors';
import { FITNESS_CLASSES, classMinutes, classSeconds, fitnessActivityKey, fitnessBand, findFitnessClass } from '@ascenso/domain/fitness';
import type { Deps } from '../../deps';
import { completeActivity } from '../activities/activities.service';

type User = { id: string; timezone: string };
export type PracticeKind = 'breathing' | 'fitness' | 'active_break';

/** Seconds of slack between the client's clock and ours. */
const TOLERANCE_SECONDS = 5;

export function catalogue() {
  return {
    breathing: BREATHING_PATTERNS.map((p) => ({
      ...p,
      phases: [...p.phases],
      minuteOptions: [...p.minuteOptions],
      cycleSeconds: cycleSeconds(p),
      breathsPerMinute: breathsPerMinute(p),
    })),
    fitness: FITNESS_CLASSES.map((c) => ({
      ...c,
      equipment: [...c.equipment],
      exercises: [...c.exercises],
      minutes: classMinutes(c),
      seconds: classSeconds(c),
      band: fitnessBand(classMinutes(c)),
    })),
    activeBreaks: ACTIVE_BREAKS.map((b) => ({ ...b, moves: [...b.moves], seconds: breakSeconds(b) })),
  };
}

function plannedSeconds(kind: PracticeKind, ref: string, minutes?: number): number {
  if (kind === 'breathing') {
    const pattern = findBreathingPattern(ref);
    if (!pattern) throw new DomainError('NOT_FOUND', 'Ejercicio de respiración no encontrado');
    const chosen = minutes ?? pattern.defaultMinutes;
    if (!pattern.minuteOptions.includes(chosen)) throw new DomainError('VALIDATION', `Elige una duración de ${pattern.minuteOptions.join(', ')} minutos`);
    return chosen * 60;
  }
  if (kind === 'fitness') {
    const fitnessClass = findFitnessClass(ref);
    if (!fitnessClass) throw new DomainError('NOT_FOUND', 'Clase no encontrada');
    return classSeconds(fitnessClass);
  }
  const activeBreak = findActiveBreak(ref);
  if (!activeBreak) throw new DomainError('NOT_FOUND', 'Pausa activa no encontrada');
  return breakSeconds(activeBreak);
}

/**
 * Starts a practice on the server: its completion can then be checked against the time passed. A user
 * has one running practice: starting another abandons the running one (it can no longer be completed).
 */
export async function startPractice(deps: Deps, user: User, input: { kind: PracticeKind; ref: string; minutes?: number | undefined }) {
  const seconds = plannedSeconds(input.kind, input.ref, input.minutes);
  const row = {
    id: crypto.randomUUID(),
    userId: user.id,
    kind: input.kind,
    ref: input.ref,
    plannedSeconds: seconds,
    startedAt: deps.clock(),
    completedAt: null,
    completionId: null,
    abandonedAt: null,
  };
  const { abandoned } = await deps.repos.listens.startPractice(row);
  return { sessionId: row.id, startedAt: row.startedAt, plannedSeconds: seconds, replacedPrevious: abandoned > 0 };
}

const ALREADY_RECORDED = 'Esta sesión ya está registrada';
/** A break ended early because its moves were skipped (the web app's "Saltar"). */
export const BREAK_SKIPPED = 'Has saltado los movimientos: la pausa cuenta cuando los haces.';
const REPLACED = 'Empezaste otra práctica después de esta: solo cuenta la última que empezaste.';

/**
 * Ends a practice and earns its activity under the daily limits. It cannot claim more time than has
 * passed since it started (refused, nothing awarded); fitness classes and breaks must be done nearly
 * whole; breathing earns short under 5 minutes and long from 5. The practice is evidence for one
 * completion: the check that it is still running and the award happen in one immediate transaction,
 * so concurrent calls, from any number of processes, award it once.
 *
 * `skippedSeconds` (what the player skipped) only words a refusal: a break that falls short because
 * its moves were skipped (it would have counted with them) says so. It never earns anything: only the
 * practised time is judged.
 */
export async function completePractice(deps: Deps, user: User, input: { sessionId: string; practicedSeconds: number; skippedSeconds?: number | undefined }) {
  const session = await deps.repos.listens.findPractice(input.sessionId);
  if (!session || session.userId !== user.id) throw new DomainError('NOT_FOUND', 'Sesión no encontrada');
  if (session.completedAt) throw new DomainError('CONFLICT', ALREADY_RECORDED, { stepsEarned: 0 });
  if (session.abandonedAt) throw new DomainError('CONFLICT', REPLACED, { stepsEarned: 0 });
  const now = deps.clock();
  const elapsed = (now.getTime() - session.startedAt.getTime()) / 1000;
  if (input.practicedSeconds > elapsed + TOLERANCE_SECONDS) {
    throw new DomainError('VALIDATION', 'No puedes registrar más tiempo del que ha pasado desde que empezaste.');
  }
  let activityKey: ReturnType<typeof breathingActivityKey> | ReturnType<typeof fitnessActivityKey> | 'active_break';
  if (session.kind === 'breathing') {
    if (input.practicedSeconds < 30) throw new DomainError('VALIDATION', 'Practica al menos 30 segundos para registrarlo.');
    activityKey = breathingActivityKey(Math.min(input.practicedSeconds, session.plannedSeconds));
  } else {
    const share = session.kind === 'fitness' ? 0.9 : 0.8;
    const needed = session.plannedSeconds * share;
    if (input.practicedSeconds < needed) {
      if (session.kind === 'active_break' && (input.skippedSeconds ?? 0) > 0 && input.practicedSeconds + (input.skippedSeconds ?? 0) >= needed) {
        throw new DomainError('VALIDATION', BREAK_SKIPPED);
      }
      throw new DomainError('VALIDATION', session.kind === 'fitness' ? 'Termina la clase para sumar sus pasos.' : 'Termina la pausa para sumar sus pasos.');
    }
    activityKey = session.kind === 'fitness' ? fitnessActivityKey(Math.round(session.plannedSeconds / 60)) : 'active_break';
  }
  return completeActivity(
    deps,
    user,
    {
      activity_key: activityKey,
      duration_minutes: Math.round((input.practicedSeconds / 60) * 10) / 10,
      metadata: { sessionId: session.id, ref: session.ref },
    },
    {
      source: 'practice',
      ref: session.id,
      whenUsed: 'conflict',
      // Inside the transaction: what another request or process committed meanwhile is seen here.
      check: async (tx) => {
        const fresh = await tx.listens.findPractice(session.id);
        if (!fresh || fresh.completedAt) throw new DomainError('CONFLICT', ALREADY_RECORDED, { stepsEarned: 0 });
        if (fresh.abandonedAt) throw new DomainError('CONFLICT', REPLACED, { stepsEarned: 0 });
      },
      onRecorded: async (tx, completionId) => {
        if (!(await tx.listens.completePractice(session.id, now, completionId))) {
          throw new DomainError('CONFLICT', ALREADY_RECORDED, { stepsEarned: 0 });
        }
      },
    },
  );
}
