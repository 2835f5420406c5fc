import { phraseOf } from '@ascenso/domain/assessment-phrases';
import type { AddressForm } from '@ascenso/domain/address-form';
import type { CoachContext } from '../context';
import type { ChatMessage } from '../provider';
import { extractCommitments, type SessionStage } from '../session';
import { count, hash, hasKeyword, hasUnnegatedKeyword, minutes, normalise, prepare, say, type Phrase } from './language';
import { PHRASES as P } from './phrases';
import { DRAIN_PHRASES, GENERAL_SUGGESTIONS, GOAL_PHRASES, STRENGTH_PHRASES, TOPICS, type Topic } from './topics';
import { carefulReminder } from '../safety/careful';
import type { RiskCategory } from '../safety/categories';

/**
 * The guided offline coach: a motivational-interviewing arc (engage → focus → evoke → ask permission
 * → advise → plan → summary) worked out from the conversation it is given, so each call is stateless.
 * It never repeats the user's words: reflections name the topic or the feeling, never the sentence.
 * Variants are chosen from a hash of the conversation, skipping any sentence already said in it.
 */
export type GuidedRequest = {
  context: CoachContext;
  mode: 'chat' | 'session' | 'journal';
  /** Oldest first, ending with the user's new message. System messages are ignored. */
  history: ChatMessage[];
  /** Structured sessions: the stage the user's message answers. */
  stage?: SessionStage | undefined;
  /** After a crisis acknowledgement: support only, no career advice, helplines gently. */
  careful?: boolean | undefined;
  /** The risk families that fired (most urgent first): the helplines reminded are theirs. */
  carefulFamilies?: readonly RiskCategory[] | undefined;
};

type Feeling = keyof typeof P.FEELINGS;

export type Reading = {
  topic: Topic | null;
  feeling: Feeling | null;
  /** Words of distress, not negated ("no puedo más", "todo me da igual"). */
  distress: boolean;
  asksForAdvice: boolean;
  saysYes: boolean;
  saysNo: boolean;
  closing: boolean;
  /** Only a greeting ("hola", "buenas tardes"). */
  greeting: boolean;
};

/** A request for ideas, with or without a question mark. */
const ADVICE = [
  /^(y )?(que|como) (puedo|podria|podemos|deberia|debo|hago|haria|pruebo|empiezo|mejoro|cambio)\b/,
  /\bque me (recomiendas|sugieres|aconsejas|propones)\b/,
  /\bque (opinas|harias)\b/,
  /\balgun[ao]?s? (idea|ideas|sugerencia|sugerencias|consejo|consejos|truco|trucos|tecnica|tecnicas|estrategia|estrategias|ejercicio|ejercicios|recomendacion|herramienta|herramientas)\b/,
  /\b(dame|recomiendame|sugiereme|aconsejame|proponme)\b/,
  /\bpor donde (empiezo|empezar)\b/,
  /\bnecesito (ideas|consejo|consejos)\b/,
];
/** The same, inside a question ("y esta semana, ¿qué puedo probar?"), but not "lo que hago". */
const ASKED =
  /(?<!\blo )(?<!\bcreo )(?<!\bsiento )\b(que|como) (puedo|podria|podemos|deberia|debo|hago|haria|hacer|pruebo|probar|empiezo|empezar|mejoro|cambio)\b/;
const YES =
  /^(si|vale|claro|ok|okey|okay|adelante|venga|dale|perfecto|genial|por favor|me parece bien|cuentame|dime|me encantaria|de acuerdo|bueno|porfa|me sirve|me vendria bien)\b/;
const NO = /^(no|prefiero seguir|todavia no|aun no|mejor no|ahora no)\b/;
const GREETING = /^(hola|buenas|buenos dias|buen dia|hey|ey|que tal|saludos)\b/;
const CLOSING = /\b(gracias|hasta luego|adios|hasta manana|eso es todo|nada mas|me tengo que ir|lo dejo aqui|me voy)\b/;

