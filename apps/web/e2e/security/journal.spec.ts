import { expect, type Page } from '@playwright/test';
import { inBatches, signUpCoachee, trpcMutation } from './app';
import { allVectorsAsOneText, everyVectorBothWays, testRepresentativeRoundTrips } from './conversation';
import { REPRESENTATIVE_IDS, textVectors, vectorById, WELL_FORMED_VECTORS } from './vectors';
import { expectCleanDocument, expectCleanPlace, missingTexts } from './xss-harness';
import { test } from './xss-test';

const JOURNALING = { kind: 'journal', path: '/journaling/chat', box: 'Escribe en tu diario' } as const;
const ENTRY_LIST = 'main ul[role="list"]';
const ENTRY = 'main h1, main article[aria-label="Entrada"]';

async function visitEntry(page: Page, id: string, texts: string[]): Promise<void> {
  await page.goto(`/journaling/entry/${encodeURIComponent(id)}`);
  await expect(page.locator('main article[aria-label="Entrada"]')).toBeVisible({ timeout: 20_000 });
  await expectCleanPlace(page, ENTRY, `journal entry ${id}`);
  await expectCleanDocument(page, `journal entry ${id}`);
  expect(await missingTexts(page, ENTRY, texts), `journal entry ${id}: texts not shown as text`).toEqual([]);
}

/**
 * A text field's value for `raw` (trimmed, cut to `max` UTF-16 units without splitting a surrogate pair,
 * which the API would refuse), or `fallback` when nothing is left.
 */
const field = (raw: string, max: number, fallback: string) =>
  raw
    .trim()
    .slice(0, max)
    .replace(/[\ud800-\udbff]$/, '')
    .trim() || fallback;

test.describe('XSS: the journal', () => {
  test('entries: every vector as title, mood, prompt and body, in the list and on the entry page', async ({ page, traps }) => {
    test.setTimeout(120_000);

    // One entry per vector (title ≤ 120, mood ≤ 40, prompt ≤ 300, body ≤ 20 000 characters); the list
    // shows a user's 500 latest entries, so the vectors are shared between two users. Vectors holding NUL or
    // half a surrogate pair are refused at the API's edge (tested there) and never stored.
    const half = Math.ceil(WELL_FORMED_VECTORS.length / 2);
    for (const share of [WELL_FORMED_VECTORS.slice(0, half), WELL_FORMED_VECTORS.slice(half)]) {
      await signUpCoachee(page, 'Ximena');
      const entries = await inBatches(share, 24, (vector) =>
        trpcMutation<{ entry: { id: string } }>(page, 'journaling.create', {
          title: field(vector.html, 120, 'Entrada'),
          mood: field(vector.html, 40, 'calma'),
          prompt: field(vector.html, 300, '¿Qué te ha dado energía hoy?'),
          body: field(vector.html, 20_000, 'Hoy.'),
        }),
      );
      await page.goto('/journaling');
      await expect.poll(() => page.locator(`${ENTRY_LIST} > li`).count(), { timeout: 20_000 }).toBe(share.length);
      await expectCleanPlace(page, ENTRY_LIST, 'journal list');
      await expectCleanDocument(page, 'journal list');
      const titles = share.map((v) => field(v.html, 120, 'Entrada'));
      expect(await missingTexts(page, ENTRY_LIST, titles), 'titles not shown as text').toEqual([]);
      // Half of the representative vectors' own entry pages (title and prompt; the long entries below
      // carry every vector in a body).
      for (const id of REPRESENTATIVE_IDS.filter((_id, index) => index % 2 === 0)) {
        const vector = vectorById(id);
        const at = share.indexOf(vector);
        if (at >= 0) await visitEntry(page, entries[at]!.entry.id, [field(vector.html, 120, 'Entrada'), field(vector.html, 20_000, 'Hoy.')]);
      }
    }

    // And every vector in the body of a few long entries, one paragraph each.
    const paragraphs = allVectorsAsOneText(textVectors(Number.POSITIVE_INFINITY)).split('\n\n');
    const bodies: string[] = [];
    for (const paragraph of paragraphs) {
      const last = bodies.at(-1);
      if (last !== undefined && last.length + paragraph.length + 2 <= 20_000) bodies[bodies.length - 1] = `${last}\n\n${paragraph}`;
      else bodies.push(paragraph);
    }
    const long = await inBatches(bodies, 4, (body, index) =>
      trpcMutation<{ entry: { id: string } }>(page, 'journaling.create', {
        title: `Todas las cadenas ${index + 1}`,
        mood: 'calma',
        body,
      }),
    );

    // The long entries' pages: every vector as a paragraph.
    for (const [index, created] of long.entries()) await visitEntry(page, created.entry.id, bodies[index]!.split('\n\n'));
    await traps.expectNothingRan('journal entries');
  });

  test('journaling chat: every vector both ways, then saved to the journal', async ({ page, traps }) => {
    test.setTimeout(120_000);
    await signUpCoachee(page, 'Xiana');
    const counts = await everyVectorBothWays(page, JOURNALING, { reload: false });
    expect(counts.sent).toBeGreaterThan(500);

    // Saved as entries (the user's side of a conversation; an entry holds at most 20 000 characters):
    // every message vector again, in journaling chats packed under that size, with a hostile mood and title.
    const hostile = vectorById('o039').html;
    const chunks: string[][] = [[]];
    let size = 0;
    for (const vector of textVectors(4000)) {
      const text = vector.html.trim();
      if (!text) continue;
      if (size + text.length + 2 > 20_000) {
        chunks.push([]);
        size = 0;
      }
      chunks.at(-1)!.push(text);
      size += text.length + 2;
    }
    expect(chunks.flat().length).toBeGreaterThan(500);
    for (const [index, chunk] of chunks.entries()) {
      const conversation = await trpcMutation<{ id: string }>(page, 'coaching.start', { kind: 'journal' });
      await inBatches(chunk, 16, (content) =>
        trpcMutation(page, 'coaching.send', {
          conversationId: conversation.id,
          content,
          clientMessageId: crypto.randomUUID(),
        }),
      );
      const saved = await trpcMutation<{ entryId: string }>(page, 'coaching.saveJournal', {
        conversationId: conversation.id,
        mood: field(hostile, 40, 'calma'),
        title: field(hostile, 120, 'Entrada'),
      });
      await page.goto(`/journaling/entry/${encodeURIComponent(saved.entryId)}`);
      await expect(page.locator('main article[aria-label="Entrada"]')).toBeVisible({ timeout: 20_000 });
      await expectCleanPlace(page, ENTRY, `entry ${index + 1} of ${chunks.length} saved from a journaling chat`);
      await expectCleanDocument(page, `entry ${index + 1} of ${chunks.length} saved from a journaling chat`);
      expect(await missingTexts(page, 'main h1', [hostile])).toEqual([]);
    }
    await traps.expectNothingRan('journaling chat');
  });

  testRepresentativeRoundTrips(JOURNALING, 'journaling chat', 'Xulia');
});
