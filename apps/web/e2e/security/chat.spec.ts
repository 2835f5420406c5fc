import { expect } from '@playwright/test';
import { CHAT_BOX, signUpCoachee } from './app';
import { everyVectorBothWays, testRepresentativeRoundTrips } from './conversation';
import { expectCleanDocument, expectCleanPlace } from './xss-harness';
import { test } from './xss-test';

const CHAT = { kind: 'chat', path: '/coaching/chat', box: CHAT_BOX } as const;

test.describe('XSS: the coach chat', () => {
  test("every vector as the user's messages and in the coach's streamed answer", async ({ page, traps }) => {
    test.setTimeout(120_000);
    await signUpCoachee(page, 'Xana');
    const counts = await everyVectorBothWays(page, CHAT, { reload: true });
    expect(counts.sent).toBeGreaterThan(500);

    // The conversation's title (its first message) in the coach's hub.
    await page.goto('/coaching');
    const recent = 'ul[aria-label="Conversaciones y sesiones recientes"]';
    await expect(page.locator(recent)).toBeVisible({ timeout: 20_000 });
    await expectCleanPlace(page, recent, 'conversation titles');
    await expectCleanDocument(page, 'coaching hub');
    await traps.expectNothingRan('coach chat');
  });

  testRepresentativeRoundTrips(CHAT, 'coach chat', 'Xoán');
});
