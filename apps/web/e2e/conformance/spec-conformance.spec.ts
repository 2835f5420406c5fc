import { expect, test, type Locator, type Page } from '@playwright/test';
import { completeAssessmentViaApi, registerFreshUser, wizardIntroHeading } from '../support/assessment';
import { registerViaApi, stepCounter, stepCounterLink } from '../support/steps';

/** Spec §9 and §2 statements that an audit found unmet. */

const NOTICE = 'No hemos podido cerrar la sesión';

function voiceButton(page: Page): Locator {
  return stepCounter(page).getByRole('button', { name: 'Entrada rápida por voz' });
}

/**
 * A general notification on demand: "Cerrar sesión" while the server refuses it (the app shell's error
 * notice). The voice button, which used to show "llegará pronto", now opens the recorder (e2e/voice).
 */
async function showNotice(page: Page): Promise<void> {
  await page.route('**/api/trpc/auth.logout**', (route) => route.fulfill({ status: 503, contentType: 'text/plain', body: 'no disponible' }));
  // After hydration: a click on the server-rendered button before it would do nothing.
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
  const refused = page.waitForResponse('**/api/trpc/auth.logout**');
  await page.getByRole('button', { name: 'Cerrar sesión', exact: true }).click();
  await refused;
}

/** The general notification with this text, visible or kept hidden after dismissal. */
function notification(page: Page, text: string): Locator {
  return page.locator('[data-scope="toast"][data-part="root"]').filter({ hasText: text });
}

function notificationsRegion(page: Page): Locator {
  return page.getByRole('region', { name: 'Notificaciones (F8)' });
}

async function signedInHome(page: Page, firstName: string): Promise<void> {
  await registerViaApi(page, firstName);
  await completeAssessmentViaApi(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: `Hola, ${firstName}` })).toBeVisible();
  await expect(stepCounterLink(page)).toBeVisible();
}

type Box = { x: number; y: number; width: number; height: number };

/** The element's box once it has stopped moving (a toast slides in): two reads in a row agree. */
async function settledBox(target: Locator): Promise<Box> {
  let previous: Box | null = null;
  let settled: Box | null = null;
  await expect
    .poll(
      async () => {
        const box = await target.boundingBox();
        const same = box !== null && previous !== null && JSON.stringify(box) === JSON.stringify(previous);
        previous = box;
        if (same) settled = box;
        return same;
      },
      { intervals: [50, 100, 100, 200] },
    )
    .toBe(true);
  if (!settled) throw new Error('no bounding box');
  return settled;
}

/** Drags the pointer from the middle of `target` `dx` px to the right, in small moves, and releases it. */
async function dragRight(page: Page, target: Locator, dx: number): Promise<void> {
  const box = await settledBox(target);
  const y = box.y + box.height / 2;
  const x = box.x + box.width / 3;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx, y, { steps: 8 });
  await page.mouse.up();
}

test.describe('general notifications (spec §9)', () => {
  test('F8 focuses the notifications region (Alt+T no longer does)', async ({ page }) => {
    await signedInHome(page, 'Noa');
    await showNotice(page);
    await expect(notification(page, NOTICE)).toBeVisible();
    await page.getByRole('heading', { level: 1, name: 'Hola, Noa' }).click(); // focus away from the button

    await page.keyboard.press('Alt+KeyT');
    // Zag moves focus in a microtask after the key: by the next frame it would have happened.
    const focusedAfterAltT = await page.evaluate(
      () => new Promise<string | null>((resolve) => requestAnimationFrame(() => resolve(document.activeElement?.getAttribute('aria-label') ?? null))),
    );
    expect(focusedAfterAltT).not.toBe('Notificaciones (F8)');

    await page.keyboard.press('F8');
    await expect(notificationsRegion(page)).toBeFocused();
  });

  test('swipe right dismisses at 50 px; a shorter drag springs back', async ({ page }) => {
    await signedInHome(page, 'Iker');
    await showNotice(page);
    const toast = notification(page, NOTICE);
    await expect(toast).toBeVisible();
    await expect(toast).toHaveAttribute('data-state', 'open');

    await dragRight(page, toast, 35);
    await expect(toast).toHaveAttribute('data-state', 'open');
    await expect(toast).toBeVisible();

    await dragRight(page, toast, 60);
    await expect(toast).toHaveAttribute('data-state', 'closed');
    await expect(toast).toBeHidden();
  });

  test('a dismissed notification is kept (hidden) long after dismissal, and a new one still shows at once', async ({ page }) => {
    await page.clock.install();
    await signedInHome(page, 'Sara');
    await showNotice(page);
    const toast = notification(page, NOTICE);
    await expect(toast).toBeVisible();

    await toast.getByRole('button', { name: 'Cerrar aviso' }).click();
    await expect(toast).toHaveAttribute('data-state', 'closed');
    await expect(toast).toBeHidden(); // faded out and out of the accessibility tree
    // Zag's default removes it 200 ms after dismissal; the spec keeps it much longer.
    await page.clock.runFor(60_000);
    await expect(toast).toHaveCount(1);
    await expect(toast).toBeHidden();

    // One at a time, without waiting behind the kept one: the next notification shows immediately.
    await showNotice(page);
    const next = page.locator('[data-scope="toast"][data-part="root"][data-state="open"]').filter({ hasText: NOTICE });
    await expect(next).toBeVisible();
    await expect(page.locator('[data-scope="toast"][data-part="root"]')).toHaveCount(1);

    // Dismissed again and 1 000 s later (spec: removed long after dismissal), it is gone.
    await next.getByRole('button', { name: 'Cerrar aviso' }).click();
    await expect(next).toHaveCount(0);
    await expect(notification(page, NOTICE)).toHaveCount(1);
    await page.clock.fastForward(1_000_001);
    await page.clock.runFor(100);
    await expect(notification(page, NOTICE)).toHaveCount(0);
  });
});