/** What the user's words say: topic (weighted to the latest turn), feeling, and conversational intent. */
/** Topic hits of one message, memoised by its text (each call re-reads the whole history). */
const hitsCache = new Map<string, ReadonlyMap<Topic, number>>();
const HITS_CACHE_MAX = 500; // at most ~2 MB of keys (messages are at most 4 000 characters)

function topicHits(turn: string): ReadonlyMap<Topic, number> {
  const cached = hitsCache.get(turn);
  if (cached) return cached;
  const text = prepare(turn);
  const hits = new Map<Topic, number>();
  for (const topic of TOPICS) {
    // A phrase is stronger evidence than a single stem.
    const n = topic.keywords.filter((k) => hasKeyword(text, text.tokens, k)).reduce((sum, k) => sum + (k.includes(' ') ? 2 : 1), 0);
    if (n) hits.set(topic, Math.min(n, 4));
  }
  if (hitsCache.size >= HITS_CACHE_MAX) hitsCache.delete(hitsCache.keys().next().value as string);
  hitsCache.set(turn, hits);
  return hits;
}

/** How many of the latest user turns decide the topic. */
const TOPIC_WINDOW = 8;

export function readConversation(userTurns: readonly string[]): Reading {
  const latest = normalise(userTurns.at(-1) ?? '');
  const latestTokens = latest ? latest.split(' ') : [];
  const latestPrepared = prepare(userTurns.at(-1) ?? '');
  const scores = new Map<Topic, number>();
  const window = userTurns.slice(-TOPIC_WINDOW);
  window.forEach((turn, index) => {
    const weight = index === window.length - 1 ? 3 : 1;
    for (const [topic, n] of topicHits(turn)) scores.set(topic, (scores.get(topic) ?? 0) + weight * n);
  });
  let topic: Topic | null = null;
  let best = 0;
  for (const t of TOPICS) {
    const score = scores.get(t) ?? 0;
    if (score > best) {
      best = score;
      topic = t;
    }
  }
  let feeling: Feeling | null = null;
  for (const [key, value] of Object.entries(P.FEELINGS) as Array<[Feeling, (typeof P.FEELINGS)[Feeling]]>) {
    if (value.keywords.some((k) => hasUnnegatedKeyword(latestPrepared, k))) {
      feeling = key;
      break;
    }
  }
  // Hope that is denied ("no tengo ganas de nada", "sin ilusión") is low mood, never hope (decision 032).
  if (!feeling && P.FEELINGS.hopeful.keywords.some((k) => hasKeyword(latestPrepared, latestPrepared.tokens, k))) feeling = 'sad';
  const short = latestTokens.length <= 8;
  return {
    topic,
    feeling,
    distress: P.DISTRESS_KEYWORDS.some((k) => hasUnnegatedKeyword(latestPrepared, k)),
    asksForAdvice: ADVICE.some((re) => re.test(latest)) || ((userTurns.at(-1) ?? '').includes('?') && ASKED.test(latest)),
    saysYes: YES.test(latest),
    saysNo: NO.test(latest) && !YES.test(latest),
    closing: short && CLOSING.test(latest),
    greeting: latestTokens.length <= 4 && GREETING.test(latest),
  };
}

/** The topic the assessment points to, for suggestions when the conversation has not named one. */
export function profileTopic(context: CoachContext): Topic | null {
  const p = context.profile;
  if (!p) return null;
  const values = [...p.challenges, ...p.relationshipIssues, ...p.fears, ...p.developmentAreas, ...p.skillGaps].map((x) => x.value);
  for (const value of values) {
    const topic = TOPICS.find((t) => t.signals.includes(value));
    if (topic) return topic;
  }
  return null;
}

class Composer {
  private readonly parts: string[] = [];
  private readonly chosen = new Set<string>();
  constructor(
    private readonly seed: string,
    private readonly said: string,
    private readonly form: AddressForm,
  ) {}

