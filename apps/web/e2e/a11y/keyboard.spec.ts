import { ASSESSMENT_SECTIONS, type FieldDefinition, type PartialResponses } from '@ascenso/domain/assessment';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { COMPLETE_RESPONSES, registerFreshUser, saveProgressViaApi } from '../support/assessment';
import { DEMO_USER } from '../support/auth';
import { completeAssessmentViaApi } from '../support/assessment';

/**
 * Keyboard-only walks: no mouse, only `page.keyboard` (Tab, Shift+Tab, Enter, Space, arrows). After
 * every key, focus must be somewhere (never <body>) and a focused control must show a focus indicator.
 */

/** What has focus: a short description, whether it is <body>, and whether a focus indicator shows. */
async function focusState(page: Page): Promise<{ onBody: boolean; indicator: boolean; interactive: boolean; what: string }> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body || el === document.documentElement) return { onBody: true, indicator: false, interactive: false, what: 'body' };
    const outlined = (node: Element) => {
      const style = getComputedStyle(node);
      return style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    };
    const ringed = (node: Element) => outlined(node) || getComputedStyle(node).boxShadow !== 'none';
    // The control itself (outline or ring), a card drawn around it (`label:has(input:focus-visible)`),
    // or the visible part of a custom control next to its hidden input (a switch's track).
    let indicator = ringed(el);
    for (let node = el.parentElement, i = 0; !indicator && node && i < 3; node = node.parentElement, i++) indicator = outlined(node);
    const label = el.closest('label');
    if (!indicator && label) indicator = [...label.querySelectorAll('[data-focus-visible], [data-focus]')].some(ringed);
    if (!indicator) {
      // Drawn some other way (a border and ring on the box around a text area, `:focus-within`):
      // compare the control and its nearest boxes focused and not focused.
      const boxes = [el, el.parentElement, el.parentElement?.parentElement].filter((n): n is HTMLElement => Boolean(n));
      const look = () =>
        boxes
          .map((n) => {
            const c = getComputedStyle(n);
            return `${c.outline}|${c.boxShadow}|${c.borderColor}|${c.backgroundColor}`;
          })
          .join(';');
      const transitions = boxes.map((n) => n.style.transition);
      boxes.forEach((n) => (n.style.transition = 'none'));
      const focused = look();
      el.blur();
      const unfocused = look();
      el.focus({ preventScroll: true });
      boxes.forEach((n, i) => (n.style.transition = transitions[i] ?? ''));
      indicator = focused !== unfocused;
    }
    const name = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? '';
    return { onBody: false, indicator, interactive: el.tabIndex >= 0, what: `<${el.tagName.toLowerCase()}> ${name}` };
  });
}

/** Focus is not lost, and a focused control shows where it is. */
async function expectFocusVisible(page: Page, after = ''): Promise<void> {
  const state = await focusState(page);
  expect(state.onBody, `focus fell back to <body>${after ? ` (after ${after})` : ''}`).toBe(false);
  if (state.interactive) expect(state.indicator, `no visible focus indicator on ${state.what}`).toBe(true);
}

/** Presses `key` (Tab by default) until `target` has focus, checking every stop on the way. */
async function pressUntilFocused(page: Page, target: Locator, { key = 'Tab', max = 40 } = {}): Promise<void> {
  let previous = '';
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(key);
    await expectFocusVisible(page, `${key} from ${previous}`);
    previous = (await focusState(page)).what;
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
  }
  await expect(target, `${key} ×${max} never reached it`).toBeFocused();
}

/** Presses Tab until focus is inside `container`. */
async function tabInto(page: Page, container: Locator, max = 60): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    await expectFocusVisible(page);
    if (await container.evaluate((el) => el.contains(document.activeElement)).catch(() => false)) return;
  }
  throw new Error(`Tab ×${max} never reached ${container.toString()}`);
}

async function press(page: Page, key: string): Promise<void> {
  await page.keyboard.press(key);
  await expectFocusVisible(page);
}

