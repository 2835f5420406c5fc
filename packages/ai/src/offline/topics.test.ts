import { describe, expect, it } from 'vitest';
import { namePractices, TOPICS } from './topics';

describe('topics.json practice references', () => {
  it('names each practice from the catalogue, and leaves other text alone', () => {
    expect(namePractices('Prueba {audio:soltar-la-jornada} y {journal}.')).toBe('Prueba el audio Soltar la jornada (6 minutos) y el diario de la app.');
    expect(namePractices('Sobre {topic}, sin cambios.')).toBe('Sobre {topic}, sin cambios.');
  });

  it('throws on an unknown practice or kind, so a typo in the file fails at load', () => {
    expect(() => namePractices('{audio:no-existe}')).toThrow('unknown audio no-existe');
    expect(() => namePractices('{video:algo}')).toThrow('unknown practice kind in {video:algo}');
  });

  it('leaves no reference unresolved in the loaded library', () => {
    expect(TOPICS.flatMap((t) => t.suggestions).filter((s) => /\{[a-z]+(:[^}]*)?\}/.test(s))).toEqual([]);
  });
});
