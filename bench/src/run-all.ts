/** pnpm bench: every benchmark in one run on this machine; exits 1 if a goal is missed. */
import { completionBench } from './completion';
import { crashTest } from './crash';
import { httpBench } from './http';
import { relayBench } from './relay';

const results = {
  http: await httpBench(),
  completion: await completionBench(),
  crash: await crashTest(20),
  relay: await relayBench(),
};
const failed = Object.entries(results).filter(([, r]) => !r.ok).map(([name]) => name);
console.log(failed.length ? `\nGoals missed: ${failed.join(', ')}` : '\nAll goals met.');
process.exit(failed.length ? 1 : 0);
