import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test as base } from '@playwright/test';
import { esNumber, stepCounterLink, stepToasts } from '../support/steps';
import { startFakeOpenAIServer, type FakeOpenAIServer } from '@ascenso/ai/testing/fake-openai-server';
import { type Cluster } from './cluster';
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
  registerPerson,
  socketHolder,
  trackTrpcSockets,
  useCluster,
  writeJournal,
} from './fixtures';

// Decision 024 (draining): SIGTERM one of the two instances (a deploy, a scale-in). It drains (apps/api/src/http/drain.ts):
// no new connections, in-flight work finishes, tRPC clients are told to reconnect and come back through nginx
// to the other instance. This test stops an instance, so it has a cluster of its own.
const test = base.extend<{ model: FakeOpenAIServer; cluster: Cluster }>({
  // The coach's model: packages/ai's fake OpenAI-compatible server on 127.0.0.1, for both instances.
  // eslint-disable-next-line no-empty-pattern -- Playwright fixtures destructure their dependencies
  model: async ({}, use) => {
    const model = await startFakeOpenAIServer();
    try {
      await use(model);
    } finally {
      await model.close();
    }
  },
  cluster: async ({ model }, use) =>
    useCluster(
      {
        env: {
          // Its writes are short journal entries, more than the daily quota of 30 allows.
          QUOTA_JOURNAL_ENTRIES_PER_DAY: '1000',
          OPENAI_BASE_URL: model.baseURL,
          OPENAI_API_KEY: 'clave-de-prueba',
          AI_MODEL: 'fake-model',
        },
      },
      use,
    ),
  baseURL: async ({ cluster }, use) => use(cluster.url),
});
test.skip(!availability.available, availability.available ? '' : availability.reason);

test('SIGTERM drains an instance: its tab is sent to the other one with no error shown, writes through nginx all succeed, and it exits 0', async ({
  page,
  cluster,
}) => {
  test.setTimeout(90_000);
  // Every tRPC socket of the tab, in order, with whether it was told to reconnect and whether a subscription started on it.
  const sockets = trackTrpcSockets(page);
  const person = await openLiveHome(cluster, page, 'Marta');
  const stopping = await socketHolder(cluster, person);
  const survivor = otherThan(cluster, stopping);

  expect(sockets).toEqual([{ notified: false, started: true }]);

  // Writes and reads through nginx, four at a time, while the instance drains and exits: every one is
  // answered by an instance (a refused connection is passed on; a kept-alive one is answered, then closed).
  const statuses: number[] = [];
  const healthStatuses: number[] = [];
  let exited = false;
  const writer = async (n: number) => {
    for (let i = 0; !exited || i < 3; i += 1) {
      const response = await writeJournal(cluster, 'nginx', person, `Nota ${n}-${i} durante el cierre.`).catch(() => undefined);
      statuses.push(response?.status ?? 0);
      const health = await call(cluster, 'nginx', '/api/health').catch(() => undefined);
      healthStatuses.push(health?.status ?? 0);
    }
  };
  const writers = Promise.all([1, 2, 3, 4].map(writer));
  await expect.poll(() => statuses.length).toBeGreaterThanOrEqual(8);

  const signalled = Date.now();
  stopping.child.kill('SIGTERM');
  await stopping.exited;
  const took = Date.now() - signalled;
  exited = true;
  await writers;

  // A exited on its own, cleanly, well within the drain budget (8 s) and before the hard stop.
  expect(stopping.child.signalCode).toBeNull();
  expect(stopping.child.exitCode).toBe(0);
  expect(took).toBeLessThan(8_000);
  expect(readFileSync(join(cluster.dir, `api-${stopping.name}.log`), 'utf8')).toContain('Ascenso se ha detenido.');
  expect(
    statuses.filter((status) => status !== 200),
    `writes: ${statuses.length}`,
  ).toEqual([]);
  expect(healthStatuses.filter((status) => status !== 200)).toEqual([]);
  test
    .info()
    .annotations.push({ type: 'drain', description: `exited after ${took} ms; ${statuses.length} writes and ${healthStatuses.length} health checks, all 200` });

  // The tab was told to reconnect (not cut: the notification came first) and did, through nginx, to the survivor.
  await expect.poll(() => sockets.some((socket, i) => i > 0 && socket.started), { timeout: 10_000 }).toBe(true);
  expect(sockets[0]?.notified).toBe(true);
  expect((await socketHolder(cluster, person, [survivor])).id).toBe(survivor.id);
  // No error anywhere on the page.
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Hola, Marta' })).toBeVisible();

  // Live: a completion made afterwards (through nginx, so on the survivor) is toasted and counted.
  const response = await writeJournal(cluster, 'nginx', person);
  expect(response.status, await response.clone().text()).toBe(200);
  expect(response.headers.get(INSTANCE_HEADER)).toBe(survivor.id);
  await expect(stepToasts(page).getByText(`+${esNumber(JOURNALING_STEPS)} pasos`)).toBeVisible({ timeout: 5_000 });
  await expect(stepCounterLink(page, ASSESSMENT_STEPS + JOURNALING_STEPS)).toBeVisible({ timeout: 2_000 });
  await expect(page.getByRole('alert')).toHaveCount(0);
});

