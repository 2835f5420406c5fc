/** pnpm bench: every benchmark in one run on this machine; exits 1 if a goal is missed. */
import { awardsTwoProcessesBench } from './awards-two-processes';
import { completionBench } from './completion';
import { crisisScreenBench } from './crisis-screen';
import { crashTest } from './crash';
import { httpBench } from './http';
import { lighthouseBench } from './lighthouse';
import { loadBench } from './load';
import { loginUnderAttackBench } from './login-under-attack';
import { offlineCoachBench } from './offline-coach';
import { relayBench } from './relay';
import { wsBench } from './ws';
import { wsCapsBench } from './ws-caps';

const results = {
  http: await httpBench(),
  completion: await completionBench(),
  ws: await wsBench(),
  wsCaps: await wsCapsBench(),
  relay: await relayBench(),
  offlineCoach: await offlineCoachBench(),
  crisisScreen: await crisisScreenBench(),
  crash: await crashTest(20),
  loginUnderAttack: await loginUnderAttackBench(),
  awards: await awardsTwoProcessesBench(8),
  lighthouse: await lighthouseBench(),
  load: await loadBench(),
};
const failed = Object.entries(results)
  .filter(([, r]) => !r.ok)
  .map(([name]) => name);
console.log(failed.length ? `\nGoals missed: ${failed.join(', ')}` : '\nAll goals met.');
process.exit(failed.length ? 1 : 0);
