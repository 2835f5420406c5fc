import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { SCREENS, routeTablePaths, signInAs, type Who } from './screens';

/**
 * The accessibility bar: axe (WCAG 2.1 A/AA) on every screen and its important states, zero serious or
 * critical violations. The screens are the table in ./screens.ts.
 */

const MEMBER_VIEWS: readonly Who[] = ['member', 'demo', 'admin'];

test.describe('every route of routes.tsx has a row in the axe table', () => {
  test('visitor and member paths, the catch-all and the pending-assessment wizard', () => {
    const { visitor, member } = routeTablePaths();
    expect(visitor.length).toBeGreaterThan(0);
    expect(member.length).toBeGreaterThan(20);
    const covered = (path: string, who: readonly Who[]) => SCREENS.some((s) => s.route === path && who.includes(s.who));
    expect(
      visitor.filter((path) => !covered(path, ['visitor'])),
      'visitor routes without an axe row',
    ).toEqual([]);
    expect(
      member.filter((path) => !covered(path, MEMBER_VIEWS)),
      'member routes without an axe row',
    ).toEqual([]);
    // Screens outside the two tables: the 404 (signed out and in) and the wizard shown on every path.
    expect(covered('*', ['visitor']), 'the signed-out 404').toBe(true);
    expect(covered('*', MEMBER_VIEWS), 'the signed-in 404').toBe(true);
    expect(covered('*', ['pending']), 'the wizard while the assessment is pending').toBe(true);
    // Every row points at a real route (a renamed path leaves no stale row behind).
    const known = new Set(['*', ...visitor, ...member]);
    expect(
      SCREENS.filter((s) => !known.has(s.route)).map((s) => s.route),
      'rows for paths routes.tsx no longer has',
    ).toEqual([]);
    // Admin screens are checked as the admin and as a regular user ("No tienes permiso").
    for (const path of member.filter((p) => p.startsWith('/admin') || p.includes('email-test'))) {
      expect(covered(path, ['admin']), `${path} as the admin`).toBe(true);
      expect(covered(path, ['member', 'demo']), `${path} as a regular user`).toBe(true);
    }
  });
});

test.describe('accesibilidad de cada pantalla (axe, WCAG 2.1 A/AA)', () => {
  // Entrance animations fade content in; measure colours in their final state.
  test.use({ reducedMotion: 'reduce' });

  for (const screen of SCREENS) {
    test(`${screen.route} (${screen.who}): ${screen.state}`, async ({ page }, testInfo) => {
      test.setTimeout(90_000);
      await signInAs(page, screen.who);
      await screen.reach(page);
      await expectNoSeriousA11yViolations(page, testInfo, `${screen.route} ${screen.who} ${screen.state}`, {
        exclude: screen.exclude,
      });
    });
  }
});
