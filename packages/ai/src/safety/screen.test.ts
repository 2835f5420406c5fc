import { describe, expect, it } from 'vitest';
import { RISK_CATEGORIES } from './categories';
import { SAFETY_ANSWERS, looksEnglish, safetyAnswer } from './answers';
import { compilePattern, normalise } from './normalise';
import { RULES } from './rules';
import { classifyMessage } from './classifier';
import { featuresOf } from './features';
import { crisisProbability } from './linear-model';
import { answerFamilies, screenMessage, withoutMarkup } from './screen';
import { screenForSafety } from '../safety';

describe('normalise', () => {
  it.each([
    ['Me KIERO morir!!', 'me kiero morir'],
    ['Me quiero morir', 'me kiero morir'],
    ['quitarmeee la vidaaa', 'kitarme la bida'],
    ['q ganas xq', 'ke ganas porke'],
    ['me boy a tirar x la bentana', 'me boy a tirar por la bentana'],
    ["I don't", 'i dont'],
    ['cuchillo, hoy', 'kuchiyo . oy'],
    ['suicidio  suisidio', 'suisidio suisidio'],
  ])('%j → %j', (input, output) => expect(normalise(input)).toBe(output));

  it('reads words that name Object.prototype members as plain words', () => {
    for (const word of ['constructor', 'toString', 'valueOf', '__proto__', 'hasOwnProperty']) {
      expect(() => normalise(`mi ${word} de hoy`)).not.toThrow();
      expect(normalise(`mi ${word} de hoy`).split(' ')).toHaveLength(4);
    }
  });

  it('compiles patterns through the same key, with optional spaces between words', () => {
    const regex = compilePattern('me quiero matar');
    for (const text of ['me quiero matar', 'mequiero matar', 'me kiero matarr', 'ME QUIERO MATAR']) expect(regex.test(normalise(text))).toBe(true);
    expect(regex.test(normalise('teme quiero matar'))).toBe(false);
  });

  it('every rule compiles and has a unique id', () => {
    for (const rule of RULES) expect(() => compilePattern(rule.pattern)).not.toThrow();
    expect(new Set(RULES.map((r) => r.id)).size).toBe(RULES.length);
  });
});

describe('screenMessage', () => {
  it.each([
    ['Ya no quiero vivir así', 'suicidal_passive'],
    ['a veces pienso en quitarme la vida', 'suicidal_active'],
    ['He pensado en el SUICIDIO', 'suicidal_active'],
    ['tengo ganas de morir', 'suicidal_passive'],
    ['quiero hacerme daño', 'self_harm'],
    ['I want to kill myself', 'suicidal_active'],
    ['mi pareja está intentando entrar en casa y me va a matar', 'immediate_danger'],
  ] as const)('%j → %s', (text, category) => expect(screenMessage(text)?.category).toBe(category));

  it.each([
    'Me muero de ganas de que llegue el viernes',
    'Este proyecto me mata de trabajo',
    'Quiero cortarme el pelo',
    'Quiero vivir más tranquila',
    'no me quiero morir, quiero cambiar de trabajo',
    'nunca pensaría en suicidarme',
    'me mato a trabajar cada semana',
    '',
    '   ',
  ])('does not fire on %j', (text) => expect(screenMessage(text)).toBeNull());

  it('reports every category found, most urgent first, and the rules that fired', () => {
    const result = screenMessage('mi marido me está pegando ahora mismo');
    // The rules' two families, most urgent first; the classifier may add a likely one (here "someone in
    // danger", which brings no other helpline than 112).
    expect(result?.categories[0]).toBe('immediate_danger');
    expect(result?.categories).toContain('partner_violence');
    expect(result?.rules).toContain('partner-now');
  });

  it('lets a second likely family add its helplines, never lead the answer', () => {
    const partner = { family: 'partner_violence', probability: 0.91 } as const;
    const child = { family: 'child_abuse', probability: 0.75 } as const;
    expect(answerFamilies([], [partner, child], true)).toEqual(['partner_violence', 'child_abuse']);
    expect(answerFamilies([], [partner, child], false)).toEqual(['partner_violence']);
    // The rules' families and the classifier's most likely one lead, most urgent first.
    expect(answerFamilies(['partner_violence'], [{ family: 'immediate_danger', probability: 0.6 }, child], true)).toEqual([
      'immediate_danger',
      'partner_violence',
      'child_abuse',
    ]);
    const answer = screenMessage('Hoy ha sido difícil. Mi pareja me pega y tengo miedo de volver a casa.');
    expect(answer?.category).toBe('partner_violence');
  });

  it('never lets the classifier alone route four words or fewer that name no danger, or fewer than three different words', () => {
    // Content-free messages once routed on one associated word ("mensaje" lives in farewell messages).
    for (let i = 0; i < 61; i += 1) {
      for (const text of [`Mensaje ${i}`, `Te mando el mensaje ${i}`, `Otro ${i}`]) expect(screenMessage(text), text).toBeNull();
    }
    expect(classifyMessage('Te mando el mensaje 10')).toMatchObject({ probability: 0, routed: false });
    // The rule lives in the probability, which training, cross-validation and the screen share: a high score
    // counts from the fifth word on, or with a concept that is evidence of a crisis.
    expect(crisisProbability(5, { evidence: false, words: 4, distinctWords: 4 }, 2)).toBe(0);
    expect(crisisProbability(5, { evidence: false, words: 5, distinctWords: 5 }, 2)).toBeCloseTo(1 / (1 + Math.exp(-3)), 12);
    expect(crisisProbability(5, { evidence: true, words: 3, distinctWords: 3 }, 2)).toBeCloseTo(1 / (1 + Math.exp(-5)), 12);
    // Fewer than three different words never reach the threshold through the classifier, evidence or not.
    for (const text of ['cuchillo', 'pastillas', 'las pastillas', 'la cuerda', 'el puente', 'pastillas pastillas pastillas']) {
      expect(classifyMessage(text), text).toMatchObject({ probability: 0, routed: false });
    }
    expect(crisisProbability(5, { evidence: true, words: 20, distinctWords: 2 }, 2)).toBe(0);
    // Short messages that name a danger are still read by both layers.
    for (const text of ['me quiero morir', 'tengo las pastillas', 'he vuelto a cortarme']) expect(screenMessage(text), text).not.toBeNull();
  });

  it('stays linear on long, repetitive texts (a 20 000-character journal entry)', () => {
    for (const unit of ['me corto ', 'mi pareja ', 'me quiero ', 'quiero morir de ']) {
      const text = unit.repeat(Math.ceil(20_000 / unit.length)).slice(0, 20_000);
      const started = performance.now();
      screenMessage(text);
      expect(performance.now() - started).toBeLessThan(1000);
    }
  });
});

