import { SAMPLE_JOURNAL_ENTRY } from '@ascenso/domain/evidence.fixtures';
import { ASSESSMENT_VERSION } from '@ascenso/domain/assessment';
import { COMPLETE_RESPONSES } from '@ascenso/domain/assessment.fixtures';
import { request } from 'node:http';
import { test as base, expect, type Page } from '@playwright/test';
import { uniqueEmail } from '../support/auth';
import { stepCounterLink, TRPC_WS_PATH, waitForRealtime } from '../support/steps';
import {
  clusterAvailability,
  INSTANCE_HEADER,
  SCALE_DATABASE,
  startCluster,
  type Cluster,
  type ClusterDatabase,
  type ClusterOptions,
  type Instance,
} from './cluster';

export { expect };
export { INSTANCE_HEADER };

/** Checked when the spec files load: under CI a missing nginx or Redis fails the run here. */
export const availability = clusterAvailability();
// Said once, where the run's output shows it: a skipped project must not pass unnoticed.
if (!availability.available) console.warn(`[e2e scale] skipped: ${availability.reason}`);

/** The Playwright option of the scale projects (playwright.config.ts): the database both instances share. */
export type ScaleOptions = { scaleDatabase: ClusterDatabase['kind'] };

/**
 * `cluster`: two API instances behind nginx on one database (`scaleDatabase`: a PostgreSQL cluster of its
 * own, or one SQLite file) and one Redis, started once per worker (workers: 1) and stopped after its last
 * test. `baseURL` is nginx's origin, so `page.goto('/')` and `page.request` go through nginx like a real browser.
 */
export const test = base.extend<object, ScaleOptions & { cluster: Cluster }>({
  scaleDatabase: [SCALE_DATABASE, { scope: 'worker', option: true }],
  cluster: [async ({ scaleDatabase }, use) => useCluster({ database: scaleDatabase }, use), { scope: 'worker', timeout: 90_000 }],
  baseURL: async ({ cluster }, use) => use(cluster.url),
});

/** Starts a cluster with `options`, hands it to `use` (a Playwright fixture's), and stops it afterwards, even on failure. */
export async function useCluster(options: ClusterOptions, use: (cluster: Cluster) => Promise<void>): Promise<void> {
  const cluster = await startCluster(options);
  try {
    await use(cluster);
  } finally {
    await cluster.stop();
  }
}

export type Person = { id: string; cookie: string; email: string; password: string };

/** The steps the assessment and a journal entry earn (the seeded catalogue). */
export const ASSESSMENT_STEPS = 1000;
export const JOURNALING_STEPS = 325;

/** JSON request with the app's Origin and the person's cookie, to nginx or to one instance directly. */
export function call(
  cluster: Cluster,
  target: Instance | 'nginx',
  path: string,
  init: { cookie?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const base = target === 'nginx' ? `http://127.0.0.1:${cluster.nginxPort}` : target.url;
  return fetch(`${base}${path}`, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers: {
      origin: cluster.origin,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.cookie ? { cookie: init.cookie } : {}),
      ...init.headers,
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
}

/**
 * A JSON POST to nginx from another loopback address (127.0.0.2, …): a different client as nginx sees it,
 * which it appends to X-Forwarded-For for the instance. Answers the status and the answering instance.
 */
export function postFrom(cluster: Cluster, localAddress: string, path: string, body: unknown): Promise<{ status: number; instance: string | undefined }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: cluster.nginxPort,
        path,
        method: 'POST',
        localAddress,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), origin: cluster.origin },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, instance: res.headers[INSTANCE_HEADER] as string | undefined }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** A fresh member registered through nginx; with `page`, the page's context holds the session too. */
export async function registerPerson(cluster: Cluster, firstName: string, page?: Page): Promise<Person> {
  const email = uniqueEmail('escala');
  const password = 'Un paseo largo por la sierra';
  const response = await call(cluster, 'nginx', '/api/auth/register', { body: { email, password, firstName } });
  expect(response.status, await response.clone().text()).toBe(201);
  const user = (await response.json()) as { id: string };
  const cookie = response.headers.getSetCookie().find((line) => line.startsWith('session='));
  if (!cookie) throw new Error('no session cookie');
  const [name, value] = (cookie.split(';')[0] ?? '').split('=') as [string, string];
  if (page) await page.context().addCookies([{ name, value, url: cluster.url, httpOnly: true, sameSite: 'Lax' }]);
  return { id: user.id, cookie: `${name}=${value}`, email, password };
}

/**
 * Confirms the person's address through their welcome mail, read from the dev outbox by the seeded admin
 * (shares and the calendar feed need a confirmed address).
 */
