/**
 * The crisis screen's cost (decision 032): the rules alone against the whole screen (rules and classifier),
 * over the corpus's train and dev messages (never the frozen test split), alternating rounds in the same
 * run, and the classifier's load time (reading its weights and decoding them). Goals: loading under 50 ms,
 * the classifier under 1 ms a message.
 *
 *   pnpm --filter @ascenso/bench exec tsx src/crisis-screen.ts
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { classifyMessage } from '@ascenso/ai/safety/classifier';
import { screenMessage } from '@ascenso/ai/safety/screen';
import { screenWithRules } from '@ascenso/ai/safety/rules-screen';
import { decodeLinearModel, type StoredCrisisModel } from '@ascenso/ai/safety/linear-model';
import { median, report } from './lib';

export const CRISIS_LOAD_GOAL_MS = 50;
export const CRISIS_MESSAGE_GOAL_MS = 1;

const require = createRequire(import.meta.url);
const corpus = (name: string) => require.resolve(`@ascenso/ai/eval/crisis/${name}`);

function texts(): string[] {
  return ['train.jsonl', 'dev.jsonl'].flatMap((name) =>
    readFileSync(corpus(name), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => (JSON.parse(line) as { text: string }).text),
  );
}

function perMessageMs(screen: (text: string) => unknown, messages: string[]): number {
  const started = performance.now();
  for (const text of messages) screen(text);
  return (performance.now() - started) / messages.length;
}

function loadMs(): number {
  const started = performance.now();
  const model = JSON.parse(readFileSync(require.resolve('@ascenso/ai/safety/crisis-model.json'), 'utf8')) as StoredCrisisModel;
  decodeLinearModel(model.crisis);
  for (const family of Object.values(model.families)) decodeLinearModel(family);
  return performance.now() - started;
}

export async function crisisScreenBench(rounds = 7): Promise<{ ok: boolean; ratio: number }> {
  const messages = texts();
  perMessageMs(screenMessage, messages); // warm-up
  const rules: number[] = [];
  const classifier: number[] = [];
  const whole: number[] = [];
  const loads: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    rules.push(perMessageMs(screenWithRules, messages));
    classifier.push(perMessageMs(classifyMessage, messages));
    whole.push(perMessageMs(screenMessage, messages));
    loads.push(loadMs());
  }
  const ratio = median(whole) / median(rules);
  const ok = median(classifier) < CRISIS_MESSAGE_GOAL_MS && median(loads) < CRISIS_LOAD_GOAL_MS;
  report(`Crisis screen: ${messages.length} corpus messages (train and dev), ${rounds} alternating rounds`, [
    ['median ms per message, rules alone', median(rules)],
    ['median ms per message, classifier alone', median(classifier)],
    ['median ms per message, rules and classifier', median(whole)],
    ['ratio (whole screen / rules alone)', ratio],
    ['median ms to load the classifier (read and decode)', median(loads)],
    [`goal: classifier < ${CRISIS_MESSAGE_GOAL_MS} ms a message, < ${CRISIS_LOAD_GOAL_MS} ms to load`, ok ? 'met' : 'MISSED'],
  ]);
  return { ok, ratio };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { ok } = await crisisScreenBench();
  process.exit(ok ? 0 : 1);
}
