import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MEDITATIONS, meditationForDay } from '@ascenso/domain/meditations';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../testing/test-app';
import { countServedBytes, parseRange } from './meditations.rest';

type Json = Record<string, unknown>;

/** Duration of an Ogg Opus file from its last page's granule position (48 kHz) minus pre-skip. */
function opusSeconds(bytes: Buffer): number {
  const last = bytes.lastIndexOf(Buffer.from('OggS'));
  const granule = Number(bytes.readBigUInt64LE(last + 6));
  const head = bytes.indexOf(Buffer.from('OpusHead'));
  const preSkip = bytes.readUInt16LE(head + 10);
  return (granule - preSkip) / 48_000;
}

describe('the Audio Ascenso catalogue', () => {
  it('has at least 7 Spanish audios of 3–12 minutes, each a real Opus file of its declared length', async () => {
    const t = createTestApp();
    expect(MEDITATIONS.length).toBeGreaterThanOrEqual(7);
    for (const m of MEDITATIONS) {
      expect(m.durationSeconds).toBeGreaterThanOrEqual(180);
      expect(m.durationSeconds).toBeLessThanOrEqual(720);
      expect(m.segments.length).toBeGreaterThan(5);
      const bytes = readFileSync(join(t.deps.paths.audioDir, `${m.id}.opus`));
      expect(bytes.subarray(0, 4).toString()).toBe('OggS');
      expect(Math.abs(opusSeconds(bytes) - m.durationSeconds)).toBeLessThan(1);
    }
  });

  it('rotates today’s audio by the local day', () => {
    const days = Array.from({ length: MEDITATIONS.length }, (_, i) => `2026-11-${String(10 + i).padStart(2, '0')}`);
    expect(new Set(days.map((d) => meditationForDay(d).id)).size).toBe(MEDITATIONS.length);
    expect(meditationForDay('2026-11-22').id).toBe(meditationForDay('2026-11-22').id);
  });
});

describe('GET /api/meditations/today and the archive', () => {
  it('answers the contract shape for today and lists the archive with a transcript per audio', async () => {
    const t = createTestApp();
    const { cookie } = await t.registerUser();
    const today = (await (await t.request('/api/meditations/today', { cookie })).json()) as Json;
    expect(today).toEqual({
      id: expect.any(String),
      title: expect.any(String),
      description: expect.any(String),
      duration: expect.any(Number),
    });
    const archive = (await (await t.request('/api/meditations', { cookie })).json()) as Json[];
    expect(archive).toHaveLength(MEDITATIONS.length);
    expect(archive.filter((m) => m.isToday)).toEqual([expect.objectContaining({ id: today.id })]);
    const detail = (await (await t.request(`/api/meditations/${today.id}`, { cookie })).json()) as {
      transcript: string[];
    };
    expect(detail.transcript.length).toBeGreaterThan(5);
    expect((await t.request('/api/meditations/no-existe', { cookie })).status).toBe(404);
    expect((await t.request('/api/meditations/today')).status).toBe(401);
  });
});