type TrpcAnswer<T> = { result: { data: { json: T } } };

test('a coach reply streaming from the stopping instance finishes in the tab, then the tab moves; health checks through nginx stay 200', async ({
  page,
  cluster,
  model,
}) => {
  test.setTimeout(90_000);
  const person = await registerPerson(cluster, 'Carmen', page);
  expect((await completeAssessment(cluster, 'nginx', person)).status).toBe(201);
  const started = await call(cluster, 'nginx', '/api/trpc/coaching.start', { cookie: person.cookie, body: { json: { kind: 'chat' } } });
  expect(started.status, await started.clone().text()).toBe(200);
  const conversation = ((await started.json()) as TrpcAnswer<{ id: string }>).result.data.json;
  const sent = await call(cluster, 'nginx', '/api/trpc/coaching.send', {
    cookie: person.cookie,
    body: { json: { conversationId: conversation.id, content: 'Hoy me cuesta concentrarme.', clientMessageId: crypto.randomUUID() } },
  });
  expect(sent.status, await sent.clone().text()).toBe(200);
  // About 3 s of answer: the drain waits for it.
  const pieces = Array.from({ length: 15 }, (_, i) => `Parte ${i + 1} de la respuesta. `);
  model.reply({ kind: 'text', text: '', chunks: pieces, delayMs: 200 });

  const sockets = trackTrpcSockets(page);
  // The chat screen answers the conversation's unanswered last message: the reply streams on the tab's socket.
  await page.goto(`/coaching/chat?c=${conversation.id}`);
  const streaming = page.locator('[data-testid="respuesta-en-curso"]');
  await expect(streaming).toContainText('Parte 2', { timeout: 20_000 });
  const stopping = await socketHolder(cluster, person);
  const survivor = otherThan(cluster, stopping);

  const healthStatuses: number[] = [];
  let exited = false;
  const checker = async () => {
    while (!exited) {
      const health = await call(cluster, 'nginx', '/api/health').catch(() => undefined);
      healthStatuses.push(health?.status ?? 0);
    }
  };
  const checkers = Promise.all([checker(), checker()]);
  const signalled = Date.now();
  stopping.child.kill('SIGTERM');
  // The answer is not cut: it streams to its end on the stopping instance, and the tab shows it whole.
  await expect(streaming).toHaveCount(0, { timeout: 10_000 });
  const thread = page.getByRole('list', { name: 'Conversación con tu coach' });
  await expect(thread).toContainText(pieces.join('').trim());
  await stopping.exited;
  const took = Date.now() - signalled;
  exited = true;
  await checkers;

  expect(stopping.child.exitCode).toBe(0);
  // It waited for the answer (about 2.6 s were left), and no longer than the budget.
  expect(took).toBeGreaterThan(1_500);
  expect(took).toBeLessThan(8_000);
  // Asked once: nothing was cut and asked again on the other instance.
  expect(model.requests.filter((request) => (request.body as { stream?: boolean } | null)?.stream).length).toBe(1);
  expect(model.abortedRequests()).toBe(0);
  // Health checks that reached the stopping instance on a kept-alive connection got 503 there and were
  // passed on by nginx (proxy_next_upstream http_503): the caller only ever saw 200.
  expect(healthStatuses.filter((status) => status !== 200)).toEqual([]);
  const passedOn = (readFileSync(join(cluster.dir, 'nginx-error.log'), 'utf8').match(/upstream server temporarily disabled/g) ?? []).length;
  test.info().annotations.push({
    type: 'drain',
    description: `exited after ${took} ms; ${healthStatuses.length} health checks, all 200; nginx disabled an upstream ${passedOn} time(s)`,
  });

  // Then the tab was told to reconnect, and did, to the survivor, with no error on the page.
  await expect.poll(() => sockets.some((socket, i) => i > 0 && socket.started), { timeout: 10_000 }).toBe(true);
  expect(sockets[0]?.notified).toBe(true);
  expect((await socketHolder(cluster, person, [survivor])).id).toBe(survivor.id);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(thread).toContainText(pieces.join('').trim());
});
