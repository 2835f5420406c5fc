import { createOpenAICompatibleProvider } from '@ascenso/ai/openai-provider';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../testing/test-app';

describe('coaching.coach: the UI can say when the coach is the offline one', () => {
  it('is offline without an AI server, and not offline with one; signed-in users only', async () => {
    const offline = createTestApp();
    const { cookie } = await offline.registerUser();
    expect(await offline.callerFor(cookie).coaching.coach()).toEqual({ offline: true });
    await expect(offline.callerFor('').coaching.coach()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });

    const remote = createTestApp({
      coachProvider: createOpenAICompatibleProvider({
        apiKey: 'test-key',
        baseURL: 'http://127.0.0.1:9/v1',
        model: 'test-model',
      }),
    });
    const signedIn = await remote.registerUser();
    expect(await remote.callerFor(signedIn.cookie).coaching.coach()).toEqual({ offline: false });
  });
});
