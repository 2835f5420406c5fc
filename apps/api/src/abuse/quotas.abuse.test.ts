/**
 * Storage quotas (decision 013): one user flooded the journal with 500 entries of 20 000
 * characters in 1.4 s. Each test floods a real server (127.0.0.1, ephemeral port) with concurrent
 * requests over HTTP and checks that exactly the quota is stored and that the rest get 429 with
 * Retry-After and the Spanish message. The last one runs two server processes on one database file.
 */
import { join } from 'node:path';
import { COMPLETE_RESPONSES } from '@ascenso/domain/assessment.fixtures';
import { afterEach, describe, expect, it } from 'vitest';
import { createDeps } from '../deps';
import { loadConfig } from '../env';
import { createLogger } from '../logger';
import { register } from '../modules/auth/auth.service';
import { describeWithRedis } from '../testing/redis';
import { useProcessScratch } from '../testing/two-processes';
import { createTestApp, TEST_ORIGIN, type TestClock, createTestClock } from '../testing/test-app';
import { startTestServer } from '../testing/test-server';

type Server = Awaited<ReturnType<typeof startTestServer>>;
type TrpcError = {
  message: string;
  code: number;
  data: { code: string; httpStatus: number; domainCode: string | null; retryAfterSeconds: number | null };
};
type Answer = { status: number; retryAfter: string | null; error?: TrpcError; data?: unknown };

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.stop()));
});

const JOURNAL_FULL = 'Has llegado al máximo de entradas de diario por hoy. Mañana podrás escribir más.';
const CONVERSATIONS_FULL = 'Has llegado al máximo de conversaciones nuevas por hoy. Puedes seguir una de las que ya tienes, o empezar otra mañana.';
const NOTES_FULL = 'Has llegado al máximo de notas por hoy. Mañana podrás añadir más.';
const MESSAGES_FULL = 'Has llegado al máximo de mensajes por hoy. Mañana podrás seguir hablando con tu coach.';
const CONVERSATION_FULL = 'Esta conversación ha llegado al máximo de mensajes. Empieza una nueva para seguir.';
const ASSESSMENTS_FULL = 'Ya has enviado la evaluación muchas veces hoy. Mañana podrás volver a hacerla; tus respuestas de hoy están guardadas.';

/** 2026-11-22T09:00Z is 10:00 in Madrid: 14 hours to the next local midnight. */
const UNTIL_MADRID_MIDNIGHT = 14 * 3600;

