import { expect, type Page } from '@playwright/test';
import { signUpCoachee } from './app';
import { modelRequests, scriptModel, type PlanJson } from './fake-model';
import { ALL_VECTORS, textVectors, type XssVector } from './vectors';
import { expectCleanDocument, missingTexts } from './xss-harness';
import { test } from './xss-test';

const PLAN = '[data-testid="contenido-plan"]';
/** With CSP on, a sample is enough (the bypassed run proves the sanitising): every 4th vector. */
const CSP_SAMPLE = ALL_VECTORS.filter((_vector, index) => index % 4 === 0);
/** What the plan may contain (contract "Content and AI"), plus the <span> around the app's link icons. */
const PLAN_TAGS = ['p', 'ul', 'ol', 'li', 'a', 'strong', 'em', 'br', 'span'];

type TrpcEntry = { result?: { data?: { json?: { plan?: { content: string } | null }; meta?: unknown } } };

/**
 * Makes the browser receive `content()` as `plan.content` from dailyPlan.today and dailyPlan.generate:
 * the HTML goes straight to the client's DOMPurify, whatever the server's sanitiser would have done.
 * Once a real plan has been seen, "Generar otro plan" is answered here without the server (no daily
 * limit, no model).
 */
async function feedPlanContent(page: Page, content: () => string): Promise<void> {
  let template: { plan: Record<string, unknown>; meta: unknown } | null = null;
  await page.route(/\/api\/trpc\/[^?]*dailyPlan\.(?:today|generate)/, async (route) => {
    const url = new URL(route.request().url());
    const names = decodeURIComponent(url.pathname.replace('/api/trpc/', '')).split(',');
    const batched = url.searchParams.has('batch');
    if (template && route.request().method() === 'POST' && names.every((name) => name === 'dailyPlan.generate')) {
      const entry = {
        result: {
          data: { json: { plan: { ...template.plan, content: content() }, generated: true }, meta: template.meta },
        },
      };
      await route.fulfill({ json: batched ? names.map(() => entry) : entry });
      return;
    }
    const response = await route.fetch();
    const body = (await response.json()) as TrpcEntry | TrpcEntry[];
    const entries = Array.isArray(body) ? body : [body];
    names.forEach((name, index) => {
      const data = entries[index]?.result?.data;
      const plan = data?.json?.plan;
      if (!plan || (name !== 'dailyPlan.today' && name !== 'dailyPlan.generate')) return;
      template ??= { plan: { ...plan }, meta: data?.meta };
      plan.content = content();
    });
    await route.fulfill({ response, json: body });
  });
}

/** Clicks "Generar otro plan", waits until the plan shows `marker`, and audits the plan. */
function regenerateAndAudit(page: Page, marker: string): Promise<string[]> {
  return page.evaluate(
    async ({ marker: m, selector, allowTags }) => {
      const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      const deadline = performance.now() + 15_000;
      const button = () => document.querySelector<HTMLButtonElement>('section[aria-labelledby="plan-de-hoy"] button');
      for (;;) {
        const current = button();
        if (current && !current.disabled && !current.hasAttribute('data-loading')) break;
        if (performance.now() > deadline) return ['"Generar otro plan" stayed busy'];
        await sleep(5);
      }
      button()?.click();
      while (!(document.querySelector(selector)?.textContent ?? '').includes(m)) {
        if (performance.now() > deadline) return [`the plan never showed ${m}`];
        await sleep(5);
      }
      return window.__xssAudit(selector, { allowTags, planLinks: true });
    },
    { marker, selector: PLAN, allowTags: PLAN_TAGS },
  );
}

async function browserPath(page: Page, vectors: readonly XssVector[]): Promise<string[]> {
  await signUpCoachee(page, 'Xenia');
  let current = '<p>[xss-marca-inicio]</p>';
  await feedPlanContent(page, () => current);
  await page.goto('/');
  await expect(page.locator(PLAN)).toContainText('[xss-marca-inicio]', { timeout: 20_000 });

  const failures: string[] = [];
  for (const vector of vectors) {
    const marker = `[xss-marca-${vector.id}]`;
    current = `<p>${marker}</p>${vector.html}`;
    const problems = await regenerateAndAudit(page, marker);
    if (problems.length > 0) failures.push(`${vector.id} (${vector.title}): ${problems.join(' | ')}`);
  }
  await expectCleanDocument(page, 'after every vector');
  return failures;
}