  /** A variant not yet said in this conversation nor in this reply; deterministic for the seed. */
  pick(pool: readonly Phrase[], slot: string, fill: (text: string) => string = (t) => t): string {
    if (pool.length === 0) return '';
    const start = hash(`${this.seed}|${slot}`) % pool.length;
    let fallback = '';
    for (let k = 0; k < pool.length; k += 1) {
      const text = fill(say(pool[(start + k) % pool.length] as Phrase, this.form));
      if (!fallback) fallback = text;
      if (!this.said.includes(text) && !this.chosen.has(text)) return text;
    }
    return fallback;
  }

  /** Counts a text as used in this reply without adding it. */
  mark(text: string): void {
    this.chosen.add(text);
  }

  fresh(text: string): boolean {
    return !this.said.includes(text) && !this.chosen.has(text);
  }

  add(text: string | null | undefined): this {
    if (text) {
      this.parts.push(text);
      this.chosen.add(text);
    }
    return this;
  }

  /** Adds a pick from the pool. */
  from(pool: readonly Phrase[], slot: string, fill?: (text: string) => string): this {
    return this.add(this.pick(pool, slot, fill));
  }

  text(): string {
    return this.parts
      .join(' ')
      .replace(/ *\n */g, '\n')
      .trim();
  }
}

/** Whether the assessment named this topic among the user's challenges, relationship issues or fears. */
function isProfileChallenge(context: CoachContext, topic: Topic | null): boolean {
  const p = context.profile;
  if (!p || !topic) return false;
  return [...p.challenges, ...p.relationshipIssues, ...p.fears, ...p.developmentAreas].some((x) => topic.signals.includes(x.value));
}

function goalFor(context: CoachContext, topic: Topic | null): string | null {
  const goals = context.profile?.goals.map((g) => g.value) ?? [];
  const value = topic ? goals.find((g) => topic.goals.includes(g)) : undefined;
  return value ? phraseOf(GOAL_PHRASES, value) : null;
}

function drainFor(context: CoachContext, topic: Topic | null): string | null {
  if (!topic || !['carga', 'agotamiento', 'equilibrio'].includes(topic.id)) return null;
  const factor = context.profile?.energy.drains.find((d) => DRAIN_PHRASES[d.factor])?.factor;
  return factor ? (DRAIN_PHRASES[factor] ?? null) : null;
}

function strengthOf(context: CoachContext, turn: number): string | null {
  const strengths = (context.profile?.strengths ?? []).map((s) => phraseOf(STRENGTH_PHRASES, s.value)).filter((s): s is string => s !== null);
  return strengths.length ? (strengths[turn % strengths.length] as string) : null;
}

function suggestionsOf(topic: Topic | null): readonly string[] {
  return topic ? topic.suggestions : GENERAL_SUGGESTIONS;
}

const ALL_SUGGESTIONS = [...TOPICS.flatMap((t) => t.suggestions), ...GENERAL_SUGGESTIONS];
const ALL_PERMISSION_ASKS = P.PERMISSION_ASKS;

/** The guided offline reply. Deterministic for a given request; never a whole reply said before. */
export function guidedReply(request: GuidedRequest): string {
  const said = request.history.filter((m) => m.role === 'assistant').map((m) => m.content.trim());
  const reply = composeReply(request);
  if (!said.includes(reply)) return reply;
  const seed = `${request.mode}|${request.history.length}`;
  for (let k = 0; k < P.BRIDGES.length; k += 1) {
    const bridge = P.BRIDGES[(hash(seed) + k) % P.BRIDGES.length] as string;
    const candidate = `${bridge} ${reply}`;
    if (!said.includes(candidate)) return candidate;
  }
  return `${P.BRIDGES[0]} ${P.BRIDGES[1]} ${reply}`;
}