describe('feature scaling', () => {
  it('counts a repeated word sublinearly, so repetition alone never routes a message', () => {
    // Dividing by length^0.75 lets a vector grow with its length; with raw counts, "escribo" said 499 times
    // scored 1.00. Sublinear counts keep a repeated word near the weight of saying it once (decision 032).
    // From the second time on a word adds no new feature, only counts, and a count c weighs 1 + ln c: 499 times
    // is about ((1 + ln 499) / (1 + ln 2))^(1/4) ≈ 1.44 times as long as twice (the length is divided by its own 3/4 power).
    const length = (times: number) => Math.hypot(...featuresOf(Array(times).fill('escribo').join(' ')).values);
    expect(featuresOf(Array(499).fill('escribo').join(' ')).indices).toEqual(featuresOf('escribo escribo').indices);
    expect(length(499) / length(2)).toBeCloseTo(((1 + Math.log(499)) / (1 + Math.log(2))) ** 0.25, 1);
    // One or two words, whatever they name, said once or 499 times: the classifier alone never routes fewer than three
    // different words (FEWEST_DISTINCT_WORDS); the rules route a plain statement ("me quiero morir") on their own.
    for (const word of ['escribo', 'trabajo', 'cansada', 'reunión', 'hola', 'jaja', 'muerte', 'cuchillo', 'pastillas', 'la cuerda', 'no puedo más']) {
      for (const times of [20, 100, 499]) {
        const text = Array(times).fill(word).join(' ');
        expect(screenMessage(text), `${word} ×${times}`).toBeNull();
      }
    }
  });
});
describe('markup', () => {
  it('is read by the rules but not by the classifier: tags of a pasted snippet are not words of a crisis', () => {
    for (const text of [
      '<img src="small.jpg" srcset="medium.jpg 1000w, large.jpg 2000w">',
      '<div id="13"><x repeat="template" repeat-start="999999">0<y repeat="template" repeat-start="999999">1</y></x>//["\'`-->]]>]</div>',
      '<form action="x" method="post">\n<input name="username" value="admin" />\n<input name="password" type="password" value="secret" /></form>',
    ]) {
      expect(screenMessage(text), text).toBeNull();
    }
    expect(withoutMarkup('<b>hola</b> <3 a < b')).toBe(' hola  <3 a < b');
    expect(screenMessage('<p>Ya tengo las pastillas guardadas y esta noche me las tomo todas.</p>')).not.toBeNull();
    expect(screenMessage('<3 me quiero morir')).not.toBeNull();
  });
});

describe('fixed answers', () => {
  it.each([
    ['suicidal_active', ['024', '112']],
    ['suicidal_passive', ['024', '112']],
    ['self_harm', ['024', '112']],
    ['partner_violence', ['016', '600 000 016', '016-online@igualdad.gob.es', 'no aparece en la factura', '112']],
    ['child_abuse', ['900 20 20 10', '112']],
    ['immediate_danger', ['112', '024']],
  ] as const)('%s names its helplines and other countries', (category, needles) => {
    const { message } = SAFETY_ANSWERS[category];
    for (const needle of needles) expect(message).toContain(needle);
    expect(message).toContain('findahelpline.com');
    expect(message).not.toMatch(/diagn|trastorno|depresi/i);
  });

  it('answers in tú, briefly', () => {
    for (const category of RISK_CATEGORIES) {
      expect(SAFETY_ANSWERS[category].message.length).toBeLessThan(600);
      expect(SAFETY_ANSWERS[category].message).not.toMatch(/\busted\b/i);
    }
  });

  it('joins the helplines of every category found, in the order given, "other countries" last', () => {
    const answer = safetyAnswer(['immediate_danger', 'partner_violence']);
    expect(answer.category).toBe('immediate_danger');
    expect(answer.resources.map((r) => r.id)).toEqual(['112', '024', '016', '016-whatsapp', '016-email', 'abroad']);
    // The first category leads: the screen puts the families it is sure of first (./screen.ts, answerFamilies).
    const partnerFirst = safetyAnswer(['partner_violence', 'child_abuse', 'partner_violence']);
    expect(partnerFirst.category).toBe('partner_violence');
    expect(partnerFirst.resources.map((r) => r.id)).toEqual(['016', '016-whatsapp', '016-email', '112', 'anar', 'anar-adults', 'abroad']);
  });

  it('adds a line in English to an English message', () => {
    expect(looksEnglish('I want to kill myself')).toBe(true);
    expect(looksEnglish('me quiero morir')).toBe(false);
    expect(screenForSafety('my husband hits me')?.message).toContain('In English: in Spain, 016');
    expect(screenForSafety('mi marido me pega')?.message).not.toContain('In English');
  });
});
