import { expect, type Page } from '@playwright/test';
import { CONVERSATION, inBatches, signUpCoachee, trpcMutation } from './app';
import { scriptModel, streamedText } from './fake-model';
import { REPRESENTATIVE_IDS, textVectors, vectorById, type XssVector } from './vectors';
import { auditPlace, expectCleanDocument, expectCleanPlace, missingTexts } from './xss-harness';
import { test } from './xss-test';

/** The most a message may hold (coaching.send). */
const MESSAGE_MAX = 4000;

const STREAMING = '[data-testid="respuesta-en-curso"]';

export interface ConversationPlace {
  kind: 'chat' | 'journal';
  /** The screen of one conversation, e.g. "/coaching/chat". */
  path: string;
  /** The composer's accessible name. */
  box: string;
}

/** Every vector as one answer: blank lines between them, so each is also a paragraph of its own. */
export function allVectorsAsOneText(vectors: readonly XssVector[]): string {
  return vectors.map((v) => v.html).join('\n\n');
}

/**
 * Every vector that fits a message is stored as the user's message (through the API, one round trip
 * each but no model), then the conversation is opened: the screen resumes the unanswered last message
 * and the fake model streams back one answer made of every vector, cut into small pieces. The
 * conversation is audited while the answer streams, when it is done, and (optionally) after a
 * reload, from the database.
 */
export async function everyVectorBothWays(page: Page, place: ConversationPlace, options: { reload: boolean }): Promise<{ sent: number; answered: number }> {
  const messages = textVectors(MESSAGE_MAX);
  const answer = textVectors(Number.POSITIVE_INFINITY);
  await scriptModel(page.request, { stream: streamedText(allVectorsAsOneText(answer), 61, 1) });
  const conversation = await trpcMutation<{ id: string }>(page, 'coaching.start', { kind: place.kind });
  await inBatches(messages, 16, (vector) =>
    trpcMutation(page, 'coaching.send', {
      conversationId: conversation.id,
      content: vector.html,
      clientMessageId: crypto.randomUUID(),
    }),
  );

  await page.goto(`${place.path}?c=${conversation.id}`);
  const items = page.locator(`${CONVERSATION} > li`);
  await expect(page.locator(STREAMING)).toBeVisible({ timeout: 20_000 });
  // While the answer streams in: audit the growing bubble a few times.
  for (let look = 0; look < 3; look += 1) {
    const problems = await auditPlace(page, STREAMING);
    if (problems.length > 0 && (await page.locator(STREAMING).count()) > 0) expect(problems, `streaming answer, look ${look}`).toEqual([]);
    await page.waitForTimeout(150);
  }
  await expect(page.locator(STREAMING)).toHaveCount(0, { timeout: 60_000 });
  await expect.poll(() => items.count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(messages.length + 1);

  for (const when of options.reload ? ['streamed', 'reloaded'] : ['streamed']) {
    if (when === 'reloaded') {
      await page.reload();
      await expect.poll(() => items.count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(messages.length + 1);
    }
    await expectCleanPlace(page, CONVERSATION, `${place.kind}, ${when}`);
    await expectCleanDocument(page, `${place.kind}, ${when}`);
    const expected = [...new Set([...messages, ...answer].map((v) => v.html))];
    expect(await missingTexts(page, CONVERSATION, expected), `${place.kind}, ${when}: texts not shown as text`).toEqual([]);
  }
  return { sent: messages.length, answered: answer.length };
}

/**
 * The real composer, one round trip per vector: the user types a representative vector and the
 * model answers with another one.
 */
export async function representativeRoundTrips(page: Page, place: ConversationPlace): Promise<number> {
  const ids = REPRESENTATIVE_IDS.filter((id) => vectorById(id).html.trim().length <= MESSAGE_MAX);
  await page.goto(place.path);
  const box = page.getByRole('textbox', { name: place.box });
  for (let index = 0; index < ids.length; index += 1) {
    const typed = vectorById(ids[index]!);
    const answered = vectorById(ids[(index + 1) % ids.length]!);
    await scriptModel(page.request, { stream: streamedText(answered.html, 5) });
    // The first time, the page's cold start and the conversation's creation come first: under a second
    // gate's load they alone passed an assertion's 5 s (what a cold load costs: decision 033).
    await expect(box).toBeEnabled(index === 0 ? { timeout: 30_000 } : {});
    await expect(page.locator(STREAMING)).toHaveCount(0);
    await box.fill(typed.html);
    await box.press('Enter');
    // Done when the last two items are this message and its (finished, not streaming) answer.
    await expect
      .poll(
        async () => [
          ...(await missingTexts(page, `${CONVERSATION} > li:nth-last-child(2)`, [typed.html.trim()])),
          ...(await missingTexts(page, `${CONVERSATION} > li:last-child:not(${STREAMING})`, [answered.html.trim()])),
        ],
        { message: `${typed.id} typed, ${answered.id} answered`, timeout: 20_000 },
      )
      .toEqual([]);
  }
  await expectCleanPlace(page, CONVERSATION, `${place.kind}, typed`);
  await expectCleanDocument(page, `${place.kind}, typed`);
  return ids.length;
}

/**
 * The test of `representativeRoundTrips` for one place (`name` in its title and reports), as a new
 * coachee: more than 10 vectors typed and answered, none of them ran.
 */
export function testRepresentativeRoundTrips(place: ConversationPlace, name: string, firstName: string): void {
  test(`${name}: representative vectors typed in the composer, answered by the model one by one`, async ({ page, traps }) => {
    test.setTimeout(120_000);
    await signUpCoachee(page, firstName);
    expect(await representativeRoundTrips(page, place)).toBeGreaterThan(10);
    await traps.expectNothingRan(`${name}, typed`);
  });
}
