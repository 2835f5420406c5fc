import { describe, expect, it } from 'vitest';
import { proofread, proofreadSentence, sentencesOf } from './spanish-proofreading.testing';

/** The proofreader the reading's tests rely on catches each kind of slip, and passes clean text. */
describe('proofreadSentence', () => {
  it.each([
    ['En los próximos meses quieres liderar mejor a mi equipo.', 'first person "mi"'],
    ['Destacas por aprendo rápido.', 'first person "aprendo"'],
    ['Te ayudará a moverme más.', 'first person "moverme"'],
    ['Hará más fácil trabajar delegar.', 'two infinitives in a row "trabajar delegar"'],
    ['Te dan energía la autonomía, la rutina, y las reuniones.', 'a comma before the last item of a list ("a, b, y c")'],
    ['Te hablará con esquemas y imágenes.', '"y imágenes" should be "e imágenes"'],
    ['Elige uno o otro.', '"o otro" should be "u otro"'],
    ['Hablas con datos e argumentos.', '"e argumentos" should be "y argumentos"'],
    ['destacas por tu empatía.', 'does not start with a capital letter'],
    ['Destacas por tu empatía', 'does not end with a full stop'],
    ['Destacas por  tu empatía.', 'double or stray spaces'],
    ['Destacas por tu tu empatía.', 'doubled word "tu tu"'],
    ['Te sientes abrumado/a.', 'a gender slash ("abrumado/a")'],
    ['Estás muy motivado.', 'a gendered word about the user'],
    ['Te preocupa el síndrome-impostor.', 'a slug or hyphenated label ("síndrome-impostor", "vida-trabajo")'],
    ['Tu objetivo: undefined.', 'a template left unfilled'],
    ['Tu mayor desafío: «Delegar»', 'a closing quote with no full stop after it'],
    ['Destacas por tu empatía ,y tu resiliencia.', 'a space before punctuation'],
  ])('%s → %s', (sentence, problem) => {
    expect(proofreadSentence(sentence)).toContain(problem);
  });

  it.each([
    'Te dan energía la autonomía, la colaboración y la rutina.',
    'Prefieres que tu coach te guíe con una mirada estratégica y que te hable con tacto.',
    'Te ayudará a saber delegar.',
    'Tu mayor desafío ahora: «Delegar sin sentir que pierdo calidad; acabo revisándolo todo yo».',
    'Esta semana no has registrado actividades, y no pasa nada: cada semana es una oportunidad nueva.',
    'Marcar el final del día con un audio breve ayuda a dejar el trabajo en el trabajo.',
    'Datos e ideas, agua y hielo, acero y hierro.',
  ])('passes clean text: %s', (sentence) => {
    expect(proofreadSentence(sentence)).toEqual([]);
  });

  it('lets the coach speak in the first person when asked', () => {
    expect(proofreadSentence('Tengo presente que las reuniones te restan energía.')).toContain('first person "Tengo"');
    expect(proofreadSentence('Tengo presente que las reuniones te restan energía.', { speakerMayUseFirstPerson: true })).toEqual([]);
  });
});

describe('sentencesOf', () => {
  it('splits after a full stop before a capital, never inside a quote', () => {
    expect(sentencesOf('Uno. Dos: «Tres. Cuatro». Cinco.')).toEqual(['Uno.', 'Dos: «Tres. Cuatro».', 'Cinco.']);
  });

  it('proofreads each sentence of a text and says which one slipped', () => {
    expect(proofread('Bien. Trabajar delegar.')).toEqual(['two infinitives in a row "trabajar delegar": Trabajar delegar.']);
    expect(proofread('  ')).toEqual(['empty text']);
  });
});
