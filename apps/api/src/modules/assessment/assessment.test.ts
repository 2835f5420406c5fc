import { EVIDENCE_SHORTFALL_MESSAGES } from '@ascenso/domain/evidence';
import { COMPLETE_RESPONSES, SPEC_MAX_SELECTIONS, UNRATED_ENERGY_FACTORS } from '@ascenso/domain/assessment.fixtures';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../testing/test-app';
import { ASSESSMENT_HISTORY_SHOWN } from './assessment.service';

type Json = Record<string, unknown>;
type Envelope = { error: { code: string; details?: { fieldErrors?: Record<string, string[]> } } };

describe('assessment paths', () => {
  it('status starts empty; progress is 404 until saved', async () => {
    const t = createTestApp();
    const { cookie } = await t.registerUser();
    const status = await t.request('/api/assessment/status', { cookie });
    expect(await status.json()).toEqual({
      completed: false,
      completedAt: null,
      inProgress: false,
      currentSection: null,
    });
    expect((await t.request('/api/assessment/progress', { cookie })).status).toBe(404);
    expect((await t.request('/api/assessment', { cookie })).status).toBe(404);
    expect((await t.request('/api/assessment/profile', { cookie })).status).toBe(404);
  });

  it('round-trips progress (partial answers) and reports it in the status', async () => {
    const t = createTestApp();
    const { cookie } = await t.registerUser();
    const body = {
      currentSection: 3,
      responses: { role: 'Analista', topStrengths: ['empatía'], companySize: '' },
      completedSections: [2, 1],
    };
    const saved = await t.request('/api/assessment/progress', { cookie, body });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ success: true, lastSavedAt: expect.any(String) });
    const progress = (await (await t.request('/api/assessment/progress', { cookie })).json()) as Json;
    expect(progress).toEqual({
      currentSection: 3,
      responses: body.responses,
      completedSections: [1, 2],
      lastSavedAt: expect.any(String),
    });
    expect(await (await t.request('/api/assessment/status', { cookie })).json()).toMatchObject({
      completed: false,
      inProgress: true,
      currentSection: 3,
    });
  });

  it.each([
    [{ currentSection: 3, responses: { companySize: 'gigante' }, completedSections: [] }, 'responses.companySize'],
    [{ currentSection: 12, responses: {}, completedSections: [] }, 'currentSection'],
    [{ currentSection: 2, responses: { topStrengths: ['volar'] }, completedSections: [] }, 'responses.topStrengths'],
  ])('refuses invalid progress values (%j) with 400 and keeps the previous save', async (body, field) => {
    const t = createTestApp();
    const { cookie } = await t.registerUser();
    await t.request('/api/assessment/progress', {
      cookie,
      body: { currentSection: 1, responses: { role: 'Antes' }, completedSections: [] },
    });
    const response = await t.request('/api/assessment/progress', { cookie, body });
    expect(response.status).toBe(400);
    const fields = Object.keys(((await response.json()) as Envelope).error.details?.fieldErrors ?? {});
    expect(fields.some((f) => f.startsWith(field))).toBe(true);
    const progress = (await (await t.request('/api/assessment/progress', { cookie })).json()) as { responses: Json };
    expect(progress.responses).toEqual({ role: 'Antes' });
  });

  it('completes: 201 with the stored assessment, clears progress, awards 1000 pasos once a day', async () => {
    const t = createTestApp();
    const { cookie, user } = await t.registerUser();
    await t.request('/api/assessment/progress', {
      cookie,
      body: { currentSection: 9, responses: { role: 'x' }, completedSections: [1] },
    });
    const response = await t.request('/api/assessment/complete', {
      cookie,
      body: { responses: COMPLETE_RESPONSES, version: '1.0' },
    });
    expect(response.status).toBe(201);
    const { stepsEarned, stepsNote, ...stored } = (await response.json()) as Json;
    expect(stored).toEqual({
      id: expect.any(String),
      createdAt: expect.any(String),
      responses: COMPLETE_RESPONSES,
      version: '1.0',
    });
    expect({ stepsEarned, stepsNote }).toEqual({ stepsEarned: 1000, stepsNote: null });
    expect(await (await t.request('/api/assessment/status', { cookie })).json()).toEqual({
      completed: true,
      completedAt: stored.createdAt,
      inProgress: false,
      currentSection: null,
    });
    expect(await t.deps.repos.steps.total(user.id)).toBe(1000);
    expect(await (await t.request('/api/assessment', { cookie })).json()).toEqual(stored);

    // Again the same day (a minute later: rows of the same millisecond have no defined order on PostgreSQL):
    // stored (history kept), but the award's daily limit holds.
    t.clock.advance(60_000);
    const again = await t.request('/api/assessment/complete', {
      cookie,
      body: { responses: { ...COMPLETE_RESPONSES, satisfactionRating: 8 }, version: '1.0' },
    });
    expect(again.status).toBe(201);
    expect(await t.deps.repos.steps.total(user.id)).toBe(1000);
    const history = (await (await t.request('/api/assessment/history', { cookie })).json()) as Json[];
    expect(history.map((h) => h.satisfactionRating)).toEqual([8, 6]);
    expect(((await (await t.request('/api/assessment', { cookie })).json()) as { responses: Json }).responses.satisfactionRating).toBe(8);
  });

  it('stores the same answers re-sent on a later day, earns nothing for them and says why; changed answers earn again', async () => {
    const t = createTestApp();
    const { cookie, user } = await t.registerUser();
    const complete = async (responses: Json) => {
      const response = await t.request('/api/assessment/complete', { cookie, body: { responses, version: '1.0' } });
      expect(response.status).toBe(201);
      return (await response.json()) as { id: string; stepsEarned: number; stepsNote: string | null };
    };
    expect(await complete(COMPLETE_RESPONSES)).toMatchObject({ stepsEarned: 1000, stepsNote: null });
    // The next day, the same answers (keys and a multiple choice in another order): stored, no steps, the reason.
    t.clock.advance(24 * 60 * 60 * 1000);
    const reordered = Object.fromEntries(Object.entries(COMPLETE_RESPONSES).reverse()) as Json;
    reordered.topStrengths = [...COMPLETE_RESPONSES.topStrengths].reverse();
    const same = await complete(reordered);
    expect(same).toMatchObject({ stepsEarned: 0, stepsNote: EVIDENCE_SHORTFALL_MESSAGES.assessment_unchanged });
    expect(await t.deps.repos.steps.total(user.id)).toBe(1000);
    expect((await t.deps.repos.assessments.latest(user.id))?.id).toBe(same.id);
    // Changed answers the day after earn again.
    t.clock.advance(24 * 60 * 60 * 1000);
    expect(await complete({ ...COMPLETE_RESPONSES, satisfactionRating: 8 })).toMatchObject({ stepsEarned: 1000, stepsNote: null });
    expect(await t.deps.repos.steps.total(user.id)).toBe(2000);
  });

  it('the history lists the newest 100 assessments; the export still holds every one', async () => {
    const t = createTestApp();
    const { cookie, user } = await t.registerUser();
    const start = t.clock.now().getTime();
    const ids = Array.from({ length: ASSESSMENT_HISTORY_SHOWN + 1 }, () => randomUUID());
    for (const [i, id] of ids.entries()) {
      await t.deps.repos.assessments.insert({
        id,
        userId: user.id,
        responses: { ...COMPLETE_RESPONSES, satisfactionRating: (i % 10) + 1 },
        version: '1.0',
        createdAt: new Date(start + i * 60_000),
        resultsOpenedAt: null,
      });
    }
    const history = (await (await t.request('/api/assessment/history', { cookie })).json()) as Json[];
    // Newest first, the oldest one left out.
    expect(history.map((h) => h.id)).toEqual(ids.slice(1).reverse());
    const exported = (await (await t.request('/api/profile/export', { cookie })).json()) as { assessments: Json[] };
    expect(exported.assessments).toHaveLength(ASSESSMENT_HISTORY_SHOWN + 1);
  });

  it('refuses an incomplete or invalid assessment with 400 listing the offending fields, storing nothing', async () => {
    const t = createTestApp();
    const { cookie, user } = await t.registerUser();
    const response = await t.request('/api/assessment/complete', {
      cookie,
      body: {
        responses: { ...COMPLETE_RESPONSES, role: ' ', topStrengths: [], companySize: 'gigante' },
        version: '1.0',
      },
    });
    expect(response.status).toBe(400);
    const fields = Object.keys(((await response.json()) as Envelope).error.details?.fieldErrors ?? {});
    expect(fields).toEqual(expect.arrayContaining(['responses.role', 'responses.topStrengths', 'responses.companySize']));
    expect(await t.deps.repos.assessments.latest(user.id)).toBeUndefined();
    expect(await t.deps.repos.steps.total(user.id)).toBe(0);
    const wrongVersion = await t.request('/api/assessment/complete', {
      cookie,
      body: { responses: COMPLETE_RESPONSES, version: '2.0' },
    });
    expect(wrongVersion.status).toBe(400);
  });

  it('derives the coaching profile and the evaluation from the latest assessment', async () => {
    const t = createTestApp();
    const { cookie } = await t.registerUser();
    await t.request('/api/assessment/complete', { cookie, body: { responses: COMPLETE_RESPONSES, version: '1.0' } });
    const profile = (await (await t.request('/api/assessment/profile', { cookie })).json()) as Json;
    expect(profile).toMatchObject({
      role: 'Responsable de producto',
      preferredStyle: { value: 'guía-estratégico', label: 'Guía estratégico' },
      timeAvailability: { value: 'limitado', minutesPerDay: 15 },
      energy: {
        drains: [
          { factor: 'meetings', score: 1 },
          { factor: 'pressure', score: 2 },
        ],
      },
    });
    const evaluation = (await (await t.request('/api/assessment/evaluation', { cookie })).json()) as Json;
    expect(evaluation).toMatchObject({ headline: expect.any(String), completedAt: expect.any(String) });
    expect((evaluation.recommendations as Json[]).length).toBeGreaterThan(1);
  });

  it('is for signed-in users only', async () => {
    const t = createTestApp();
    for (const path of ['/api/assessment/status', '/api/assessment/progress', '/api/assessment', '/api/assessment/profile']) {
      expect((await t.request(path)).status).toBe(401);
    }
    expect((await t.request('/api/assessment/complete', { body: { responses: COMPLETE_RESPONSES, version: '1.0' } })).status).toBe(401);
  });
});

