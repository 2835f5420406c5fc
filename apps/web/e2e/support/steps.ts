import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { uniqueEmail } from './auth';

/** The server's allowed Origin: every non-GET request must carry it (browsers do). */
export const APP_ORIGIN = 'http://localhost:3100';

export interface ApiUser {
  id: string;
  firstName: string;
  email: string;
}

export interface CompletionResult {
  activityId: string;
  activityKey: string;
  stepsEarned: number;
  totalSteps: number;
  todayCount: number;
  dailyLimit: number;
  limitReached: boolean;
}

/**
 * Registers a fresh user through the API with the page's request context, so the page shares the new
 * session cookie (tests stay independent of each other and of the demo data).
 */
export async function registerViaApi(page: Page, firstName: string): Promise<ApiUser> {
  const response = await page.request.post('/api/auth/register', {
    data: { email: uniqueEmail('pasos'), password: 'Un paseo largo por la sierra', firstName, lastName: 'Prueba Pasos' },
    headers: { Origin: APP_ORIGIN },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as ApiUser;
}

/** Completes an activity "elsewhere": straight through the documented REST path. */
export async function completeViaApi(request: APIRequestContext, activityKey: string): Promise<CompletionResult> {
  const response = await request.post('/api/activity-log', {
    data: { activity_key: activityKey },
    headers: { Origin: APP_ORIGIN },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as CompletionResult;
}

/** Resolves once the page's `/ws` socket has been authenticated. Call it before navigating. */
export function waitForRealtime(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) => {
      if (new URL(socket.url()).pathname !== '/ws') return;
      socket.on('framereceived', (frame) => {
        if (typeof frame.payload === 'string' && frame.payload.includes('"authenticated"')) resolve();
      });
    });
  });
}

/** "12.345" as the app writes it (es-ES). */
export function esNumber(value: number): string {
  return new Intl.NumberFormat('es-ES').format(value);
}

export function stepToasts(page: Page): Locator {
  return page.getByRole('status', { name: 'Pasos conseguidos' });
}

export function stepCounter(page: Page): Locator {
  return page.getByRole('complementary', { name: 'Tus pasos' });
}

/** The counter's link to /profile, whose name starts with the total ("1250 pasos, ver tu perfil"). */
export function stepCounterLink(page: Page, total?: number): Locator {
  const name = total === undefined ? /pasos?, ver tu perfil$/ : new RegExp(`^${esNumber(total).replaceAll('.', '\\.')} pasos?, ver tu perfil$`);
  return stepCounter(page).getByRole('link', { name });
}
