import { afterAll, beforeAll } from 'vitest';
import { createOpenAICompatibleProvider, type OpenAICompatibleConfig } from '../openai-provider';
import { startFakeOpenAIServer, type FakeOpenAIServer } from './fake-openai-server';

/**
 * Vitest support: the fake OpenAI-compatible server for one test file or `describe` block, started
 * before its tests and closed after them. The object is filled in by `beforeAll`, so read it inside
 * tests and hooks only.
 */
export function useFakeOpenAIServer(): FakeOpenAIServer {
  const fake = {} as FakeOpenAIServer;
  beforeAll(async () => {
    Object.assign(fake, await startFakeOpenAIServer());
  });
  afterAll(async () => {
    await fake.close();
  });
  return fake;
}

/** The real OpenAI-compatible provider pointed at the fake server, without retries. */
export function fakeModelProvider(fake: FakeOpenAIServer, options: Partial<OpenAICompatibleConfig> = {}) {
  return createOpenAICompatibleProvider({
    apiKey: 'k',
    baseURL: fake.baseURL,
    model: 'fake',
    maxRetries: 0,
    timeoutMs: 2000,
    ...options,
  });
}
