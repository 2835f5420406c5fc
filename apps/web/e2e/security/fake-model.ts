import { expect, type APIRequestContext } from '@playwright/test';
import { PORTS } from '../support/ports';

/**
 * The security server's coach is the fake OpenAI-compatible model of packages/ai, behind a scripting
 * front started by e2e/start-server.mjs --security. Streamed requests (chat and journaling answers)
 * get the `stream` answer, the others (structured JSON: the daily plan, summaries) the `json` one.
 */
const CONTROL = `http://127.0.0.1:${PORTS.fakeModel}/__control`;

/** packages/ai/src/testing/fake-openai-server.ts `FakeReply` (kept in step by hand: e2e stays self-contained). */
export type FakeReply =
  | { kind: 'text'; text: string; chunks?: string[]; delayMs?: number }
  | { kind: 'error'; status: number; body?: unknown }
  | { kind: 'hang' }
  | { kind: 'stall'; chunks?: string[] }
  | { kind: 'truncate'; chunks: string[] };

export interface PlanJson {
  intro: string;
  items: Array<{
    area: 'breathing' | 'fitness' | 'journal' | 'coaching' | 'active-breaks' | 'meditation';
    title: string;
    reason: string;
    minutes: number;
  }>;
}

/** packages/ai/src/testing/fake-openai-server.ts `FakeScreenReply`: the crisis screen's second opinion (decision 036). */
export type FakeScreenReply =
  | { kind: 'opinion'; crisis: boolean; families?: string[]; delayMs?: number }
  | { kind: 'error'; status: number }
  | { kind: 'hang' }
  | { kind: 'content'; text: string };

export async function scriptModel(request: APIRequestContext, script: { stream?: FakeReply; json?: FakeReply; screen?: FakeScreenReply }): Promise<void> {
  const response = await request.post(`${CONTROL}/script`, { data: script });
  expect(response.status()).toBe(200);
}

export async function resetModel(request: APIRequestContext): Promise<void> {
  const response = await request.post(`${CONTROL}/reset`);
  expect(response.status()).toBe(200);
}

/** How many streamed and JSON requests, and crisis second opinions, the API has sent to the model so far. */
export async function modelRequests(request: APIRequestContext): Promise<{ stream: number; json: number; screen: number }> {
  const response = await request.get(`${CONTROL}/requests`);
  expect(response.status()).toBe(200);
  return (await response.json()) as { stream: number; json: number; screen: number };
}

/** A streamed answer cut into small pieces, so tags and entities are split across deltas. */
export function streamedText(text: string, pieceLength = 23, delayMs = 0): FakeReply {
  const chunks: string[] = [];
  for (let at = 0; at < text.length; at += pieceLength) chunks.push(text.slice(at, at + pieceLength));
  return { kind: 'text', text, chunks, delayMs };
}
