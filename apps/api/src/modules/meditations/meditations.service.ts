import { localDay } from '@ascenso/domain/calendar';
import { DomainError } from '@ascenso/domain/errors';
import { LISTEN_THRESHOLD, MEDITATIONS, findMeditation, meditationForDay, transcriptOf, type Meditation } from '@ascenso/domain/meditations';
import type { AudioListenRow } from '@ascenso/db/schema/listens';
import type { Deps } from '../../deps';
import { completeActivity } from '../activities/activities.service';
import { servedWritesSettled } from './served-writes';

type User = { id: string; timezone: string };

/** Seconds of slack for the honesty check (buffering, clocks). */
const TOLERANCE_SECONDS = 5;

export function summary(meditation: Meditation) {
  return {
    id: meditation.id,
    title: meditation.title,
    description: meditation.description,
    duration: meditation.durationSeconds,
  };
}

function findOrThrow(id: string): Meditation {
  const meditation = findMeditation(id);
  if (!meditation) throw new DomainError('NOT_FOUND', 'Audio no encontrado');
  return meditation;
}

export function todaysMeditation(deps: Deps, user: User) {
  return summary(meditationForDay(localDay(deps.clock(), user.timezone)));
}

export async function listMeditations(deps: Deps, user: User) {
  const day = localDay(deps.clock(), user.timezone);
  const today = meditationForDay(day).id;
  const done = new Set((await deps.repos.listens.completedToday(user.id, day)).map((l) => l.meditationId));
  return MEDITATIONS.map((m) => ({
    ...summary(m),
    theme: m.theme,
    isToday: m.id === today,
    completedToday: done.has(m.id),
  }));
}

export async function getMeditation(deps: Deps, user: User, id: string) {
  const meditation = findOrThrow(id);
  const day = localDay(deps.clock(), user.timezone);
  const listen = await deps.repos.listens.findListen(user.id, meditation.id, day);
  return {
    ...summary(meditation),
    theme: meditation.theme,
    isToday: meditationForDay(day).id === meditation.id,
    transcript: transcriptOf(meditation),
    completedToday: Boolean(listen?.completedAt),
  };
}

/**
 * A fetch from the start of the audio file starts the listen (or continues the running one of the same
 * audio). One listen runs per user: starting another audio abandons the running listen.
 */
export function recordListenStart(deps: Deps, user: User, id: string, fileBytes: number): Promise<AudioListenRow> {
  const meditation = findOrThrow(id);
  const now = deps.clock();
  const day = localDay(now, user.timezone);
  return deps.repos.listens.beginListen({
    id: crypto.randomUUID(),
    userId: user.id,
    meditationId: meditation.id,
    day,
    isToday: meditationForDay(day).id === meditation.id,
    at: now,
    fileBytes,
  });
}

function audioActivityKey(isToday: boolean) {
  return isToday ? ('audio_ascenso_daily' as const) : ('audio_ascenso_archive' as const);
}

/**
 * PATCH /api/meditations/{id}/completed: the listen ends. It is evidenced by the file actually served
 * over time: at least 90 % of the file's bytes read from its start without a gap AND at least 90 % of
 * the audio's length passed since the first fetch. A listen abandoned for another audio cannot end.
 * The finished listen is recorded as evidence for one award.
 */
export async function markCompleted(deps: Deps, user: User, id: string) {
  // The bytes the player just read may still be on their way to the database (served-writes.ts).
  await servedWritesSettled(user.id);
  const meditation = findOrThrow(id);
  const now = deps.clock();
  const listen = await deps.repos.listens.findListen(user.id, meditation.id, localDay(now, user.timezone));
  if (!listen) throw new DomainError('VALIDATION', 'Reproduce el audio antes de marcarlo como escuchado');
  if (listen.completedAt) return { success: true as const, meditationId: meditation.id, completedAt: listen.completedAt };
  if (listen.abandonedAt) {
    throw new DomainError('CONFLICT', 'Empezaste otro audio después de este: solo cuenta el último que empezaste. Vuelve a reproducirlo para registrarlo.');
  }
  const elapsed = (now.getTime() - listen.startedAt.getTime()) / 1000;
  const needed = meditation.durationSeconds * LISTEN_THRESHOLD - TOLERANCE_SECONDS;
  if (elapsed < needed) {
    const minutes = Math.max(1, Math.ceil((needed - elapsed) / 60));
    throw new DomainError('VALIDATION', `Todavía no ha pasado el tiempo del audio: faltan unos ${minutes} min.`);
  }
  if (listen.fileBytes <= 0 || listen.servedBytes < listen.fileBytes * LISTEN_THRESHOLD) {
    throw new DomainError('VALIDATION', 'El audio no se ha reproducido entero: escúchalo hasta el final para registrarlo.');
  }
  const completedAt = await deps.store.transaction(async (tx) => {
    // Re-checked in the transaction: another audio started meanwhile abandons this listen; a concurrent
    // call that completed it first makes this one a replay.
    if (!(await tx.listens.completeListen(listen.id, now))) {
      const fresh = await tx.listens.findListen(user.id, meditation.id, listen.day);
      if (fresh?.completedAt) return fresh.completedAt;
      throw new DomainError('CONFLICT', 'Empezaste otro audio después de este: solo cuenta el último que empezaste. Vuelve a reproducirlo para registrarlo.');
    }
    await tx.steps.recordEvidence({
      id: crypto.randomUUID(),
      userId: user.id,
      activityKey: audioActivityKey(listen.isToday),
      source: 'listen',
      ref: listen.id,
      createdAt: now,
    });
    return now;
  });
  return { success: true as const, meditationId: meditation.id, completedAt };
}

/**
 * POST /api/activity-log/audio-complete: awards the day's finished listen (today's audio →
 * audio_ascenso_daily, an archive audio → audio_ascenso_archive) under the daily limits. A listen under
 * 90 % earns nothing; without a finished listen there is nothing to record; each listen is awarded once.
 */
export async function audioComplete(deps: Deps, user: User, input: { is_today: boolean; completion_percentage: number }) {
  const activityKey = audioActivityKey(input.is_today);
  if (input.completion_percentage < LISTEN_THRESHOLD * 100) {
    return {
      success: true as const,
      activityKey,
      stepsEarned: 0,
      limitReached: false,
      reason: 'Escucha al menos el 90 % del audio para sumar pasos.',
    };
  }
  const now = deps.clock();
  const listen = await deps.repos.listens.awardableListen(user.id, localDay(now, user.timezone), input.is_today);
  if (!listen) {
    throw new DomainError(
      'VALIDATION',
      input.is_today ? 'No hay una escucha completa del audio de hoy que registrar' : 'No hay una escucha completa de un audio del archivo que registrar',
    );
  }
  const result = await completeActivity(
    deps,
    user,
    { activity_key: activityKey, metadata: { meditationId: listen.meditationId } },
    {
      source: 'listen',
      ref: listen.id,
      whenUsed: 'conflict',
      onRecorded: async (tx) => {
        if (!(await tx.listens.markAwarded(listen.id, now))) throw new DomainError('CONFLICT', 'Esta escucha ya está registrada', { stepsEarned: 0 });
      },
    },
  );
  return {
    success: true as const,
    activityKey,
    stepsEarned: result.stepsEarned,
    limitReached: result.limitReached,
    reason: result.limitReached ? 'Ya has alcanzado el límite diario de esta actividad.' : null,
  };
}