describe('POST /api/assessment/complete: the 14 selection maximums (spec §5)', () => {
  let t: ReturnType<typeof createTestApp>;
  let cookie: string;
  let userId: string;
  beforeAll(async () => {
    // One member sends 14 assessments here: more than the daily quota (quotas.abuse.test.ts covers it).
    t = createTestApp({ env: { QUOTA_ASSESSMENTS_PER_DAY: '100' } });
    const registered = await t.registerUser();
    cookie = registered.cookie;
    userId = registered.user.id;
  });

  it.each(SPEC_MAX_SELECTIONS)('%s: max %i (one over → 400 naming the field, nothing stored; exactly the max → 201)', async (field, max, values) => {
    const before = (await t.deps.repos.assessments.latest(userId))?.id;
    const over = await t.request('/api/assessment/complete', {
      cookie,
      body: { responses: { ...COMPLETE_RESPONSES, [field]: values.slice(0, max + 1) }, version: '1.0' },
    });
    expect(over.status).toBe(400);
    const envelope = (await over.json()) as Envelope;
    expect(envelope.error.code).toBe('VALIDATION');
    expect(Object.keys(envelope.error.details?.fieldErrors ?? {})).toEqual([`responses.${field}`]);
    expect((await t.deps.repos.assessments.latest(userId))?.id).toBe(before);

    const atMax = await t.request('/api/assessment/complete', {
      cookie,
      body: { responses: { ...COMPLETE_RESPONSES, [field]: values.slice(0, max) }, version: '1.0' },
    });
    expect(atMax.status).toBe(201);
    expect(((await atMax.json()) as { responses: Json }).responses[field]).toEqual(values.slice(0, max));
  });
});