test.describe('XSS: the daily plan', () => {
  test(`browser path: each of the ${ALL_VECTORS.length} vectors as plan.content goes through DOMPurify and renders inert`, async ({ page, traps }) => {
    test.setTimeout(150_000);
    const failures = await browserPath(page, ALL_VECTORS);
    expect(failures, 'vectors that left dangerous markup in the plan').toEqual([]);
    await traps.expectNothingRan('plan, browser path');
  });

  test.describe('with the Content-Security-Policy enforced', () => {
    test.use({ bypassCSP: false });

    test("browser path: no violation from the live page, no sentinel (CSP reports from DOMPurify's inert parsing only logged)", async ({ page, traps }) => {
      test.setTimeout(150_000);
      const failures = await browserPath(page, CSP_SAMPLE);
      expect(failures, 'vectors that left dangerous markup in the plan').toEqual([]);
      await traps.expectNothingRan('plan, browser path with CSP');
    });
  });

  test('server path: model output carrying the vectors → renderPlanHtml → sanitize-html → DOMPurify', async ({ page, traps }) => {
    test.setTimeout(150_000);
    const plans = packIntoPlans(textVectors(300));
    const before = await modelRequests(page.request);
    const failures: string[] = [];
    const missing: string[] = [];

    for (let index = 0; index < plans.length; index += 1) {
      const { plan, vectors } = plans[index]!;
      const marker = `xss-plan-${index}`;
      await scriptModel(page.request, { json: { kind: 'text', text: JSON.stringify(plan) } });
      // A user may generate 1 + MAX_DAILY_REGENERATIONS (5) plans a day: a new user every 6 plans.
      let problems: string[];
      if (index % 6 === 0) {
        await signUpCoachee(page, 'Xavier');
        await page.goto('/');
        await expect(page.locator(PLAN)).toContainText(marker, { timeout: 20_000 });
        problems = await page.evaluate(({ selector, allowTags }) => window.__xssAudit(selector, { allowTags, planLinks: true }), {
          selector: PLAN,
          allowTags: PLAN_TAGS,
        });
      } else {
        problems = await regenerateAndAudit(page, marker);
      }
      if (problems.length > 0) failures.push(`plan ${index} (${vectors.map((v) => v.id).join(', ')}): ${problems.join(' | ')}`);
      // Escaped by our renderer, every vector is shown as text.
      const notShown = await missingTexts(
        page,
        PLAN,
        vectors.map((v) => v.html),
      );
      missing.push(...notShown);
      await expectCleanDocument(page, `plan ${index}`);
    }

    expect(failures, 'vectors that left dangerous markup in the plan').toEqual([]);
    expect(missing, 'model text that did not reach the page as text').toEqual([]);
    const after = await modelRequests(page.request);
    expect(after.json - before.json, 'every plan came from the model').toBeGreaterThanOrEqual(plans.length);
    await traps.expectNothingRan('plan, server path');
  });
});

/**
 * Packs vectors into model answers that pass the plan's schema: an intro (≤ 300 characters), five
 * reasons (≤ 200) and four titles (≤ 80); the first item's title carries the plan's marker.
 */
function packIntoPlans(vectors: readonly XssVector[]): Array<{ plan: PlanJson; vectors: XssVector[] }> {
  const long = vectors.filter((v) => v.html.length > 200);
  const medium = vectors.filter((v) => v.html.length > 80 && v.html.length <= 200);
  const short = vectors.filter((v) => v.html.length <= 80);
  const areas = ['breathing', 'fitness', 'journal', 'coaching', 'active-breaks'] as const;
  const plans: Array<{ plan: PlanJson; vectors: XssVector[] }> = [];
  while (long.length + medium.length + short.length > 0) {
    const used: XssVector[] = [];
    const take = (...pools: XssVector[][]) => {
      for (const pool of pools) {
        const vector = pool.shift();
        if (vector) {
          used.push(vector);
          return vector.html;
        }
      }
      return 'Un momento para ti.';
    };
    const intro = take(long, medium, short);
    const items = areas.map((area, i) => ({
      area,
      title: i === 0 ? `xss-plan-${plans.length}` : take(short),
      reason: take(medium, short),
      minutes: 5,
    }));
    plans.push({ plan: { intro, items }, vectors: used });
  }
  return plans;
}