function composeReply(request: GuidedRequest): string {
  const { context, mode } = request;
  const form: AddressForm = context.addressForm ?? 'neutro';
  const history = request.history.filter((m) => m.role !== 'system');
  const userTurns = history.filter((m) => m.role === 'user').map((m) => m.content);
  const assistantTurns = history.filter((m) => m.role === 'assistant').map((m) => m.content);
  const said = assistantTurns.join('\n');
  const turn = userTurns.length;
  const seed = `${mode}|${normalise(userTurns[0] ?? '')}|${turn}`;
  const c = new Composer(seed, said, form);
  const reading = readConversation(userTurns);
  const topic = reading.topic;

  if (request.careful) return careful(c, mode === 'session' && request.stage === 'commitments', request.carefulFamilies ?? []);
  if (turn === 0) {
    return c
      .add(context.firstName ? `Hola, ${context.firstName}.` : 'Hola.')
      .add('Soy tu coach de Ascenso.')
      .from(P.OPEN_START, 'start')
      .text();
  }
  // Distress the risk screen let through: a plain, warm answer and a direct, kind question about
  // self-harm, once per conversation (asking does not put the idea in anyone's head; decision 032).
  if (reading.distress && !P.DISTRESS_QUESTIONS.some((q) => said.includes(q))) {
    return c.from(P.DISTRESS_OPENERS, 'd-open').from(P.DISTRESS_QUESTIONS, 'd-q').text();
  }
  if (mode === 'session') return sessionReply(c, request, reading);
  if (mode === 'journal') return journalReply(c, context, reading, turn);

  const lastAssistant = assistantTurns.at(-1) ?? '';
  const askedPermission = ALL_PERMISSION_ASKS.some((ask) => lastAssistant.includes(ask));
  const advised = ALL_SUGGESTIONS.some((s) => said.includes(s));
  const planned = P.PLAN_QUESTIONS.some((q) => said.includes(q));
  const summarised = [...P.SUMMARY_CLOSINGS].some((s) => said.includes(s));
  const fallbackTopic = topic ?? profileTopic(context);

  if (reading.asksForAdvice || (askedPermission && reading.saysYes)) return advise(c, fallbackTopic, turn);
  if (askedPermission && reading.saysNo) return c.from(P.RESPECT, 'respect').add(evokeQuestion(c, topic)).text();
  if (reading.closing && turn >= 3) return summarised ? c.from(P.FAREWELLS, 'bye').text() : summary(c, topic);

  if (turn === 1 && !topic && reading.greeting) {
    // A bare "hola": greet back and open, without reflecting anything that was not said.
    c.add(context.firstName ? `Hola, ${context.firstName}.` : 'Hola.');
    if (context.openCommitments.length) c.add('Si quieres, empezamos por cómo va el compromiso de tu última sesión.');
    return c.from(P.OPEN_START, 'start').text();
  }
  if (turn === 1) {
    const open = context.openCommitments.length;
    const goal = goalFor(context, topic);
    c.add(context.firstName ? `${c.pick(P.THANKS, 'thanks').replace(/\.$/, '')}, ${context.firstName}.` : c.pick(P.THANKS, 'thanks'));
    if (open)
      c.add(
        `Antes de nada: tienes ${open === 1 ? 'un compromiso abierto' : 'algunos compromisos abiertos'} de tu última sesión; cuando quieras, me cuentas cómo va.`,
      );
    c.add(reflection(c, topic, reading.feeling, 'reflect1'));
    if (goal && !said.includes(goal)) c.from(P.GOAL_LINES, 'goal', (t) => t.replace('{goal}', goal));
    return c.add(focusQuestion(c, topic)).text();
  }
  if (turn === 2) {
    const drain = drainFor(context, topic);
    c.add(reflection(c, topic, reading.feeling, 'reflect2'));
    if (drain) c.from(P.DRAIN_LINES, 'drain', (t) => t.replace('{drain}', drain));
    else if (isProfileChallenge(context, topic) && !P.CHALLENGE_LINES.some((line) => said.includes(line))) c.from(P.CHALLENGE_LINES, 'challenge');
    const style = P.STYLE_LINES[context.profile?.preferredStyle.value ?? ''];
    if (style) c.from(style, 'style');
    return c.add(focusQuestion(c, topic)).text();
  }
  if (turn === 3 || (advised && planned && summarised)) {
    if (turn > 3) c.from(P.CONTINUE, 'continue');
    c.from(P.AFFIRMATIONS, 'affirm');
    const goal = goalFor(context, topic);
    if (goal && !said.includes(goal)) c.from(P.GOAL_LINES, 'goal3', (t) => t.replace('{goal}', goal));
    return c.add(evokeQuestion(c, topic)).text();
  }
  if (!advised) return c.from(P.PERMISSION_PREAMBLES, 'pre').from(P.PERMISSION_ASKS, 'ask').text();
  if (!planned) {
    c.from(P.PLAN_PREAMBLES, 'plan');
    const strength = strengthOf(context, turn);
    if (strength) c.from(P.STRENGTH_LINES, 'strength', (t) => t.replace('{strength}', strength));
    const budget = context.profile?.timeAvailability.minutesPerDay;
    if (budget) c.from(P.TIME_LINES, 'time', (t) => t.replace('{minutes}', minutes(Math.min(budget, 15))));
    return c.from(P.PLAN_QUESTIONS, 'planq').text();
  }
  return summary(c, topic);
}

