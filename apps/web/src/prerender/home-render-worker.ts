/**
 * The worker thread in which the API renders a member's Home (apps/api/src/http/home-renderer.ts), so
 * that React's render never blocks the event loop that answers the API and pushes realtime events.
 * Built as its own server entry (`vite build --ssr src/prerender/home-render-worker.ts --outDir
 * dist-server`); the API starts it with `new Worker(<file URL>, { workerData: { origin } })`. One
 * request at a time per message; a failure is answered with its message (the page then goes without
 * markup).
 */
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- Node only: the API's worker, never in the browser's bundle
import { parentPort, workerData } from 'node:worker_threads';
import type { HomeRenderReply, HomeRenderRequest } from '@ascenso/domain/bootstrap';
import { renderMemberHome } from './member-home';

const { origin } = workerData as { origin: string };

parentPort?.on('message', ({ id, state }: HomeRenderRequest) => {
  const reply = (message: HomeRenderReply) => parentPort?.postMessage(message);
  renderMemberHome(state, { origin }).then(
    (page) => reply({ id, page }),
    (error: unknown) => reply({ id, error: error instanceof Error ? error.message : String(error) }),
  );
});