describe('POST /api/assessment/complete: quickWinsOther is optional (spec §3)', () => {
  it.each([
    ['blank', { quickWinsOther: '' }],
    ['absent', {}],
  ])("accepts 'otro' with quickWinsOther %s", async (_label, patch) => {
    const t = createTestApp();
    const { cookie } = await t.registerUser();
    const { quickWinsOther: _omit, ...rest } = COMPLETE_RESPONSES;
    const responses = { ...rest, quickWins: ['otro', 'pausas'], ...patch };
    const response = await t.request('/api/assessment/complete', { cookie, body: { responses, version: '1.0' } });
    expect(response.status).toBe(201);
    expect(((await response.json()) as { responses: Json }).responses.quickWins).toEqual(['otro', 'pausas']);
  });

  it('still refuses an "otro" text over 120 characters', async () => {
    const t = createTestApp();
    const { cookie } = await t.registerUser();
    const responses = { ...COMPLETE_RESPONSES, quickWins: ['otro'], quickWinsOther: 'x'.repeat(121) };
    const response = await t.request('/api/assessment/complete', { cookie, body: { responses, version: '1.0' } });
    expect(response.status).toBe(400);
    expect(Object.keys(((await response.json()) as Envelope).error.details?.fieldErrors ?? {})).toEqual(['responses.quickWinsOther']);
  });
});

