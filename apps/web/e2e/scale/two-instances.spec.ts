import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loginForm, submitLogin } from '../support/auth';
import { esNumber, recordSockets, stepCounterLink, stepToasts, TRPC_WS_PATH } from '../support/steps';
import {
  ASSESSMENT_STEPS,
  availability,
  call,
  completeAssessment,
  expect,
  INSTANCE_HEADER,
  JOURNALING_STEPS,
  openLiveHome,
  otherThan,
  postFrom,
  registerPerson,
  socketHolder,
  test,
  verifyPerson,
  writeJournal,
} from './fixtures';

// Decision 024: two built API instances behind Debian's nginx running deploy/nginx/ascenso.conf, on one
// SQLite file (WAL) and one Redis (e2e/scale/cluster.ts). The browser talks to nginx only.
test.skip(!availability.available, availability.available ? '' : availability.reason);

test('a completion on one instance is toasted in a tab whose socket another instance holds', async ({ page, cluster }) => {
  const sockets = recordSockets(page);
  const person = await openLiveHome(cluster, page, 'Irene');

  // The tab's one socket went through nginx to one instance; the completion is made on the other one.
  expect(sockets).toEqual([TRPC_WS_PATH]);
  const holder = await socketHolder(cluster, person);
  const elsewhere = otherThan(cluster, holder);
  const response = await writeJournal(cluster, elsewhere, person);
  expect(response.status, await response.clone().text()).toBe(200);
  expect(response.headers.get(INSTANCE_HEADER)).toBe(elsewhere.id);

  const toasts = stepToasts(page);
  await expect(toasts.getByText('¡Actividad completada!')).toHaveCount(1, { timeout: 5_000 });
  await expect(toasts.getByText(`+${esNumber(JOURNALING_STEPS)} pasos`)).toBeVisible();
  await expect(toasts.getByText('Journaling guiado')).toBeVisible();
  await expect(stepCounterLink(page, ASSESSMENT_STEPS + JOURNALING_STEPS)).toBeVisible({ timeout: 2_000 });
  // Once, although both instances received the event (the publisher locally, the holder from Redis).
  await page.waitForTimeout(800);
  await expect(toasts.getByText('¡Actividad completada!')).toHaveCount(1);
  // Still the same instance: the toast came over Redis, not from a socket that moved.
  expect((await socketHolder(cluster, person)).id).toBe(holder.id);
});

test('40 concurrent completions of a limit-1 activity, 20 on each instance, award exactly once', async ({ cluster }) => {
  const person = await registerPerson(cluster, 'Nora');
  const [a, b] = cluster.instances;
  // Each completion of the assessment (with answers of its own) is a new piece of evidence for
  // `assessment_completed` (daily limit 1): 40 writes racing for one award slot, from two processes on one database.
  const answers = await Promise.all(
    Array.from({ length: 40 }, async (_, i) => {
      const response = await completeAssessment(cluster, i % 2 === 0 ? a : b, person, i);
      return { status: response.status, instance: response.headers.get(INSTANCE_HEADER), body: (await response.json()) as { id?: string } };
    }),
  );
  expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 40 }, () => 201));
  expect(answers.filter((answer) => answer.instance === a.id)).toHaveLength(20);
  expect(answers.filter((answer) => answer.instance === b.id)).toHaveLength(20);

  // The ledger, read through nginx: 40 completions recorded, one award.
  const stats = await call(cluster, 'nginx', `/api/activity-log/users/${person.id}/activity-stats`, { cookie: person.cookie });
  expect(stats.status).toBe(200);
  const { stats: ledger } = (await stats.json()) as {
    stats: { totalSteps: number; todaySteps: number; byActivity: Array<{ activityKey: string; todayCount: number; todaySteps: number; remaining: number }> };
  };
  expect(ledger.totalSteps).toBe(ASSESSMENT_STEPS);
  expect(ledger.todaySteps).toBe(ASSESSMENT_STEPS);
  expect(ledger.byActivity.find((row) => row.activityKey === 'assessment_completed')).toEqual(
    expect.objectContaining({ todayCount: 40, todaySteps: ASSESSMENT_STEPS, remaining: 0 }),
  );
  // On PostgreSQL, the rows themselves: 40 completions, one of them awarded (one award slot).
  if (cluster.sql) {
    const rows = await cluster.sql(
      `SELECT count(*), count(*) FILTER (WHERE steps_earned > 0) FROM activity_completions WHERE user_id = '${person.id}' AND activity_key = 'assessment_completed'`,
    );
    expect(rows).toBe('40\t1');
  }
  // Every acknowledged write is there, from either instance.
  const ids = answers.map((answer) => answer.body.id).sort();
  for (const instance of [a, b]) {
    const history = await call(cluster, instance, '/api/assessment/history', { cookie: person.cookie });
    expect(((await history.json()) as Array<{ id: string }>).map((row) => row.id).sort()).toEqual(ids);
  }
});