function reflection(c: Composer, topic: Topic | null, feeling: Feeling | null, slot: string): string {
  const parts: string[] = [];
  if (feeling) {
    const text = c.pick(P.FEELINGS[feeling].phrases, `${slot}-feeling`);
    if (c.fresh(text)) parts.push(text);
  }
  const pool = topic ? topic.reflections : P.GENERIC_REFLECTIONS;
  const text = c.pick(pool, slot);
  if (c.fresh(text) || parts.length === 0) parts.push(text);
  return parts.join(' ');
}

function focusQuestion(c: Composer, topic: Topic | null): string {
  const pool = topic ? [...topic.questions, ...P.GENERIC_FOCUS] : P.GENERIC_FOCUS;
  return c.pick(pool, 'focus');
}

function evokeQuestion(c: Composer, topic: Topic | null): string {
  const pool = topic ? [...P.GENERIC_EVOKE, ...topic.questions] : P.GENERIC_EVOKE;
  return c.pick(pool, 'evoke');
}

/** Two different suggestions from the pool, neither said before in the conversation when possible. */
function twoSuggestions(c: Composer, pool: readonly string[], slot: string): [string, string] {
  const first = c.pick(pool, `${slot}-1`);
  c.mark(first);
  const second = c.pick(
    pool.filter((s) => s !== first),
    `${slot}-2`,
  );
  c.mark(second);
  return [first, second];
}

function advise(c: Composer, topic: Topic | null, turn: number): string {
  c.add(topic ? c.pick(P.ADVICE_INTROS, 'intro', (t) => t.replace('{topic}', topic.name)) : c.pick(P.GENERAL_ADVICE_INTROS, 'intro'));
  const [first, second] = twoSuggestions(c, suggestionsOf(topic), `advice-${turn}`);
  c.add(`\n1. ${first}\n2. ${second}\n`);
  return c.from(P.CHOICE_QUESTIONS, 'choice').text();
}

function summary(c: Composer, topic: Topic | null): string {
  if (topic) c.from(P.SUMMARIES, 'summary', (t) => t.replace('{topic}', topic.name));
  else c.from(P.GENERAL_SUMMARIES, 'summary');
  return c.from(P.SUMMARY_CLOSINGS, 'closing').text();
}