async function serve(env: Record<string, string>, clock?: TestClock) {
  const t = createTestApp({ env, ...(clock ? { clock } : {}) });
  const server = await startTestServer(t);
  servers.push(server);
  const { cookie, user } = await t.registerUser();
  /** A tRPC mutation over HTTP, as a browser sends it. */
  async function mutate(path: string, input: unknown, baseUrl = server.httpUrl): Promise<Answer> {
    const response = await fetch(`${baseUrl}/api/trpc/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, cookie },
      body: JSON.stringify({ json: input }),
      // Roomy: 40 entries of 20 KB at once on a loaded 2-core machine; the test is about the count, not the time.
      signal: AbortSignal.timeout(30_000),
    });
    const body = (await response.json()) as { result?: { data: { json: unknown } }; error?: { json: TrpcError } };
    return {
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      ...(body.error ? { error: body.error.json } : { data: body.result?.data.json }),
    };
  }
  return { t, server, cookie, user, mutate };
}

/** The refused answers carry the quota's 429, Retry-After and Spanish message, over HTTP and in tRPC's data. */
function expectRefused(answers: Answer[], message: string, retryAfterSeconds: number) {
  for (const answer of answers) {
    expect(answer.status).toBe(429);
    expect(answer.retryAfter).toBe(String(retryAfterSeconds));
    expect(answer.error).toMatchObject({
      message,
      data: { code: 'TOO_MANY_REQUESTS', domainCode: 'DAILY_LIMIT_REACHED', retryAfterSeconds },
    });
  }
}

const entry = (i: number) => ({ mood: 'calma', title: `Entrada ${i}`, body: `${'palabra '.repeat(2_400)}${i}` });

describe('per-user daily quotas under a concurrent flood (HTTP, one process)', () => {
  it('stores exactly 30 of 40 concurrent journal entries; the other 10 get 429 until local midnight', async () => {
    const { t, user, mutate } = await serve({ QUOTA_JOURNAL_ENTRIES_PER_DAY: '30' });
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => mutate('journaling.create', entry(i))));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(30);
    expectRefused(
      answers.filter((a) => a.status !== 200),
      JOURNAL_FULL,
      UNTIL_MADRID_MIDNIGHT,
    );
    expect(answers.filter((a) => a.status !== 200)).toHaveLength(10);
    expect(await t.deps.repos.coaching.recentJournalEntries(user.id, 100)).toHaveLength(30);

    // A refused call leaves nothing behind, and the next local day opens a new quota.
    t.clock.advance(UNTIL_MADRID_MIDNIGHT * 1000);
    expect((await mutate('journaling.create', entry(41))).status).toBe(200);
    expect(await t.deps.repos.coaching.recentJournalEntries(user.id, 100)).toHaveLength(31);
  });

  it('stores exactly 30 of 40 concurrent new conversations, whatever their kind', async () => {
    const { t, user, mutate } = await serve({ QUOTA_CONVERSATIONS_PER_DAY: '30' });
    const kinds = ['chat', 'session', 'journal'] as const;
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => mutate('coaching.start', { kind: kinds[i % 3] })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(30);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused).toHaveLength(10);
    expectRefused(refused, CONVERSATIONS_FULL, UNTIL_MADRID_MIDNIGHT);
    const stored = await t.deps.repos.coaching.listConversations(user.id, undefined, 100);
    expect(stored).toHaveLength(30);
    // No opening message of a refused conversation was kept either.
    let opened = 0;
    for (const c of stored.filter((c) => c.kind !== 'chat')) opened += (await t.deps.repos.coaching.listMessages(c.id)).length;
    expect(opened).toBe(stored.filter((c) => c.kind !== 'chat').length);
  });

  it('stores exactly 10 of 30 concurrent assessment submissions (the shipped quota), each with its one completion', async () => {
    const { t, user, mutate } = await serve({});
    expect(t.deps.config.quotas.assessmentsPerDay).toBe(10);
    // Each with answers of its own: the same answers re-sent earn nothing (decision 037).
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        mutate('assessment.complete', {
          responses: { ...COMPLETE_RESPONSES, biggestChallenge: `Delegar sin perder calidad, intento ${i + 1}` },
          version: '1.0',
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(10);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused).toHaveLength(20);
    expectRefused(refused, ASSESSMENTS_FULL, UNTIL_MADRID_MIDNIGHT);
    expect(await t.deps.repos.assessments.history(user.id)).toHaveLength(10);
    const completions = await t.deps.repos.steps.dayByActivity(user.id, '2026-11-22');
    expect(completions.find((row) => row.activityKey === 'assessment_completed')?.completions).toBe(10);
  });

  it('stores exactly 30 of 40 concurrent coach notes', async () => {
    const { t, user, mutate } = await serve({ QUOTA_NOTES_PER_DAY: '30' });
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => mutate('profile.addNote', { text: `Nota ${i}` })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(30);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused).toHaveLength(10);
    expectRefused(refused, NOTES_FULL, UNTIL_MADRID_MIDNIGHT);
    expect(await t.deps.repos.admin.listNotes(user.id)).toHaveLength(30);
  });

  it('caps the messages of one conversation (409) and of one day (429); a crisis message always goes through', async () => {
    const { t, mutate } = await serve({ QUOTA_MESSAGES_PER_CONVERSATION: '10', QUOTA_MESSAGES_PER_DAY: '12' });
    const first = (await mutate('coaching.start', { kind: 'chat' })).data as { id: string };
    const send = (conversationId: string, content: string) => mutate('coaching.send', { conversationId, content, clientMessageId: crypto.randomUUID() });
    const flood = await Promise.all(Array.from({ length: 15 }, (_, i) => send(first.id, `Mensaje ${i}`)));
    expect(flood.filter((a) => a.status === 200)).toHaveLength(10);
    const full = flood.filter((a) => a.status !== 200);
    expect(full).toHaveLength(5);
    for (const answer of full) {
      expect(answer.status).toBe(409);
      expect(answer.retryAfter).toBeNull();
      expect(answer.error).toMatchObject({ message: CONVERSATION_FULL, data: { domainCode: 'CONFLICT' } });
    }
    expect(await t.deps.repos.coaching.countUserMessages(first.id)).toBe(10);

    const second = (await mutate('coaching.start', { kind: 'chat' })).data as { id: string };
    const more = await Promise.all(Array.from({ length: 5 }, (_, i) => send(second.id, `Otro ${i}`)));
    expect(more.filter((a) => a.status === 200)).toHaveLength(2);
    const refused = more.filter((a) => a.status !== 200);
    expect(refused).toHaveLength(3);
    expectRefused(refused, MESSAGES_FULL, UNTIL_MADRID_MIDNIGHT);
    expect(await t.deps.repos.coaching.countUserMessages(second.id)).toBe(2);

    const crisis = await send(second.id, 'Ya no quiero vivir, quiero suicidarme');
    expect(crisis).toMatchObject({ status: 200, data: { safety: true } });
  });

  it('changing timezone does not reopen the day: any 24 hours hold at most twice the daily quota', async () => {
    const clock = createTestClock(new Date('2026-11-22T09:00:00Z'));
    const { t, user, mutate } = await serve({ QUOTA_NOTES_PER_DAY: '3' }, clock);
    for (let i = 0; i < 3; i += 1) expect((await mutate('profile.addNote', { text: `Madrid ${i}` })).status).toBe(200);
    expectRefused([await mutate('profile.addNote', { text: 'Madrid 4' })], NOTES_FULL, UNTIL_MADRID_MIDNIGHT);

    // 11:00Z: in Kiritimati (UTC+14) a new day started at 10:00Z.
    clock.advance(2 * 3600 * 1000);
    const hop = (timezone: string) => mutate('profile.update', { firstName: 'Ana', timezone });
    expect((await hop('Pacific/Kiritimati')).status).toBe(200);
    for (let i = 0; i < 3; i += 1) expect((await mutate('profile.addNote', { text: `Kiritimati ${i}` })).status).toBe(200);
    // Kiritimati's day is full too: its next midnight is 10:00Z tomorrow, 23 hours away.
    expectRefused([await mutate('profile.addNote', { text: 'Kiritimati 4' })], NOTES_FULL, 23 * 3600);

    // 14:00Z: in Nouméa (UTC+11) a new day started at 13:00Z, with no note in it, but six notes in
    // 24 hours: the seventh waits until the first leaves the window (09:00Z tomorrow, 19 hours).
    clock.advance(3 * 3600 * 1000);
    expect((await hop('Pacific/Noumea')).status).toBe(200);
    expectRefused([await mutate('profile.addNote', { text: 'Nouméa 1' })], NOTES_FULL, 19 * 3600);
    expect(await t.deps.repos.admin.listNotes(user.id)).toHaveLength(6);
  });
});

// Two instances on one file share a Redis (without it the second refuses the file: decision 035); the
// quota itself is counted in the database.
describeWithRedis('journal entries across two server processes on one database file', () => {
  const ORIGIN = 'http://localhost:3998';
  const scratch = useProcessScratch('quotas');
  const startServer = async (databasePath: string) => (await scratch.startServer(databasePath, ORIGIN, { env: { QUOTA_JOURNAL_ENTRIES_PER_DAY: '30' } })).url;

  it('stores exactly 30 of 40 entries sent at once, half to each process', async () => {
    const databasePath = join(scratch.dir, 'app.db');
    const deps = createDeps(loadConfig({ DATABASE_PATH: databasePath, LOG_LEVEL: 'silent' }), {
      logger: createLogger('silent'),
    });
    const signedIn = await register(deps, { email: 'cuota@ejemplo.es', password: 'una frase bastante larga', firstName: 'Cuota' }, { ip: '127.0.0.1' });
    const cookie = `session=${signedIn.token}`;
    const urls = await Promise.all([startServer(databasePath), startServer(databasePath)]);

    const answers = await Promise.all(
      Array.from({ length: 40 }, async (_, i) => {
        const response = await fetch(`${urls[i % 2]}/api/trpc/journaling.create`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: ORIGIN, cookie },
          body: JSON.stringify({ json: entry(i) }),
          signal: AbortSignal.timeout(15_000),
        });
        const body = (await response.json()) as { error?: { json: TrpcError } };
        return {
          status: response.status,
          retryAfter: response.headers.get('retry-after'),
          message: body.error?.json.message,
        };
      }),
    );
    const stored = (await deps.repos.coaching.recentJournalEntries(signedIn.user.id, 100)).length;
    await deps.store.close();
    expect(answers.filter((a) => a.status === 200)).toHaveLength(30);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused.map((a) => a.status)).toEqual(Array(10).fill(429));
    for (const answer of refused) {
      expect(answer.message).toBe(JOURNAL_FULL);
      expect(Number(answer.retryAfter)).toBeGreaterThan(0);
    }
    expect(stored).toBe(30);
  }, 60_000);
});