test('the sign-in limit holds across instances: ten wrong passwords over both, then 429 with Retry-After on either', async ({ page, cluster }) => {
  const person = await registerPerson(cluster, 'Olga');
  const [a, b] = cluster.instances;
  const wrong = (i: number, target: typeof a | 'nginx' = 'nginx', headers: Record<string, string> = {}) =>
    call(cluster, target, '/api/auth/login', { body: { email: person.email, password: `no es la buena ${i}` }, headers });

  // Round-robin through nginx: the ten attempts the limit allows land on both instances.
  const answeredBy = new Set<string | null>();
  for (let i = 0; i < 10; i += 1) {
    const response = await wrong(i);
    expect(response.status).toBe(401);
    answeredBy.add(response.headers.get(INSTANCE_HEADER));
  }
  expect(answeredBy).toEqual(new Set([a.id, b.id]));

  // The eleventh is refused whichever instance nginx picks (both, two in a row), and directly on each.
  for (const target of ['nginx', 'nginx', a, b] as const) {
    const refused = await wrong(11, target);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
  }
  // A forged X-Forwarded-For changes nothing: nginx appends the real address and TRUST_PROXY=1 takes that one.
  const forged = await wrong(12, 'nginx', { 'x-forwarded-for': '198.51.100.23' });
  expect(forged.status).toBe(429);
  // Another client behind nginx (another address) still has its own budget for this account, on both
  // instances: the instances count the address nginx saw (TRUST_PROXY=1), not nginx's own.
  const otherClient = await Promise.all([0, 1].map((i) => postFrom(cluster, '127.0.0.2', '/api/auth/login', { email: person.email, password: `otra ${i}` })));
  expect(otherClient.map((answer) => answer.status)).toEqual([401, 401]);
  expect(new Set(otherClient.map((answer) => answer.instance))).toEqual(new Set([a.id, b.id]));
  // The right password is refused too while the limit holds (it is reserved before the check).
  expect((await call(cluster, 'nginx', '/api/auth/login', { body: { email: person.email, password: person.password } })).status).toBe(429);

  await page.goto('/acceso');
  await submitLogin(page, person.email, 'y otra');
  await expect(loginForm(page).getByRole('alert')).toHaveText(
    'Demasiados intentos. Vuelve a intentarlo en 15 minutos. Si has olvidado tu contraseña, restablécela con «¿Has olvidado tu contraseña?» y podrás entrar enseguida.',
  );
});

test('through nginx: a voice recording of several MB reaches the API, and no secret link reaches the access log', async ({ cluster }) => {
  const person = await registerPerson(cluster, 'Olga');
  const direct = `http://127.0.0.1:${cluster.nginxPort}`;
  // 3 MB (under the API's 10 MB): nginx lets it through to the API, which answers with its JSON envelope (this
  // cluster has no transcription server), not nginx's HTML 413 of the 1m limit everywhere else.
  const form = new FormData();
  form.append('audio', new Blob([new Uint8Array(3 * 1024 * 1024)], { type: 'audio/webm' }), 'nota.webm');
  const voice = await fetch(`${direct}/api/voice/transcribe`, { method: 'POST', headers: { origin: cluster.origin, cookie: person.cookie }, body: form });
  expect(voice.headers.get('content-type') ?? '', await voice.clone().text()).toContain('application/json');
  expect(((await voice.json()) as { error?: { code?: string } }).error?.code).toBeTruthy();

  // Shares and the calendar feed need a confirmed address.
  await verifyPerson(cluster, person);
  const share = await call(cluster, 'nginx', '/api/shares', { cookie: person.cookie, body: { include: ['steps'], days: 1 } });
  expect(share.status, await share.clone().text()).toBe(201);
  const feed = await call(cluster, 'nginx', '/api/calendar/feed', { cookie: person.cookie, body: {} });
  expect(feed.status, await feed.clone().text()).toBe(201);
  const secrets = [((await share.json()) as { url: string }).url, ((await feed.json()) as { url: string }).url].map((url) => new URL(url));
  for (const url of secrets) expect((await fetch(`${direct}${url.pathname}`)).status).toBe(200);
  // The pages that a confirmation or reset link opens hold its token in their path too.
  const linkPages = ['/verificar/', '/restablecer/'].map((path) => new URL(`${direct}${path}${'x'.repeat(20)}${path.length}${'y'.repeat(20)}`));
  for (const url of linkPages) expect((await fetch(url)).status).toBe(200);
  secrets.push(...linkPages);

  const log = readFileSync(join(cluster.dir, 'nginx-access.log'), 'utf8');
  expect(log).toContain('POST /api/shares ');
  expect(log).toContain('POST /api/calendar/feed ');
  for (const url of secrets)
    expect(log).not.toContain(
      url.pathname
        .split('/')
        .at(-1)!
        .replace(/\.ics$/, ''),
    );
});