describe('GET /api/meditations/{id}/audio', () => {
  it('serves the whole file, and byte ranges with 206 and Content-Range', async () => {
    const t = createTestApp();
    const { cookie } = await t.registerUser();
    const id = MEDITATIONS[0]?.id ?? '';
    const size = readFileSync(join(t.deps.paths.audioDir, `${id}.opus`)).length;
    const whole = await t.request(`/api/meditations/${id}/audio`, { cookie });
    expect(whole.status).toBe(200);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.headers.get('content-type')).toBe('audio/ogg; codecs=opus');
    expect((await whole.arrayBuffer()).byteLength).toBe(size);

    const part = await t.request(`/api/meditations/${id}/audio`, { cookie, headers: { range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${size}`);
    expect((await part.arrayBuffer()).byteLength).toBe(100);

    const tail = await t.request(`/api/meditations/${id}/audio`, { cookie, headers: { range: 'bytes=-50' } });
    expect(tail.headers.get('content-range')).toBe(`bytes ${size - 50}-${size - 1}/${size}`);

    const bad = await t.request(`/api/meditations/${id}/audio`, { cookie, headers: { range: `bytes=${size + 10}-` } });
    expect(bad.status).toBe(416);
    expect(bad.headers.get('content-range')).toBe(`bytes */${size}`);
  });

  it('is for signed-in users only, and 404 for an unknown audio', async () => {
    const t = createTestApp();
    const { cookie } = await t.registerUser();
    expect((await t.request(`/api/meditations/${MEDITATIONS[0]?.id}/audio`)).status).toBe(401);
    expect((await t.request('/api/meditations/nada/audio', { cookie })).status).toBe(404);
  });

  it.each([
    ['bytes=0-9', 100, [0, 9]],
    ['bytes=90-', 100, [90, 99]],
    ['bytes=-10', 100, [90, 99]],
    ['bytes=0-1000', 100, [0, 99]],
    ['bytes=100-', 100, 'invalid'],
    ['bytes=5-2', 100, 'invalid'],
    ['bytes=-0', 100, 'invalid'],
    ['items=0-1', 100, 'invalid'],
  ])('parseRange(%s, %i) → %j', (header, size, expected) => {
    expect(parseRange(header, size)).toEqual(expected);
  });
});

describe('completing a listen honestly', () => {
  type App = ReturnType<typeof createTestApp>;
  /** The player's "completed" mark for an audio (PATCH /api/meditations/:id/completed). */
  const markCompleted = (t: App, cookie: string, id: string | undefined, completed: unknown = true) =>
    t.request(`/api/meditations/${id}/completed`, { method: 'PATCH', cookie, body: { completed } });
  /** The steps claim after a listen (POST /api/activity-log/audio-complete). */
  const claimAudioSteps = (t: App, cookie: string, body: Record<string, unknown>) => t.request('/api/activity-log/audio-complete', { cookie, body });

  async function listenToToday(t: App, cookie: string) {
    const today = (await (await t.request('/api/meditations/today', { cookie })).json()) as {
      id: string;
      duration: number;
    };
    // The player reads the whole file (the listen is evidenced by the bytes served over time).
    await (await t.request(`/api/meditations/${today.id}/audio`, { cookie })).arrayBuffer();
    return today;
  }

  it('refuses to mark an audio completed sooner than its length after it started, and awards nothing', async () => {
    const t = createTestApp();
    const { cookie, user } = await t.registerUser();
    const today = await listenToToday(t, cookie);
    t.clock.advance(30_000);
    const early = await markCompleted(t, cookie, today.id);
    expect(early.status).toBe(400);
    expect(((await early.json()) as { error: { message: string } }).error.message).toMatch(/Todavía no ha pasado el tiempo del audio/);
    expect((await claimAudioSteps(t, cookie, { is_today: true, completion_percentage: 100 })).status).toBe(400);
    expect(await t.deps.repos.steps.total(user.id)).toBe(0);
  });

  it('awards today’s audio once after a full listen, then the daily limit holds', async () => {
    const t = createTestApp();
    const { cookie, user } = await t.registerUser();
    const today = await listenToToday(t, cookie);
    t.clock.advance(today.duration * 1000);
    const done = await markCompleted(t, cookie, today.id);
    expect(done.status).toBe(200);
    const award = await claimAudioSteps(t, cookie, { is_today: true, completion_percentage: 100 });
    expect(await award.json()).toMatchObject({ success: true, activityKey: 'audio_ascenso_daily', stepsEarned: 165 });
    const again = await claimAudioSteps(t, cookie, { is_today: true, completion_percentage: 100 });
    expect(again.status).toBe(400);
    expect(await t.deps.repos.steps.total(user.id)).toBe(165);
  });

  it('marks a listen completed once when the player sends the mark several times at once: every answer is 200 with one time', async () => {
    const t = createTestApp();
    const { cookie } = await t.registerUser();
    const today = await listenToToday(t, cookie);
    t.clock.advance(today.duration * 1000);
    const marks = await Promise.all(Array.from({ length: 5 }, () => markCompleted(t, cookie, today.id)));
    expect(marks.map((m) => m.status)).toEqual([200, 200, 200, 200, 200]);
    const times = new Set(await Promise.all(marks.map(async (m) => ((await m.json()) as { completedAt: string }).completedAt)));
    expect(times.size).toBe(1);
    const award = await claimAudioSteps(t, cookie, { is_today: true, completion_percentage: 100 });
    expect(await award.json()).toMatchObject({ stepsEarned: 165 });
  });

  it('awards an archive audio as audio_ascenso_archive, and nothing under 90 %', async () => {
    const t = createTestApp();
    const { cookie } = await t.registerUser();
    const today = (await (await t.request('/api/meditations/today', { cookie })).json()) as { id: string };
    const other = MEDITATIONS.find((m) => m.id !== today.id);
    await (await t.request(`/api/meditations/${other?.id}/audio`, { cookie })).arrayBuffer();
    t.clock.advance((other?.durationSeconds ?? 0) * 1000);
    await markCompleted(t, cookie, other?.id);
    const partial = await claimAudioSteps(t, cookie, { is_today: false, completion_percentage: 50 });
    expect(await partial.json()).toMatchObject({ stepsEarned: 0, activityKey: 'audio_ascenso_archive' });
    const full = await claimAudioSteps(t, cookie, { is_today: false, completion_percentage: 100 });
    expect(await full.json()).toMatchObject({ stepsEarned: 50, activityKey: 'audio_ascenso_archive' });
  });

  it('one listen runs at a time: starting another audio abandons the first, which can no longer be completed', async () => {
    const t = createTestApp();
    const { cookie, user } = await t.registerUser();
    const today = await listenToToday(t, cookie);
    const other = MEDITATIONS.find((m) => m.id !== today.id);
    await (await t.request(`/api/meditations/${other?.id}/audio`, { cookie, headers: { range: 'bytes=0-99' } })).arrayBuffer();
    t.clock.advance(today.duration * 1000);
    const refused = await markCompleted(t, cookie, today.id);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(/Empezaste otro audio después de este/);
    expect((await claimAudioSteps(t, cookie, { is_today: true, completion_percentage: 100 })).status).toBe(400);
    expect(await t.deps.repos.steps.total(user.id)).toBe(0);
    // Played again from the start, it counts again from then.
    await listenToToday(t, cookie);
    t.clock.advance(today.duration * 1000);
    expect((await markCompleted(t, cookie, today.id)).status).toBe(200);
  });

  it('validates the bodies', async () => {
    const t = createTestApp();
    const { cookie } = await t.registerUser();
    expect((await claimAudioSteps(t, cookie, { is_today: 'sí', completion_percentage: 100 })).status).toBe(400);
    expect((await claimAudioSteps(t, cookie, { is_today: true, completion_percentage: 140 })).status).toBe(400);
    expect((await markCompleted(t, cookie, MEDITATIONS[0]?.id, false)).status).toBe(400);
  });
});

describe('countServedBytes', () => {
  const chunks = (...sizes: number[]) =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const size of sizes) controller.enqueue(new Uint8Array(size));
        controller.close();
      },
    });

  it('reports a range read to its end before the client holds its last byte', async () => {
    const reports: number[] = [];
    const reader = countServedBytes(chunks(4, 4, 2), 10, (bytes) => reports.push(bytes)).getReader();
    await reader.read();
    await reader.read();
    expect(reports).toEqual([]);
    const last = await reader.read();
    expect(last.value?.byteLength).toBe(2);
    // The client could send its completion now: the served bytes must already be on their way.
    expect(reports).toEqual([10]);
    expect((await reader.read()).done).toBe(true);
    expect(reports).toEqual([10]);
  });

  it('reports what was handed over, once, when the client goes away', async () => {
    const reports: number[] = [];
    const reader = countServedBytes(chunks(4, 4, 2), 10, (bytes) => reports.push(bytes)).getReader();
    await reader.read();
    await reader.cancel();
    expect(reports).toEqual([4]);
  });
});
