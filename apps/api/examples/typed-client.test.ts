import { afterEach, expect, it } from 'vitest';
import { loadConfig } from '../src/env';
import { seedDemoAccounts } from '../src/seed/demo-accounts';
import { createTestApp } from '../src/testing/test-app';
import { startTestServer } from '../src/testing/test-server';
import { signInAndAskWhoAmI } from './typed-client';

let stop: (() => Promise<void>) | undefined;
afterEach(async () => {
  await stop?.();
});

it('the typed client of docs/api.md signs in as the demo user and calls a procedure', async () => {
  const t = createTestApp();
  await seedDemoAccounts(t.deps);
  const server = await startTestServer(t);
  stop = server.stop;
  // The client sends the origin it was given; allow the ephemeral one.
  t.deps.config.allowedOrigins.push(server.httpUrl);
  const me = await signInAndAskWhoAmI(server.httpUrl);
  expect(me).toMatchObject({ firstName: 'Lucía', email: 'demo@ascenso.local', role: 'user' });
  // Outside production both loopback spellings are allowed by default (README, Configuration).
  expect(loadConfig({}).allowedOrigins).toEqual(['http://localhost:3000', 'http://127.0.0.1:3000']);
});