describe('POST /api/assessment/complete: energyFactors is optional (spec §5)', () => {
  it('accepts an assessment without energyFactors (201), stores every factor as unrated (0), and reads back the same', async () => {
    const t = createTestApp();
    const { cookie } = await t.registerUser();
    const { energyFactors: _omit, ...responses } = COMPLETE_RESPONSES;
    const response = await t.request('/api/assessment/complete', { cookie, body: { responses, version: '1.0' } });
    expect(response.status).toBe(201);
    const unrated = UNRATED_ENERGY_FACTORS;
    expect(((await response.json()) as { responses: Json }).responses.energyFactors).toEqual(unrated);
    const latest = await t.request('/api/assessment', { cookie });
    expect(latest.status).toBe(200);
    expect(((await latest.json()) as { responses: Json }).responses.energyFactors).toEqual(unrated);
    // The profile and the evaluation still derive from it, with no energy readings.
    expect((await t.request('/api/assessment/profile', { cookie })).status).toBe(200);
    expect((await t.request('/api/assessment/evaluation', { cookie })).status).toBe(200);
  });

  it('still refuses an energy level out of range', async () => {
    const t = createTestApp();
    const { cookie } = await t.registerUser();
    const responses = { ...COMPLETE_RESPONSES, energyFactors: { autonomy: 6 } };
    const response = await t.request('/api/assessment/complete', { cookie, body: { responses, version: '1.0' } });
    expect(response.status).toBe(400);
  });
});

describe("Home's «resultados listos» line (assessment.resultsNotice / markResultsOpened)", () => {
  it('shows after completing, until the results are opened; then never again, for any session of the person', async () => {
    const t = createTestApp();
    const { cookie, user, password } = await t.registerUser();
    const caller = t.callerFor(cookie);
    expect(await caller.assessment.resultsNotice()).toEqual({ show: false });
    // Nothing to open yet.
    await expect(caller.assessment.markResultsOpened()).rejects.toMatchObject({ code: 'NOT_FOUND' });

    await t.request('/api/assessment/complete', { cookie, body: { responses: COMPLETE_RESPONSES, version: '1.0' } });
    expect(await caller.assessment.resultsNotice()).toEqual({ show: true });

    t.clock.advance(30_000);
    const openedAt = t.clock.now();
    expect(await caller.assessment.markResultsOpened()).toEqual({ show: false });
    expect(await caller.assessment.resultsNotice()).toEqual({ show: false });
    expect((await t.deps.repos.assessments.latest(user.id))?.resultsOpenedAt).toEqual(openedAt);

    // Opening them again keeps the first time; another device (a new session) sees the same.
    t.clock.advance(60_000);
    await caller.assessment.markResultsOpened();
    expect((await t.deps.repos.assessments.latest(user.id))?.resultsOpenedAt).toEqual(openedAt);
    const login = await t.request('/api/auth/login', { body: { email: user.email, password } });
    expect(login.status).toBe(200);
    const elsewhere = t.sessionCookie(login);
    expect(elsewhere).not.toBe(cookie);
    expect(await t.callerFor(elsewhere).assessment.resultsNotice()).toEqual({ show: false });
    // The documented REST shapes are unchanged.
    expect(Object.keys((await (await t.request('/api/assessment', { cookie })).json()) as Json).sort()).toEqual(['createdAt', 'id', 'responses', 'version']);
  });

  it('a new assessment has new results: the line shows again until they are opened; another person’s opening changes nothing', async () => {
    const t = createTestApp();
    const first = await t.registerUser();
    const other = await t.registerUser();
    for (const { cookie } of [first, other]) {
      await t.request('/api/assessment/complete', { cookie, body: { responses: COMPLETE_RESPONSES, version: '1.0' } });
    }
    await t.callerFor(first.cookie).assessment.markResultsOpened();
    expect(await t.callerFor(other.cookie).assessment.resultsNotice()).toEqual({ show: true });

    t.clock.advance(60_000);
    await t.request('/api/assessment/complete', {
      cookie: first.cookie,
      body: { responses: { ...COMPLETE_RESPONSES, satisfactionRating: 8 }, version: '1.0' },
    });
    expect(await t.callerFor(first.cookie).assessment.resultsNotice()).toEqual({ show: true });
    await t.callerFor(first.cookie).assessment.markResultsOpened();
    expect(await t.callerFor(first.cookie).assessment.resultsNotice()).toEqual({ show: false });
  });

  it('needs a session', async () => {
    const t = createTestApp();
    expect((await t.request('/api/trpc/assessment.resultsNotice')).status).toBe(401);
  });
});