test.describe('teclado: solo con el teclado', () => {
  test('sign-in at /acceso: the tabs with the arrow keys, then e-mail, password and Enter lead to Home', async ({ page }) => {
    await page.goto('/acceso');
    await expect(page.getByRole('form', { name: 'Iniciar sesión' })).toBeVisible();

    // The first stop is the skip link, visible when focused.
    await press(page, 'Tab');
    const skip = page.getByRole('link', { name: 'Saltar al contenido' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();

    // The tab list: one stop; the arrow keys switch between "Iniciar sesión" and "Crear cuenta".
    const loginTab = page.getByRole('tab', { name: 'Iniciar sesión' });
    const registerTab = page.getByRole('tab', { name: 'Crear cuenta' });
    await pressUntilFocused(page, loginTab);
    await press(page, 'ArrowRight');
    await expect(registerTab).toBeFocused();
    await expect(registerTab).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('form', { name: 'Crear cuenta' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Empieza tu ascenso' })).toBeVisible();
    // Tab leaves the tab list for the sign-up form's first field.
    await pressUntilFocused(page, page.getByRole('form', { name: 'Crear cuenta' }).getByRole('textbox').first(), {
      max: 3,
    });
    await pressUntilFocused(page, registerTab, { key: 'Shift+Tab', max: 3 });
    await press(page, 'ArrowLeft');
    await expect(loginTab).toBeFocused();
    await expect(loginTab).toHaveAttribute('aria-selected', 'true');
    const form = page.getByRole('form', { name: 'Iniciar sesión' });
    await expect(form).toBeVisible();

    // An empty submit: focus goes to the first field to fix, never to <body>.
    const email = form.getByLabel('Correo electrónico');
    const password = form.getByRole('textbox', { name: 'Contraseña', exact: true });
    await pressUntilFocused(page, email, { max: 4 });
    await press(page, 'Enter');
    await expect(email).toBeFocused();
    await expect(email).toHaveAttribute('aria-invalid', 'true');

    await page.keyboard.type(DEMO_USER.email);
    await pressUntilFocused(page, password, { max: 2 });
    await page.keyboard.type(DEMO_USER.password);
    // The show/hide button is reachable too, and comes straight after the password.
    await press(page, 'Tab');
    await expect(form.getByRole('button', { name: 'Mostrar contraseña' })).toBeFocused();
    await press(page, 'Shift+Tab');
    await expect(password).toBeFocused();
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: `Hola, ${DEMO_USER.firstName}` })).toBeVisible({
      timeout: 15_000,
    });
  });

  test('the assessment wizard: two sections answered with the keyboard, the rest pre-filled, up to "¡Completar Evaluación!"', async ({ page }) => {
    test.setTimeout(180_000);
    await registerFreshUser(page, 'Teclado');
    // Sections 1, 2 and 9 are answered here; 3–8 were answered before (stored progress).
    const byKeyboard = [1, 2, 9];
    const keyboardFields = new Set(byKeyboard.flatMap((n) => ASSESSMENT_SECTIONS[n - 1]!.fields.map((f) => f.name)));
    const prefilled = Object.fromEntries(Object.entries(COMPLETE_RESPONSES).filter(([name]) => !keyboardFields.has(name as never))) as PartialResponses;
    await saveProgressViaApi(page, { currentSection: 1, responses: prefilled, completedSections: [] });

    await page.goto('/');
    for (let n = 1; n <= 9; n++) {
      const section = ASSESSMENT_SECTIONS[n - 1]!;
      await expect(page.getByText(`Paso ${n} de 9`)).toBeVisible();
      // Every step change moves focus to the section title.
      await expect(page.getByRole('heading', { level: 1, name: section.title })).toBeFocused();
      await expect(page.getByText('Preparando las preguntas…')).toHaveCount(0, { timeout: 10_000 });
      if (byKeyboard.includes(n)) {
        for (const field of section.fields) await answerByKeyboard(page, field);
      }
      const next = page.getByRole('button', { name: n === 9 ? '¡Completar Evaluación!' : 'Siguiente' });
      await expect(next).not.toHaveAttribute('aria-disabled', 'true');
      await pressUntilFocused(page, next, { max: 80 });
      await page.keyboard.press('Enter');
    }
    // "¡Felicidades!" takes the focus.
    await expect(page.getByRole('heading', { level: 1, name: '¡Felicidades!' })).toBeFocused({ timeout: 15_000 });
    await press(page, 'Tab');
    await expect(page.getByRole('button', { name: 'Ir al inicio ahora' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Hola, Teclado' })).toBeVisible({ timeout: 15_000 });
  });

  test('a breathing session from Home: start, pause, resume, finish and leave, focus never lost; the fitness dialog traps and returns focus', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await registerFreshUser(page, 'Aire');
    await completeAssessmentViaApi(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Hola, Aire' })).toBeVisible();
    // Home arrives rendered by the server; this walk checks the app's keyboard handling, so it starts
    // once the app has taken the page over.
    await expect(page.locator('html[data-app-ready]')).toHaveCount(1);

    // The skip link jumps over the header to the content.
    await press(page, 'Tab');
    await expect(page.getByRole('link', { name: 'Saltar al contenido' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('#contenido')).toBeFocused();

    // The wellbeing grid on Home: "Respiración".
    const breathingTile = page.getByRole('region', { name: 'Actividades de bienestar' }).getByRole('link', { name: 'Respiración' });
    await pressUntilFocused(page, breathingTile, { max: 60 });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/breathing$/);
    // The new screen's heading takes the focus (not <body>).
    await expect(page.getByRole('heading', { level: 1, name: 'Respiración' })).toBeFocused();
    // The techniques come from the API after the screen: as a keyboard user would, wait until they are
    // shown (Tab before that passes the empty list and leaves the page after the step counter).
    const startSquare = page.getByRole('link', { name: 'Empezar Cuadrada' });
    await expect(startSquare).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Respiración' })).toBeFocused();

    await pressUntilFocused(page, startSquare);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/breathing\/cuadrada$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Cuadrada' })).toBeFocused();

    // Duration: a radio group, one stop, arrows choose.
    const durations = page.getByRole('group', { name: 'Duración' }).getByRole('radio');
    await tabInto(page, page.getByRole('group', { name: 'Duración' }));
    const chosen = await durations.evaluateAll((radios) => radios.findIndex((r) => (r as HTMLInputElement).checked));
    await expect(durations.nth(chosen)).toBeFocused();
    const other = chosen > 0 ? chosen - 1 : chosen + 1;
    await press(page, chosen > 0 ? 'ArrowLeft' : 'ArrowRight');
    await expect(durations.nth(other)).toBeFocused();
    await expect(durations.nth(other)).toBeChecked();
    await press(page, chosen > 0 ? 'ArrowRight' : 'ArrowLeft');
    await expect(durations.nth(chosen)).toBeChecked();

    // "Sin animación": a switch, Space toggles it.
    const noAnimation = page.getByRole('checkbox', { name: /Sin animación/ });
    await pressUntilFocused(page, noAnimation, { max: 6 });
    const before = await noAnimation.isChecked();
    await press(page, 'Space');
    await expect(noAnimation).toBeChecked({ checked: !before });

    // Empezar: focus goes to the controls ("Cancelar" while "Prepárate" counts down, then "Pausar").
    await pressUntilFocused(page, page.getByRole('button', { name: 'Empezar', exact: true }), { max: 6 });
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await focusState(page)).what).toMatch(/Cancelar|Pausar/);
    await expectFocusVisible(page);
    const pause = page.getByRole('button', { name: 'Pausar' });
    await expect(pause).toBeEnabled({ timeout: 10_000 });
    await expect(pause).toBeFocused();

    await page.keyboard.press('Enter');
    const resume = page.getByRole('button', { name: 'Reanudar' });
    await expect(resume).toBeFocused();
    await expect(page.getByTestId('pacer')).toContainText('En pausa');
    await page.keyboard.press('Space');
    await expect(pause).toBeFocused();

    // Terminar before 30 s: not recorded; focus goes to the way forward in the alert.
    await pressUntilFocused(page, page.getByRole('button', { name: 'Terminar' }), { max: 3 });
    await page.keyboard.press('Enter');
    const problem = page.getByRole('alert').filter({ hasText: 'Practica al menos 30 segundos para registrarlo.' });
    await expect(problem).toBeVisible({ timeout: 10_000 });
    const restart = problem.getByRole('button', { name: 'Empezar de nuevo' });
    await expect(restart).toBeFocused();
    await expectFocusVisible(page);
    await page.keyboard.press('Enter');
    const start = page.getByRole('button', { name: 'Empezar', exact: true });
    await expect(start).toBeFocused();

    // Start again and cancel during "Prepárate": back on "Empezar".
    await page.keyboard.press('Enter');
    const cancel = page.getByRole('button', { name: 'Cancelar' });
    await expect(cancel).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(start).toBeFocused();

    // Leave by the back link: the list's heading takes the focus.
    await pressUntilFocused(page, page.getByRole('link', { name: 'Respiración' }).first(), {
      key: 'Shift+Tab',
      max: 20,
    });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/breathing$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Respiración' })).toBeFocused();

    // A dialog: the fitness class. Focus moves in, Tab stays inside, Escape returns it to the trigger.
    await page.goto('/fitness');
    const trigger = page.getByRole('button', { name: 'Empezar clase: Activación exprés' });
    await expect(trigger).toBeVisible();
    await pressUntilFocused(page, trigger, { max: 40 });
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect.poll(() => dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    for (let i = 0; i < 12; i++) {
      await press(page, i % 4 === 3 ? 'Shift+Tab' : 'Tab');
      expect(await dialog.evaluate((el) => el.contains(document.activeElement)), 'focus stays in the dialog').toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(trigger).toBeFocused();
    await expectFocusVisible(page);
  });
});

/** Tabs into a question's unanswered options: focus lands on the first one and Space checks it. Returns the options. */
async function tabInAndCheckFirst(page: Page, container: Locator, role: 'radio' | 'checkbox'): Promise<Locator> {
  await tabInto(page, container);
  const options = container.getByRole(role);
  await expect(options.first()).toBeFocused();
  await press(page, 'Space');
  await expect(options.first()).toBeChecked();
  return options;
}

/** Answers one wizard question with the keyboard (Tab into it first). */
async function answerByKeyboard(page: Page, field: FieldDefinition): Promise<void> {
  const container = page.locator(`[data-question="${field.name}"]`);
  if ((await container.count()) === 0) return; // a conditional question that is not shown
  switch (field.kind) {
    case 'text': {
      if (field.optional) return;
      await tabInto(page, container);
      await page.keyboard.type(`Respuesta con el teclado (${field.name})`);
      await expect(container.getByRole('textbox')).toHaveValue(`Respuesta con el teclado (${field.name})`);
      return;
    }
    case 'select': {
      // An unanswered radio group: Tab lands on its first option; Space chooses it, arrows move the choice.
      const radios = await tabInAndCheckFirst(page, container, 'radio');
      await press(page, 'ArrowDown');
      await expect(radios.nth(1)).toBeFocused();
      await expect(radios.nth(1)).toBeChecked();
      await expect(radios.first()).not.toBeChecked();
      return;
    }
    case 'multi': {
      // Checkboxes: one stop each, Space ticks.
      const boxes = await tabInAndCheckFirst(page, container, 'checkbox');
      if (field.max > 1) {
        await press(page, 'Tab');
        await expect(boxes.nth(1)).toBeFocused();
        await press(page, 'Space');
        await expect(boxes.nth(1)).toBeChecked();
      }
      return;
    }
    case 'rating': {
      await tabInto(page, container);
      const radios = container.getByRole('radio');
      await press(page, 'Space');
      for (let i = 0; i < 6; i++) await press(page, 'ArrowRight');
      await expect(radios.nth(6)).toBeChecked();
      await expect(radios.nth(6)).toBeFocused();
      return;
    }
    case 'energy':
      return; // optional
  }
}
