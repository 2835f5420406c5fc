/**
 * The fake OpenAI-compatible server as its own process (prints its base URL), for fair timing.
 * The first chunk is sent as soon as the request arrives; then FAKE_CHUNKS − 1 more, FAKE_DELAY_MS apart
 * (defaults: 30 chunks, 40 ms: about 1.2 s per answer, the pace of a fast hosted model).
 */
import { startFakeOpenAIServer } from '../../packages/ai/src/testing/fake-openai-server';

const chunks = Number(process.env.FAKE_CHUNKS ?? 30);
const delayMs = Number(process.env.FAKE_DELAY_MS ?? 40);
const fake = await startFakeOpenAIServer();
fake.reply({ kind: 'text', text: '', chunks: Array.from({ length: chunks }, (_, i) => `t${i} `), delayMs });
console.log(`FAKE ${fake.baseURL}`);
process.on('SIGTERM', () => void fake.close().then(() => process.exit(0)));