test.describe('tooltips on icon-only buttons (spec §9)', () => {
  test('open after 700 ms, 4 px from the button; within 300 ms of leaving one, the next opens at once', async ({ page }) => {
    await page.clock.install();
    await signedInHome(page, 'Bruno');
    const voice = voiceButton(page);
    const voiceTip = page.getByRole('tooltip', { name: 'Entrada rápida por voz' });
    // The tooltip code is a lazy chunk: wait until the button is its trigger.
    await expect(voice).toHaveAttribute('data-scope', 'tooltip');
    // A second icon-only button: the close button of a notification.
    await showNotice(page);
    const toast = notification(page, NOTICE);
    await expect(toast).toBeVisible();
    const close = toast.getByRole('button', { name: 'Cerrar aviso' });
    await expect(close).toHaveAttribute('data-scope', 'tooltip');
    const closeTip = page.getByRole('tooltip', { name: 'Cerrar aviso' });
    await page.mouse.move(5, 300);
    await expect(voiceTip).toHaveCount(0);

    // From here the page's time moves only when the test says. The pointer is moved with
    // page.mouse (no actionability waits: those need animation frames, which a paused clock holds).
    const centre = async (locator: Locator) => {
      const box = await settledBox(locator);
      return { x: box.x + box.width / 2, y: box.y + box.height / 2, box };
    };
    const voiceAt = await centre(voice);
    const closeAt = await centre(close);
    await page.clock.pauseAt(Date.now() + 100);

    // The trigger's data-state is the tooltip machine's state; the tooltip itself shows once it is
    // positioned (a few animation frames later).
    const opens = async (trigger: Locator, tip: Locator) => {
      await expect(trigger).toHaveAttribute('data-state', 'open');
      await page.clock.runFor(200);
      await expect(tip).toBeVisible();
    };

    await page.mouse.move(voiceAt.x, voiceAt.y, { steps: 3 });
    await page.clock.runFor(650);
    await expect(voice).toHaveAttribute('data-state', 'closed');
    await expect(voiceTip).toHaveCount(0);
    await page.clock.runFor(60);
    await opens(voice, voiceTip);

    // Offset 4: the gap between the button and the tooltip, on whichever side it opened.
    const tip = await voiceTip.boundingBox();
    if (!tip) throw new Error('no bounding box');
    const button = voiceAt.box;
    const gap = tip.y >= button.y + button.height ? tip.y - (button.y + button.height) : button.y - (tip.y + tip.height);
    expect(Math.abs(gap - 4)).toBeLessThanOrEqual(1);

    // Leave everything, past the window: the next tooltip waits its 700 ms again.
    await page.mouse.move(5, 300, { steps: 3 });
    await page.clock.runFor(400);
    await expect(voice).toHaveAttribute('data-state', 'closed');
    await page.mouse.move(closeAt.x, closeAt.y, { steps: 3 });
    await page.clock.runFor(650);
    await expect(close).toHaveAttribute('data-state', 'closed');
    await page.clock.runFor(60);
    await opens(close, closeTip);

    // Within the window: straight from one trigger to the other, the second opens with no delay.
    await page.mouse.move(voiceAt.x, voiceAt.y, { steps: 3 });
    await page.clock.runFor(20);
    await expect(voice).toHaveAttribute('data-state', 'open');
    await opens(voice, voiceTip);
    await expect(close).toHaveAttribute('data-state', 'closed');
  });
});

test.describe('floating step counter (spec §2)', () => {
  test('shows while the assessment is pending, except on its four hidden routes', async ({ page }) => {
    await registerFreshUser(page, 'Olga');
    await page.goto('/');
    await expect(wizardIntroHeading(page)).toBeVisible();
    await expect(stepCounterLink(page, 0)).toBeVisible();

    for (const path of ['/evaluacion', '/assessment']) {
      await page.goto(path);
      await expect(wizardIntroHeading(page)).toBeVisible();
      await expect(stepCounter(page)).toHaveCount(0);
    }
    await page.goto('/profile'); // pending: the wizard shows on every path, and so does the counter
    await expect(wizardIntroHeading(page)).toBeVisible();
    await expect(stepCounterLink(page, 0)).toBeVisible();
  });
});