export async function verifyPerson(cluster: Cluster, person: Person): Promise<void> {
  const login = await call(cluster, 'nginx', '/api/auth/login', { body: { email: 'admin@ascenso.local', password: 'Ascenso-admin-2026' } });
  expect(login.status, await login.clone().text()).toBe(200);
  const admin = (login.headers.getSetCookie().find((line) => line.startsWith('session=')) ?? '').split(';')[0] ?? '';
  let token = '';
  await expect
    .poll(
      async () => {
        const answer = await call(cluster, 'nginx', '/api/trpc/admin.outbox', { cookie: admin });
        const mails = ((await answer.json()) as { result: { data: { json: Array<{ to: string; template: string; text: string }> } } }).result.data.json;
        const welcome = mails.find((mail) => mail.to === person.email && mail.template === 'welcome');
        token = /\/verificar\/([A-Za-z0-9_-]{43})/.exec(welcome?.text ?? '')?.[1] ?? '';
        return token;
      },
      { timeout: 10_000 },
    )
    .not.toBe('');
  const verified = await call(cluster, 'nginx', '/api/auth/verify-email', { body: { token } });
  expect(verified.status, await verified.clone().text()).toBe(200);
}

/**
 * Completes the assessment (one write, and the `assessment_completed` award once a day) on `target`. `attempt`
 * makes the answers differ (the biggest challenge): answers equal to the latest ones earn nothing (decision 037).
 */
export function completeAssessment(cluster: Cluster, target: Instance | 'nginx', person: Person, attempt = 0) {
  const responses =
    attempt === 0 ? COMPLETE_RESPONSES : { ...COMPLETE_RESPONSES, biggestChallenge: `${COMPLETE_RESPONSES.biggestChallenge} (intento ${attempt + 1})` };
  return call(cluster, target, '/api/assessment/complete', { cookie: person.cookie, body: { responses, version: ASSESSMENT_VERSION } });
}

/**
 * A fresh member with a completed assessment, on Home in `page` (through nginx) with its realtime
 * subscription running and the assessment's steps counted. A socket tracker is attached before: the
 * page opens no socket until Home loads.
 */
export async function openLiveHome(cluster: Cluster, page: Page, firstName: string): Promise<Person> {
  const person = await registerPerson(cluster, firstName, page);
  expect((await completeAssessment(cluster, 'nginx', person)).status).toBe(201);
  const live = waitForRealtime(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: `Hola, ${firstName}` })).toBeVisible();
  await live;
  await expect(stepCounterLink(page, ASSESSMENT_STEPS)).toBeVisible();
  return person;
}

/** A journal entry that earns (decision 037: 50 words or more, 20 of them distinct). */
export const LONG_ENTRY = SAMPLE_JOURNAL_ENTRY;

/** A journal entry (tRPC `journaling.create`); a short one is a plain write: no award, no event. */
export function writeJournal(cluster: Cluster, target: Instance | 'nginx', person: Person, body = LONG_ENTRY) {
  return call(cluster, target, '/api/trpc/journaling.create', { cookie: person.cookie, body: { json: { mood: 'calma', body } } });
}

/**
 * The instance holding the person's sockets, from the Redis counts every instance keeps of its own
 * sockets (`ascenso:sockets:user:<id>`: instance id → open sockets; decision 022). Waits until exactly
 * one live instance holds some.
 */
export async function socketHolder(cluster: Cluster, person: Person, among: Instance[] = cluster.instances): Promise<Instance> {
  let holder: Instance | undefined;
  await expect
    .poll(
      async () => {
        const counts = await cluster.redisHash(`ascenso:sockets:user:${person.id}`);
        const holding = among.filter((instance) => Number(counts[instance.id] ?? 0) > 0);
        holder = holding.length === 1 ? holding[0] : undefined;
        return holding.map((instance) => instance.name);
      },
      { timeout: 10_000, message: 'exactly one instance holds the tab’s sockets' },
    )
    .toHaveLength(1);
  if (!holder) throw new Error('no holder');
  return holder;
}

export function otherThan(cluster: Cluster, instance: Instance): Instance {
  const other = cluster.instances.find((candidate) => candidate !== instance);
  if (!other) throw new Error('one instance only');
  return other;
}

export type TrackedSocket = { notified: boolean; started: boolean };
/**
 * Every tRPC socket the page opens from now on, in order, with whether the server told it to reconnect
 * (`{"id":null,"method":"reconnect"}`) and whether a subscription started on it. The array fills as frames arrive.
 */
export function trackTrpcSockets(page: Page): TrackedSocket[] {
  const sockets: TrackedSocket[] = [];
  page.on('websocket', (socket) => {
    if (new URL(socket.url()).pathname !== TRPC_WS_PATH) return;
    const seen = { notified: false, started: false };
    sockets.push(seen);
    socket.on('framereceived', (frame) => {
      if (typeof frame.payload !== 'string') return;
      if (frame.payload === '{"id":null,"method":"reconnect"}') seen.notified = true;
      if (frame.payload.includes('"started"')) seen.started = true;
    });
  });
  return sockets;
}
