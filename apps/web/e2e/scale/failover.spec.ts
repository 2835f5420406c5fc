import { test as base } from '@playwright/test';
import { esNumber, stepCounterLink, stepToasts, TRPC_WS_PATH } from '../support/steps';
import { type Cluster } from './cluster';
import {
  ASSESSMENT_STEPS,
  availability,
  call,
  expect,
  INSTANCE_HEADER,
  JOURNALING_STEPS,
  openLiveHome,
  otherThan,
  socketHolder,
  useCluster,
  writeJournal,
} from './fixtures';

// Decision 024: SIGKILL one of the two instances while writes go through nginx. This test kills an
// instance, so it has a cluster of its own (not the worker's shared one).
const test = base.extend<{ cluster: Cluster }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright fixtures destructure their dependencies
  cluster: async ({}, use) => {
    // Its writes are short journal entries, more than the daily quota of 30 allows.
    await useCluster({ env: { QUOTA_JOURNAL_ENTRIES_PER_DAY: '1000' } }, use);
  },
  baseURL: async ({ cluster }, use) => use(cluster.url),
});
test.skip(!availability.available, availability.available ? '' : availability.reason);

test('SIGKILL of one instance loses no acknowledged write, and the tab reconnects to the other and stays live', async ({ page, cluster }) => {
  test.setTimeout(90_000);
  const person = await openLiveHome(cluster, page, 'Elena');
  const doomed = await socketHolder(cluster, person);
  const survivor = otherThan(cluster, doomed);

  // Attach before the kill: resolves when the tab's next socket has its subscription running again.
  const reconnected = new Promise<void>((resolve) => {
    page.on('websocket', (socket) => {
      if (new URL(socket.url()).pathname !== TRPC_WS_PATH) return;
      socket.on('framereceived', (frame) => {
        if (typeof frame.payload === 'string' && frame.payload.includes('"started"')) resolve();
      });
    });
  });

  // Writes through nginx, four at a time, 48 in all: short journal entries (no award, so no toast). The
  // instance holding the tab dies after the 16th answer, with writes in flight. Each acknowledged (200)
  // write must be readable afterwards.
  const acknowledged: string[] = [];
  const refused: number[] = [];
  let answers = 0;
  let killed = false;
  let next = 0;
  const writer = async () => {
    while (next < 48) {
      next += 1;
      const response = await writeJournal(cluster, 'nginx', person, `Nota ${next} antes y después del corte.`).catch(() => undefined);
      answers += 1;
      if (response?.status === 200)
        acknowledged.push(((await response.json()) as { result: { data: { json: { entry: { id: string } } } } }).result.data.json.entry.id);
      else refused.push(response?.status ?? 0);
      if (answers >= 16 && !killed) {
        killed = true;
        doomed.child.kill('SIGKILL');
      }
    }
  };
  await Promise.all([writer(), writer(), writer(), writer()]);
  await doomed.exited;
  expect(doomed.child.signalCode).toBe('SIGKILL');
  // Only a write in flight at the kill may fail (nginx never passes a sent POST on: 502); the rest,
  // sent while the dead instance refused connections, went to the survivor.
  expect(
    refused.every((status) => status === 502),
    `refused: ${refused.join(', ')}`,
  ).toBe(true);
  expect(refused.length).toBeLessThanOrEqual(4);
  expect(acknowledged.length).toBeGreaterThanOrEqual(44);

  // Everything acknowledged is readable from the survivor, directly and through nginx.
  for (const target of [survivor, 'nginx'] as const) {
    const list = await call(cluster, target, '/api/trpc/journaling.list', { cookie: person.cookie });
    expect(list.status).toBe(200);
    expect(list.headers.get(INSTANCE_HEADER)).toBe(survivor.id);
    const entries = ((await list.json()) as { result: { data: { json: Array<{ id: string; body: string }> } } }).result.data.json;
    const ids = new Set(entries.map((entry) => entry.id));
    expect(acknowledged.filter((id) => !ids.has(id))).toEqual([]);
    // And nothing was written twice: nginx passed no sent POST on to the survivor.
    const notes = entries.map((entry) => entry.body).filter((body) => body.startsWith('Nota '));
    expect(new Set(notes).size).toBe(notes.length);
  }
  test.info().annotations.push({ type: 'writes', description: `${acknowledged.length} acknowledged, ${refused.length} refused (${refused.join(', ')})` });

  // The tab's socket died with its instance; it reconnected through nginx to the survivor.
  await reconnected;
  expect((await socketHolder(cluster, person, [survivor])).id).toBe(survivor.id);
  // And it is live: a completion on the survivor updates the counter and toasts, without a reload.
  const response = await writeJournal(cluster, survivor, person);
  expect(response.status, await response.clone().text()).toBe(200);
  await expect(stepToasts(page).getByText(`+${esNumber(JOURNALING_STEPS)} pasos`)).toBeVisible({ timeout: 5_000 });
  await expect(stepCounterLink(page, ASSESSMENT_STEPS + JOURNALING_STEPS)).toBeVisible({ timeout: 2_000 });
});