function careful(c: Composer, closing: boolean, families: readonly RiskCategory[]): string {
  c.from(P.CAREFUL_OPENERS, 'c-open').from(P.CAREFUL_BODIES, 'c-body');
  const reminder = carefulReminder(families);
  if (reminder) c.add(reminder);
  else c.from(P.CAREFUL_RESOURCES, 'c-res');
  return (closing ? c.from(P.CAREFUL_CLOSINGS, 'c-close') : c.from(P.CAREFUL_QUESTIONS, 'c-q')).text();
}

function sessionReply(c: Composer, request: GuidedRequest, reading: Reading): string {
  const { context } = request;
  const userTurns = request.history.filter((m) => m.role === 'user').map((m) => m.content);
  const topic = reading.topic;
  switch (request.stage) {
    case 'check-in': {
      const score = Number(/\b(10|[0-9])\b/.exec(normalise(userTurns.at(-1) ?? ''))?.[1] ?? NaN);
      const pool = Number.isNaN(score) ? P.CHECKIN_MID : score <= 4 ? P.CHECKIN_LOW : score >= 7 ? P.CHECKIN_HIGH : P.CHECKIN_MID;
      c.from(pool, 'checkin');
      if (reading.feeling) c.from(P.FEELINGS[reading.feeling].phrases, 'checkin-feeling');
      return c.from(P.GOAL_QUESTIONS, 'goalq').text();
    }
    case 'goal': {
      c.add(reflection(c, topic, reading.feeling, 'goal-reflect'));
      const goal = goalFor(context, topic);
      if (goal) c.from(P.GOAL_LINES, 'goal', (t) => t.replace('{goal}', goal));
      return c.from(topic ? [...topic.questions.slice(0, 1), ...P.EXPLORATION_QUESTIONS] : P.EXPLORATION_QUESTIONS, 'explore').text();
    }
    case 'exploration': {
      const focus = topic ?? profileTopic(context);
      c.from(P.AFFIRMATIONS, 'affirm');
      const strength = strengthOf(context, userTurns.length);
      if (strength) c.from(P.STRENGTH_LINES, 'strength', (t) => t.replace('{strength}', strength));
      c.from(P.OPTIONS_INTROS, 'options');
      const [first, second] = twoSuggestions(c, suggestionsOf(focus), 'options');
      c.add(`\n1. ${first}\n2. ${second}\n`);
      const budget = context.profile?.timeAvailability.minutesPerDay;
      if (budget) c.from(P.TIME_LINES, 'time', (t) => t.replace('{minutes}', minutes(Math.min(budget, 15))));
      return c.from(P.COMMITMENT_QUESTIONS, 'commit').text();
    }
    case 'commitments': {
      const n = extractCommitments(userTurns.at(-1) ?? '').length || 1;
      c.add(`Perfecto: te llevas ${count(n, 'compromiso', 'compromisos', true)}.`);
      c.from(P.SESSION_CLOSINGS, 'close');
      c.from(P.AFFIRMATIONS, 'affirm-close');
      return c.from(P.SESSION_FAREWELLS, 'bye').text();
    }
    default:
      return 'La sesión ya está cerrada. Puedes empezar una nueva cuando quieras.';
  }
}

function journalReply(c: Composer, context: CoachContext, reading: Reading, turn: number): string {
  const theme = context.journalThemes[0];
  if (turn === 1 && theme) c.add(`Últimamente en tu diario se repite una palabra: ${theme}.`);
  if (reading.feeling) c.from(P.FEELINGS[reading.feeling].phrases, 'j-feeling');
  else c.from(P.JOURNAL_ACKS, 'j-ack');
  if (reading.asksForAdvice) {
    const topic = reading.topic ?? profileTopic(context);
    c.add(`Una idea, por si te sirve: ${c.pick(suggestionsOf(topic), 'j-idea')}`);
  }
  return c.from(P.JOURNAL_PROMPTS, 'j-prompt').text();
}
