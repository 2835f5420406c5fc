import { expect, type Locator, type Page } from '@playwright/test';
import { completeAssessmentViaApi, registerFreshUser } from './assessment';
// The server's allowed Origin: every non-GET request must carry it (browsers do).
import { APP_ORIGIN } from './ports';

export const PLAN_LINK_CLASSES = ['breathing', 'fitness', 'journal', 'coaching', 'active-breaks', 'meditation', 'meditations'];

/** A fresh user with a completed assessment (so the whole app is available), signed in on `page`. */
export async function signUpCoachee(page: Page, firstName: string): Promise<{ id: string; email: string }> {
  const user = await registerFreshUser(page, firstName);
  await completeAssessmentViaApi(page);
  return user;
}

/** Calls a tRPC mutation over plain HTTP (superjson envelope) with the page's session. */
export async function trpcMutation<T>(page: Page, path: string, input: unknown): Promise<T> {
  const response = await page.request.post(`/api/trpc/${path}`, {
    data: { json: input },
    headers: { Origin: APP_ORIGIN },
  });
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as { result: { data: { json: T } } };
  return body.result.data.json;
}

/**
 * Gives the user an open commitment the way the app does: a structured session with two answers,
 * closed with `coaching.finishSession` (the offline coach takes the commitment from the last answer).
 */
export async function createOpenCommitment(page: Page, text: string): Promise<void> {
  const session = await trpcMutation<{ id: string }>(page, 'coaching.start', { kind: 'session' });
  for (const content of ['Llego con un 6, algo cansada.', text]) {
    await trpcMutation(page, 'coaching.send', {
      conversationId: session.id,
      content,
      clientMessageId: crypto.randomUUID(),
    });
  }
  const finished = await trpcMutation<{ commitments: { text: string }[] }>(page, 'coaching.finishSession', {
    conversationId: session.id,
  });
  expect(finished.commitments.length).toBeGreaterThan(0);
}

/**
 * The offline coach answers at once; to watch an answer stream in (and stop it), the coach's
 * WebSocket frames are passed on to the page one at a time, `delayMs` apart.
 */
export async function slowDownCoachStream(page: Page, delayMs: number): Promise<void> {
  await page.routeWebSocket(/\/api\/trpc-ws/, (ws) => {
    const server = ws.connectToServer();
    let queue = Promise.resolve();
    server.onMessage((message) => {
      queue = queue
        .then(() => new Promise((resolve) => setTimeout(resolve, delayMs)))
        .then(() => {
          try {
            ws.send(message);
          } catch {
            // The page already closed its socket.
          }
        });
    });
  });
}

export function conversationList(page: Page): Locator {
  return page.getByRole('list', { name: 'Conversación con tu coach' });
}

/** The answer that is streaming right now (absent when none is). */
export function streamingAnswer(page: Page): Locator {
  return page.getByTestId('respuesta-en-curso');
}

/** The streamed text right now ('' before the first words), or null once the answer has finished. Never waits. */
export function streamingText(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const bubble = document.querySelector('[data-testid="respuesta-en-curso"]');
    if (!bubble) return null;
    return bubble.querySelector('[data-streaming-text]')?.textContent ?? '';
  });
}

export function sendButton(page: Page): Locator {
  return page.getByRole('button', { name: 'Enviar', exact: true });
}

export function stopButton(page: Page): Locator {
  return page.getByRole('button', { name: 'Detener', exact: true });
}

/** Types a message in the conversation box, presses Enter and waits until the coach has answered. */
export async function sendAndWaitForAnswer(page: Page, box: Locator, text: string): Promise<void> {
  const items = conversationList(page).getByRole('listitem');
  // The conversation is on screen (with what it already holds) before counting.
  await expect(conversationList(page)).toBeVisible();
  await expect(box).toBeEnabled();
  await expect(streamingAnswer(page)).toHaveCount(0);
  const before = await items.count();
  await box.fill(text);
  await box.press('Enter');
  // The user's message and the coach's complete answer (not the streaming one).
  await expect(items).toHaveCount(before + 2, { timeout: 15_000 });
  await expect(streamingAnswer(page)).toHaveCount(0, { timeout: 15_000 });
  await expect(stopButton(page)).toHaveCount(0);
}

/** axe, WCAG 2.1 A/AA, no serious or critical violation: the shared helper. */
export { expectNoSeriousA11yViolations } from './axe';
