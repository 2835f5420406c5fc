/** The fake OpenAI-compatible server as its own process (prints its base URL), for fair timing. */
import { startFakeOpenAIServer } from '../../packages/ai/src/testing/fake-openai-server';

const fake = await startFakeOpenAIServer();
fake.reply({ kind: 'text', text: '', chunks: Array.from({ length: 20 }, (_, i) => `t${i} `), delayMs: 5 });
console.log(`FAKE ${fake.baseURL}`);
process.on('SIGTERM', () => void fake.close().then(() => process.exit(0)));
